import crypto from "node:crypto";
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "~/core/audit.server";
import { UUID_PATTERN } from "~/core/ids";
import { clubTimeZoneIn } from "~/core/settings.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { attendees, certificates, events, students } from "~/db/schema";
import { type Translator, translatorOf } from "~/i18n/translate.server";
import { todayIn } from "~/lib/format";
import type { Certificate } from "./certificates";
import { accountOfAttendee, eventStart } from "./registrations.server";

/**
 * Codes: 12 symbols of Crockford's base32 (60 random bits, no I, L, O or U), shown in groups
 * of four. Read aloud or typed from paper, O and I/L are taken as 0 and 1.
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_SYMBOLS = 12;
const CODE_SHAPE = new RegExp(`^[${CROCKFORD}]{${CODE_SYMBOLS}}$`);

const inGroups = (symbols: string) => symbols.match(/.{4}/g)?.join("-") ?? symbols;

export function newCertificateCode(): string {
  // 256 is a multiple of 32: the low five bits of a random byte are a fair pick.
  const symbols = [...crypto.randomBytes(CODE_SYMBOLS)].map((byte) => CROCKFORD[byte & 31]).join("");
  return inGroups(symbols);
}

/** A typed code as it is stored ("7kq2m9xd4hta" → "7KQ2-M9XD-4HTA"); undefined when it can't be one. */
export function normaliseCertificateCode(typed: string): string | undefined {
  const symbols = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return CODE_SHAPE.test(symbols) ? inGroups(symbols) : undefined;
}

type EventTimes = { starts_on: string | null; starts_at: string };

/** Whose language a refusal is told in: the dashboard's reader's, or English (the API). */

/**
 * Why certificates can't be issued yet: they are for attendance, so not before the event
 * starts. An event without a date may issue: its check-ins show it took place.
 */
export function whyNoCertificatesYet(
  event: EventTimes,
  now: Date,
  timeZone: string,
  { t, format }: Translator = translatorOf("en"),
): string | undefined {
  const start = eventStart(event, timeZone);
  if (!start || now >= start) return undefined;
  const startText = `${format.date(event.starts_on ?? "")}, ${format.time(event.starts_at)}`;
  return t("tools.certificates.notStarted", { start: startText });
}

/** Checked-in people of the event still without a certificate, with what their name is now. */
function waitingForCertificates(db: Database, eventId: string) {
  return db
    .select({
      attendeeId: attendees.id,
      email: attendees.email,
      userId: users.id,
      accountName: users.name,
      profileName: students.name,
    })
    .from(attendees)
    .leftJoin(certificates, eq(certificates.attendeeId, attendees.id))
    .leftJoin(users, accountOfAttendee)
    .leftJoin(students, eq(students.userId, users.id))
    .where(
      and(
        eq(attendees.eventId, eventId),
        eq(attendees.active, true),
        isNotNull(attendees.checkedInAt),
        isNull(certificates.id),
      ),
    );
}

/** How many checked-in people have no certificate yet (the admins' screen). */
export async function countWaitingForCertificates(db: Database, eventId: string): Promise<number> {
  if (!UUID_PATTERN.test(eventId)) return 0;
  return (await waitingForCertificates(db, eventId)).length;
}

/**
 * The name on a certificate: the member profile's, else the account's. Someone added by an
 * admin without an account has neither; a certificate anyone may see shows no email address,
 * so theirs carries the address's first part.
 */
const nameOnCertificate = (person: { email: string; accountName: string | null; profileName: string | null }) =>
  person.profileName ?? person.accountName ?? person.email.split("@")[0] ?? person.email;

export type IssueOutcome =
  | { ok: true; issued: number; total: number; eventName: string }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Issues one certificate to each checked-in person of the event who has none yet, with the
 * names and the date as they are now. Issuing again, or twice at once, issues nobody twice.
 * A refusal is told in the translator's language.
 */
export async function issueCertificates(
  db: Database,
  eventId: string,
  now = new Date(),
  translator: Translator = translatorOf("en"),
): Promise<IssueOutcome> {
  const [event] = UUID_PATTERN.test(eventId) ? await db.select().from(events).where(eq(events.id, eventId)) : [];
  if (!event) return { ok: false, status: 404, message: translator.t("messages.registration.noEvent") };
  const timeZone = await clubTimeZoneIn(db);
  const notYet = whyNoCertificatesYet(
    { starts_on: event.startsOn, starts_at: event.startsAt },
    now,
    timeZone,
    translator,
  );
  if (notYet) return { ok: false, status: 409, message: notYet };
  const people = await waitingForCertificates(db, eventId);
  const issued = people.length
    ? await db
        .insert(certificates)
        .values(
          people.map((person) => ({
            code: newCertificateCode(),
            attendeeId: person.attendeeId,
            eventId,
            userId: person.userId,
            personName: nameOnCertificate(person),
            eventName: event.name,
            eventDate: event.startsOn ?? todayIn(timeZone, now),
          })),
        )
        .onConflictDoNothing({ target: certificates.attendeeId })
        .returning({ id: certificates.id })
    : [];
  const total = await db.$count(certificates, eq(certificates.eventId, eventId));
  return { ok: true, issued: issued.length, total, eventName: event.name };
}

/** One audit entry per issuing that issued any, however many people it covered. */
export async function auditCertificates(
  db: Database,
  actor: Actor,
  event: { _id: string; name: string },
  issued: number,
): Promise<void> {
  if (issued === 0) return;
  await recordAudit(db, actor, {
    action: "create",
    entity: "certificates",
    entityId: event._id,
    label: `${issued} certificates for ${event.name}`,
  });
}

const certificateColumns = {
  code: certificates.code,
  personName: certificates.personName,
  eventName: certificates.eventName,
  eventDate: certificates.eventDate,
  issuedAt: certificates.issuedAt,
};

const toCertificate = (row: Omit<Certificate, "issuedAt"> & { issuedAt: Date }): Certificate => ({
  ...row,
  issuedAt: row.issuedAt.toISOString(),
});

/** The certificate a typed code names, in any case, with or without its dashes. */
export async function findCertificate(db: Database, typedCode: string): Promise<Certificate | undefined> {
  const code = normaliseCertificateCode(typedCode);
  if (!code) return undefined;
  const [row] = await db.select(certificateColumns).from(certificates).where(eq(certificates.code, code));
  return row && toCertificate(row);
}

/** A person's certificates, latest event first (their dashboard). */
export async function certificatesOfUser(db: Database, userId: string): Promise<Certificate[]> {
  if (!UUID_PATTERN.test(userId)) return [];
  const rows = await db
    .select(certificateColumns)
    .from(certificates)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.eventDate), asc(certificates.eventName));
  return rows.map(toCertificate);
}

/** An event's certificates by name (the admins' screen). */
export async function certificatesOfEvent(db: Database, eventId: string): Promise<Certificate[]> {
  if (!UUID_PATTERN.test(eventId)) return [];
  const rows = await db
    .select(certificateColumns)
    .from(certificates)
    .where(eq(certificates.eventId, eventId))
    .orderBy(asc(sql`lower(${certificates.personName})`), asc(certificates.code));
  return rows.map(toCertificate);
}

/** What `POST /api/events/{id}/certificates` answers. */
export const issuedAnswer = z
  .strictObject({
    issued: z.number().int().meta({ description: "Certificates issued by this call" }),
    total: z.number().int().meta({ description: "The event's certificates in all" }),
  })
  .meta({ id: "CertificatesIssued" });
