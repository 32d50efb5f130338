import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "~/core/audit.server";
import { UUID_PATTERN } from "~/core/ids";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { attendees, registrations, students } from "~/db/schema";
import { shortSignature } from "~/lib/signed-token.server";
import { ticketDigitsOf } from "./check-in";

/**
 * Tickets: each confirmed person's code is their ticket's random part and its signature, so a
 * code nobody issued is refused before the database is asked, and a typed code is short
 * enough to type: 20 hex digits in groups of five (ABCDE-F0123-45678-9ABCD).
 */
const TICKET_PURPOSE = "ticket";
const TICKET_DIGITS = 10;

export function ticketCode(ticket: string, secret: string): string {
  const digits = ticket + shortSignature(ticket, secret, TICKET_PURPOSE, TICKET_DIGITS);
  return digits.match(/.{1,5}/g)?.join("-") ?? digits;
}

/** The ticket a code names (typed, or read from a QR code), or undefined for a code not signed with this secret. */
export function ticketOfCode(code: string, secret: string): string | undefined {
  const digits = ticketDigitsOf(code);
  if (digits?.length !== TICKET_DIGITS * 2) return undefined;
  const ticket = digits.slice(0, TICKET_DIGITS);
  return shortSignature(ticket, secret, TICKET_PURPOSE, TICKET_DIGITS) === digits.slice(TICKET_DIGITS)
    ? ticket
    : undefined;
}

/** Who holds a ticket: everyone of a confirmed registration who has confirmed. */
const holdsTicket = and(
  eq(attendees.active, true),
  isNotNull(attendees.confirmedAt),
  eq(registrations.status, "confirmed"),
);

export interface TicketHolder {
  code: string;
  name: string;
  email: string;
  teamName: string | null;
  batch: number | null;
  checkedInAt: string | null;
}

const holderColumns = {
  ticket: attendees.ticket,
  email: attendees.email,
  checkedInAt: attendees.checkedInAt,
  teamName: registrations.teamName,
  accountName: users.name,
  profileName: students.name,
  batch: students.batch,
};

type HolderRow = { ticket: string; email: string; checkedInAt: Date | null; teamName: string | null } & {
  accountName: string | null;
  profileName: string | null;
  batch: number | null;
};

const toHolder = (row: HolderRow, secret: string): TicketHolder => ({
  code: ticketCode(row.ticket, secret),
  name: row.profileName ?? row.accountName ?? row.email,
  email: row.email,
  teamName: row.teamName,
  batch: row.batch,
  checkedInAt: row.checkedInAt?.toISOString() ?? null,
});

function holders(db: Database) {
  return db
    .select(holderColumns)
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .leftJoin(users, eq(users.id, attendees.userId))
    .leftJoin(students, eq(students.userId, attendees.userId));
}

/** Everyone with a ticket for an event, by name: what the check-in page keeps on the device. */
export async function listTicketHolders(db: Database, eventId: string, secret: string): Promise<TicketHolder[]> {
  if (!UUID_PATTERN.test(eventId)) return [];
  const rows = await holders(db)
    .where(and(eq(attendees.eventId, eventId), holdsTicket))
    .orderBy(asc(sql`lower(coalesce(${students.name}, ${users.name}, ${attendees.email}))`));
  return rows.map((row) => toHolder(row, secret));
}

/** The signed-in person's ticket for an event, when they hold one. */
export async function findMyTicket(
  db: Database,
  args: { eventId: string; user: { id: string; email: string }; secret: string },
): Promise<TicketHolder | undefined> {
  const [row] = await holders(db)
    .where(
      and(
        eq(attendees.eventId, args.eventId),
        holdsTicket,
        sql`(${attendees.userId} = ${args.user.id} or lower(${attendees.email}) = ${args.user.email.toLowerCase()})`,
      ),
    )
    .limit(1);
  return row && toHolder(row, args.secret);
}

/** Body of `POST /api/events/{id}/check-ins`: check-ins as the device queued them, each with when it happened there. */
export const checkInBatchInput = z.object({
  check_ins: z
    .array(
      z.object({
        code: z.string({ error: "Each check-in needs a code" }).trim().min(1, "Each check-in needs a code").max(100),
        at: z.iso.datetime({ offset: true, error: "Each check-in's time must be an ISO date-time" }).optional(),
      }),
      { error: "check_ins must be a list" },
    )
    .min(1, "Send at least one check-in")
    .max(500, "Send at most 500 check-ins at a time"),
});

export type CheckInOutcome =
  | { code: string; status: "checked_in"; name: string; checked_in_at: string }
  | { code: string; status: "already"; name: string; checked_in_at: string }
  | { code: string; status: "invalid" };

/**
 * Checks people in; the first check-in of a ticket wins (a second, from another device or
 * queued offline, is reported as `already`, with the first one's time). A code nobody issued,
 * of another event, or of someone without a confirmed place is `invalid`.
 */
export async function checkIn(
  db: Database,
  args: { eventId: string; checkIns: { code: string; at?: string }[]; secret: string; now: Date; actor: Actor },
): Promise<CheckInOutcome[]> {
  const outcomes: CheckInOutcome[] = [];
  for (const { code, at } of args.checkIns) {
    const ticket = ticketOfCode(code, args.secret);
    const holder = ticket && UUID_PATTERN.test(args.eventId) ? await findHolder(db, args.eventId, ticket) : undefined;
    if (!holder) {
      outcomes.push({ code, status: "invalid" });
      continue;
    }
    // A device's clock may be off: a time from the future counts as now.
    const when = at && new Date(at) < args.now ? new Date(at) : args.now;
    const [first] = await db
      .update(attendees)
      .set({ checkedInAt: when })
      .where(and(eq(attendees.id, holder.id), isNull(attendees.checkedInAt)))
      .returning({ checkedInAt: attendees.checkedInAt });
    const name = holder.profileName ?? holder.accountName ?? holder.email;
    // Lost to a check-in from elsewhere since it was read: the winner's time is the one to report.
    const winner = first?.checkedInAt ?? holder.checkedInAt ?? (await checkedInAt(db, holder.id)) ?? when;
    outcomes.push({ code, status: first ? "checked_in" : "already", name, checked_in_at: winner.toISOString() });
  }
  const names = outcomes.flatMap((outcome) => (outcome.status === "checked_in" ? [outcome.name] : []));
  // One entry per batch: a phone coming back online may send a hundred at once.
  if (names.length) {
    await recordAudit(db, args.actor, {
      action: "update",
      entity: "check-ins",
      entityId: args.eventId,
      label: `${names.length} checked in`,
      after: { names },
    });
  }
  return outcomes;
}

async function findHolder(db: Database, eventId: string, ticket: string) {
  const [row] = await db
    .select({ id: attendees.id, ...holderColumns })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .leftJoin(users, eq(users.id, attendees.userId))
    .leftJoin(students, eq(students.userId, attendees.userId))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.ticket, ticket), holdsTicket));
  return row;
}

async function checkedInAt(db: Database, attendeeId: string): Promise<Date | null | undefined> {
  const [row] = await db.select({ at: attendees.checkedInAt }).from(attendees).where(eq(attendees.id, attendeeId));
  return row?.at;
}
