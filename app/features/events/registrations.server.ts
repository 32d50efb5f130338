import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { isUniqueViolation } from "~/core/crud.server";
import { emailField, fieldMessage, requiredText } from "~/core/fields";
import { UUID_PATTERN } from "~/core/ids";
import { countAttempt, type RateLimit } from "~/core/rate-limit.server";
import { can, type Role } from "~/core/roles";
import { clubTimeZoneIn } from "~/core/settings.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { attendees, events, registrations, students } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import type { Message } from "~/i18n/message";
import { schemaMessage } from "~/i18n/message";
import { todayIn } from "~/lib/format";
import { instantFrom, localDateTimeIn, zonedInstant } from "~/lib/zoned-time";
import { isPublicEventStatus, REGISTRATION_STATUSES, type RegistrationStatus } from "./event-types";
import type { ApiEvent } from "./events";
import { eventIsPublic, toApiEvent } from "./events.server";
import { membersOnlyRefusals } from "./members-only.server";
import type {
  AttendedEvent,
  EventPlaces,
  MyRegistration,
  RegistrationPerson,
  RegistrationSummary,
} from "./registrations";
import { registrationMessages as texts } from "./registrations";

type EventRow = ApiEvent;
type RegistrationRow = typeof registrations.$inferSelect;

/** The most teammates a form or a call may name (a team's largest size is the event's own limit). */
const MOST_TEAMMATES = 20;

/**
 * Body of `POST /api/events/{id}/registrations` and the event page's form: a team's name and
 * teammates' addresses (both left out for an individual event).
 */
export const registrationInput = z.object({
  team_name: z
    .string({ error: fieldMessage("messages.field.text", "messages.fields.teamName") })
    .trim()
    .max(100, fieldMessage("messages.field.tooLong", "messages.fields.teamName", { max: 100 }))
    .optional(),
  members: z
    .array(
      z
        .string({ error: schemaMessage("messages.registrations.teammatesEmails") })
        .trim()
        .pipe(z.email({ error: schemaMessage("messages.registrations.teammateEmail") })),
      { error: schemaMessage("messages.registrations.teammatesList") },
    )
    .max(MOST_TEAMMATES, schemaMessage("messages.registrations.mostTeammates", { count: MOST_TEAMMATES }))
    .default([]),
});

export type RegistrationInput = z.infer<typeof registrationInput>;

/** The dashboard's "Add someone": their address, and for a team event its name and teammates ("a@x.org, b@x.org"). */
export const registrantInput = z.object({
  email: emailField("messages.fields.theirEmail"),
  team_name: registrationInput.shape.team_name,
  members: z.preprocess(
    (value) => (typeof value === "string" ? value.split(/[\s,;]+/).filter(Boolean) : value),
    registrationInput.shape.members,
  ),
});

/** The dashboard's "Email everyone registered". */
export const eventMessageInput = z.object({
  subject: requiredText("messages.fields.subject", 200),
  body: requiredText("messages.fields.message", 5000),
  withWaitlist: z.preprocess((value) => value === "yes" || value === true, z.boolean()),
});

/** A refusal: the call's status, a message (the API words it in English, a page in its reader's language), and the field it is about when there is one. */
export interface Refusal {
  ok: false;
  status: 400 | 403 | 404 | 409 | 429;
  message: Message;
  field?: "team_name" | "members";
}

const refuse = (status: Refusal["status"], message: Message, field?: Refusal["field"]): Refusal => ({
  ok: false,
  status,
  message,
  field,
});

/** When the event starts; undefined when it has no date yet. */
export function eventStart(event: Pick<EventRow, "starts_on" | "starts_at">, timeZone: string): Date | undefined {
  return event.starts_on ? zonedInstant(event.starts_on, event.starts_at, timeZone) : undefined;
}

/** Registration closes at `registration_closes`, else when the event starts. */
export function registrationDeadline(event: EventRow, timeZone: string): Date | undefined {
  return instantFrom(event.registration_closes) ?? eventStart(event, timeZone);
}

/** Why nobody may register now, or undefined when registration is open. */
export function registrationClosedReason(event: EventRow, now: Date, timeZone: string): Message | undefined {
  if (event.status === "cancelled") return texts.eventCancelled;
  const deadline = registrationDeadline(event, timeZone);
  if (!deadline) return texts.eventUndated;
  const opens = instantFrom(event.registration_opens);
  if (opens && now < opens) return texts.notOpenYet(formatLocal(localDateTimeIn(opens, timeZone)));
  if (now >= deadline) return texts.closed;
  return undefined;
}

/** "2026-12-05T10:00" as "on 2026-12-05 at 10:00": texts stay plain, pages format dates their own way. */
const formatLocal = (value: string) => value.replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/, "on $1 at $2");

const HOLDS_PLACE: RegistrationStatus[] = ["pending", "confirmed"];

/** How long a team holds a place for its teammates to confirm, unless registration closes sooner. */
export const TEAM_HOLD_HOURS = 48;

/** Addresses one person may name as teammates per window: each is a mail to someone who did not ask for it. */
export const INVITATION_LIMIT: RateLimit = { max: 10, windowSeconds: 3600 };

/** When a team given a place now stops holding it, and how the hours are counted. */
export interface TeamHold {
  now: Date;
  timeZone: string;
  hours: number;
}

/**
 * A pending team holds its place `hours` from now, or until registration closes when that is
 * sooner. A place given after the close (by an admin, or a cancellation then) gets the hours.
 */
export function pendingUntil(event: EventRow, hold: TeamHold): Date {
  const held = new Date(hold.now.getTime() + hold.hours * 3_600_000);
  const deadline = registrationDeadline(event, hold.timeZone);
  return deadline && deadline > hold.now && deadline < held ? deadline : held;
}

export async function lockEvent(tx: Database, eventId: string): Promise<EventRow | undefined> {
  if (!UUID_PATTERN.test(eventId)) return undefined;
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
  return event && isPublicEventStatus(event.status) ? toApiEvent(event) : undefined;
}

export async function countPlaces(db: Database, event: Pick<EventRow, "_id" | "capacity" | "waitlist">) {
  const [row] = await db
    .select({
      taken: sql<number>`count(*) filter (where ${inArray(registrations.status, HOLDS_PLACE)})`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${eq(registrations.status, "waitlisted")})`.mapWith(Number),
    })
    .from(registrations)
    .where(eq(registrations.eventId, event._id));
  return {
    capacity: event.capacity,
    taken: row?.taken ?? 0,
    waiting: row?.waiting ?? 0,
    waitlist: event.waitlist,
  } satisfies EventPlaces;
}

const hasRoom = (places: EventPlaces) => places.capacity === null || places.taken < places.capacity;

const batchList = (event: EventRow) => event.eligible_batches.join(", ");

/** People's batches, from the member profiles of their accounts (by address, any case). */
async function batchesByEmail(db: Database, emails: string[]): Promise<Map<string, number | null>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, batch: students.batch })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((email) => email.toLowerCase()),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.batch]));
}

function checkTeam(event: EventRow, captainEmail: string, input: RegistrationInput): Refusal | undefined {
  const teammates = input.members;
  if (event.team_size_max === 1) {
    return teammates.length > 0 ? refuse(400, texts.individualsOnly, "members") : undefined;
  }
  if (!input.team_name) return refuse(400, texts.teamNameRequired, "team_name");
  const seen = new Set([captainEmail.toLowerCase()]);
  for (const email of teammates) {
    if (email.toLowerCase() === captainEmail.toLowerCase()) return refuse(400, texts.yourselfAsTeammate, "members");
    if (seen.has(email.toLowerCase())) return refuse(400, texts.teammateTwice(email), "members");
    seen.add(email.toLowerCase());
  }
  const size = teammates.length + 1;
  if (size < event.team_size_min || size > event.team_size_max) {
    return refuse(400, texts.teamSize(event.team_size_min, event.team_size_max), "members");
  }
  return undefined;
}

async function checkEligible(db: Database, event: EventRow, captainEmail: string, teammates: string[]) {
  if (event.eligible_batches.length === 0) return undefined;
  return eligibility(event, await batchesByEmail(db, [captainEmail, ...teammates]), captainEmail, teammates);
}

/** `checkEligible` with the people's batches read already (once for a whole batch of registrations). */
function eligibility(
  event: EventRow,
  batches: Map<string, number | null>,
  captainEmail: string,
  teammates: string[],
): Refusal | undefined {
  if (event.eligible_batches.length === 0) return undefined;
  const eligible = (email: string) => {
    const batch = batches.get(email.toLowerCase());
    return batch != null && event.eligible_batches.includes(batch);
  };
  if (!eligible(captainEmail)) return refuse(403, texts.notEligible(batchList(event)));
  // A teammate without an account yet is checked when they confirm.
  const ineligible = teammates.find((email) => batches.has(email.toLowerCase()) && !eligible(email));
  return ineligible ? refuse(403, texts.teammateNotEligible(ineligible, batchList(event)), "members") : undefined;
}

/** Which of `emails` (lower-cased) are already active in a registration of this event. */
async function takenAddresses(db: Database, eventId: string, emails: string[]): Promise<Set<string>> {
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lowered.length === 0) return new Set();
  const rows = await db
    .select({ email: attendees.email })
    .from(attendees)
    .where(
      and(eq(attendees.eventId, eventId), eq(attendees.active, true), inArray(sql`lower(${attendees.email})`, lowered)),
    );
  return new Set(rows.map((row) => row.email.toLowerCase()));
}

/** Which of these team names (lower-cased) a registration of this event holds. */
async function takenTeamNames(db: Database, eventId: string, names: string[]): Promise<Set<string>> {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  if (lowered.length === 0) return new Set();
  const rows = await db
    .select({ name: sql<string>`lower(${registrations.teamName})` })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, eventId),
        ne(registrations.status, "cancelled"),
        inArray(sql`lower(${registrations.teamName})`, lowered),
      ),
    );
  return new Set(rows.map((row) => row.name));
}

export interface Registered {
  ok: true;
  registrationId: string;
  status: RegistrationStatus;
  position?: number;
  event: EventRow;
}

export interface Registrant {
  /** Null when an admin registers someone who has no account yet. */
  id: string | null;
  email: string;
  /** The account's language when the caller knows it (the signed-in person's); else it is looked up. */
  locale?: Locale | null;
}

export type RegisterArgs = {
  eventId: string;
  registrant: Registrant;
  input: RegistrationInput;
  now: Date;
  timeZone: string;
  byAdmin?: boolean;
  /** Hours a pending team holds its place (TEAM_HOLD_HOURS). */
  holdHours?: number;
  /** Teammates a registrant may name per window (INVITATION_LIMIT); admins are not counted. */
  invitationLimit?: RateLimit;
};

/**
 * Registers a person (or their team, the person as captain) with the event's row locked, so
 * concurrent registrations are counted one at a time: within capacity a place (confirmed, or
 * pending until every teammate confirms), beyond it the waitlist. Admins skip the window and
 * the batch rule. Nothing is written when anything is refused.
 */
export async function register(db: Database, args: RegisterArgs): Promise<Registered | Refusal> {
  try {
    return await db.transaction((tx) => registerIn(tx, args));
  } catch (error) {
    const refusal = refusalOfConflict(error, args.input);
    if (refusal) return refusal;
    throw error;
  }
}

/**
 * Another registration got there between our check and our write (a team name, an address):
 * a unique index refused the write, and the transaction is gone. Undefined for other errors.
 */
export function refusalOfConflict(error: unknown, input: RegistrationInput): Refusal | undefined {
  if (!isUniqueViolation(error)) return undefined;
  return refuse(
    409,
    input.team_name ? texts.teamNameTaken : texts.alreadyRegistered,
    input.team_name ? "team_name" : undefined,
  );
}

/** `register` inside the caller's transaction (which writes the mails with it); a conflict throws (`refusalOfConflict`). */
export async function registerIn(tx: Database, args: RegisterArgs): Promise<Registered | Refusal> {
  const [outcome] = await registerManyIn(tx, [args]);
  if (!outcome) throw new Error("registering answered nothing");
  return outcome;
}

/**
 * Registers several people for one event in the caller's transaction, in the order given, as
 * if one after the other: the event is locked once, the places counted once and handed out in
 * order, and the rows written together. Each gets their own outcome; one refused (registered
 * already, not eligible, a team name taken, earlier in the same batch too) changes nothing for
 * the others. A unique index can still refuse the write (a ticket code drawn twice): that
 * throws, and the caller registers them one at a time instead.
 */
export async function registerManyIn(tx: Database, batch: RegisterArgs[]): Promise<(Registered | Refusal)[]> {
  const eventId = batch[0]?.eventId;
  if (eventId === undefined) return [];
  if (batch.some((args) => args.eventId !== eventId)) throw new Error("a batch registers for one event");
  const event = await lockEvent(tx, eventId);
  if (!event) return batch.map(() => refuse(404, texts.noEvent));
  if (event.status === "cancelled") return batch.map(() => refuse(409, texts.eventCancelled));
  const outcomes: (Registered | Refusal | undefined)[] = batch.map((args) => {
    const closed = args.byAdmin ? undefined : registrationClosedReason(event, args.now, args.timeZone);
    return closed ? refuse(409, closed) : checkTeam(event, args.registrant.email, args.input);
  });
  const open = () => batch.flatMap((args, index) => (outcomes[index] ? [] : [{ args, index }]));
  const people = (args: RegisterArgs) => [args.registrant.email, ...args.input.members];
  if (event.eligible_batches.length > 0) {
    const checked = open().filter(({ args }) => !args.byAdmin);
    const batches = await batchesByEmail(
      tx,
      checked.flatMap(({ args }) => people(args)),
    );
    for (const { args, index } of checked) {
      outcomes[index] = eligibility(event, batches, args.registrant.email, args.input.members);
    }
  }
  if (event.members_only) {
    const checked = open().filter(({ args }) => !args.byAdmin);
    const parties = checked.map(({ args }) => ({ captainEmail: args.registrant.email, teammates: args.input.members }));
    const today = todayIn(batch[0]?.timeZone ?? (await clubTimeZoneIn(tx)), batch[0]?.now ?? new Date());
    const refusals = await membersOnlyRefusals(tx, event, parties, today);
    checked.forEach(({ index }, at) => {
      outcomes[index] = refusals[at];
    });
  }
  const teamName = (args: RegisterArgs) => (event.team_size_max > 1 ? (args.input.team_name ?? null) : null);
  const taken = await takenAddresses(
    tx,
    event._id,
    open().flatMap(({ args }) => people(args)),
  );
  const takenNames = await takenTeamNames(
    tx,
    event._id,
    open().flatMap(({ args }) => teamName(args) ?? []),
  );
  // Addresses taken by registrations earlier in this batch, with what a registrant holding one is told.
  const claimed = new Map<string, Refusal["message"]>();
  const places = await countPlaces(tx, event);
  const rows: (typeof registrations.$inferInsert & { id: string })[] = [];
  const written: { args: RegisterArgs; index: number; id: string }[] = [];
  for (const { args, index } of open()) {
    const { registrant, input } = args;
    const first = people(args).find((email) => taken.has(email.toLowerCase()) || claimed.has(email.toLowerCase()));
    if (first?.toLowerCase() === registrant.email.toLowerCase()) {
      outcomes[index] = refuse(409, claimed.get(first.toLowerCase()) ?? (await whyTaken(tx, event, first)));
      continue;
    }
    if (first) {
      outcomes[index] = refuse(409, texts.teammateTaken(first), "members");
      continue;
    }
    if (!hasRoom(places) && !event.waitlist) {
      outcomes[index] = refuse(409, texts.fullNoWaitlist);
      continue;
    }
    const name = teamName(args);
    if (name !== null && takenNames.has(name.toLowerCase())) {
      outcomes[index] = refuse(409, texts.teamNameTaken, "team_name");
      continue;
    }
    if (!args.byAdmin) {
      const tooMany = await countInvitations(tx, registrant, input.members.length, args.now, args.invitationLimit);
      if (tooMany) {
        outcomes[index] = tooMany;
        continue;
      }
    }
    const complete = input.members.length === 0;
    const status: RegistrationStatus = !hasRoom(places) ? "waitlisted" : complete ? "confirmed" : "pending";
    const hold = { now: args.now, timeZone: args.timeZone, hours: args.holdHours ?? TEAM_HOLD_HOURS };
    const id = randomUUID();
    rows.push({
      id,
      eventId: event._id,
      captainId: registrant.id,
      teamName: name,
      status,
      expiresAt: status === "pending" ? pendingUntil(event, hold) : null,
    });
    const registered: Registered = { ok: true, registrationId: id, status, event };
    // Everyone waiting arrived before this registration (under the event's lock, or earlier in this batch): it is next in line.
    if (status === "waitlisted") registered.position = ++places.waiting;
    else places.taken++;
    outcomes[index] = registered;
    written.push({ args, index, id });
    claimed.set(registrant.email.toLowerCase(), texts.alreadyRegistered);
    for (const email of input.members) claimed.set(email.toLowerCase(), texts.invitedElsewhere(name ?? ""));
    if (name !== null) takenNames.add(name.toLowerCase());
  }
  if (rows.length > 0) {
    // One statement, its rows in the order given: the `arrival` sequence numbers them in that order.
    await tx.insert(registrations).values(rows);
    await tx.insert(attendees).values(
      await attendeeRows(
        tx,
        event._id,
        written.map(({ args, id }) => ({ id, args })),
      ),
    );
  }
  return outcomes.map((outcome) => {
    if (!outcome) throw new Error("a registration of the batch was left without an outcome");
    return outcome;
  });
}

/**
 * Why the registrant's own address is taken: a place of their own, or only an invitation
 * into someone's team, which they decline on the event's page to register themselves.
 */
async function whyTaken(tx: Database, event: EventRow, email: string): Promise<Message> {
  const [invitation] = await tx
    .select({ teamName: registrations.teamName })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(
      and(
        eq(attendees.eventId, event._id),
        eq(attendees.active, true),
        isNull(attendees.confirmedAt),
        sql`lower(${attendees.email}) = ${email.toLowerCase()}`,
      ),
    );
  return invitation ? texts.invitedElsewhere(invitation.teamName ?? "") : texts.alreadyRegistered;
}

/**
 * Counts the teammates a registration names against the registrant's invitations of the window
 * (the project's shared rate-limit table, keyed by the registrant): beyond it, nobody is named
 * and nothing is mailed.
 */
async function countInvitations(
  tx: Database,
  registrant: Registrant,
  invitations: number,
  now: Date,
  limit: RateLimit = INVITATION_LIMIT,
): Promise<Refusal | undefined> {
  if (invitations === 0) return undefined;
  const key = registrant.id ?? registrant.email.toLowerCase();
  const verdict = await countAttempt(tx, "team-invitations", key, { ...limit, cost: invitations, now: now.getTime() });
  if (!verdict.limited) return undefined;
  return refuse(429, texts.tooManyInvitations(Math.ceil(verdict.retryAfterSeconds / 60)), "members");
}

/** The people of newly written registrations: each captain (confirmed), then their teammates in the order named. */
async function attendeeRows(tx: Database, eventId: string, written: { id: string; args: RegisterArgs }[]) {
  const teammates = written.flatMap(({ args }) => args.input.members.map((email) => email.toLowerCase()));
  const accounts = teammates.length
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, [...new Set(teammates)]))
    : [];
  const accountOf = new Map(accounts.map((account) => [account.email.toLowerCase(), account.id]));
  const confirmedAt = new Date();
  return written.flatMap(({ id, args }) =>
    [
      { email: args.registrant.email, userId: args.registrant.id, confirmedAt, position: 0 },
      ...args.input.members.map((email, index) => ({
        email,
        userId: accountOf.get(email.toLowerCase()) ?? null,
        confirmedAt: null,
        position: index + 1,
      })),
    ].map((person) => ({ ...person, registrationId: id, eventId })),
  );
}

async function waitlistPosition(db: Database, registration: Pick<RegistrationRow, "eventId" | "arrival">) {
  const [row] = await db
    .select({ ahead: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.eventId, registration.eventId),
        eq(registrations.status, "waitlisted"),
        sql`${registrations.arrival} <= ${registration.arrival}`,
      ),
    );
  return row?.ahead ?? 1;
}

async function isComplete(db: Database, registrationId: string): Promise<boolean> {
  const [row] = await db
    .select({ unconfirmed: count() })
    .from(attendees)
    .where(
      and(eq(attendees.registrationId, registrationId), eq(attendees.active, true), isNull(attendees.confirmedAt)),
    );
  return (row?.unconfirmed ?? 0) === 0;
}

/**
 * A registration given a place: confirmed when its team is complete, else pending until `until`
 * (a team already pending keeps its time when `until` is left out).
 */
export async function givePlace(tx: Database, registrationId: string, until?: Date): Promise<RegistrationStatus> {
  const status: RegistrationStatus = (await isComplete(tx, registrationId)) ? "confirmed" : "pending";
  const expiry = status === "confirmed" ? { expiresAt: null } : until ? { expiresAt: until } : {};
  await tx
    .update(registrations)
    .set({ status, ...expiry })
    .where(eq(registrations.id, registrationId));
  return status;
}

const defaultHold = (timeZone: string, hours = TEAM_HOLD_HOURS, now = new Date()): TeamHold => ({
  now,
  timeZone,
  hours,
});

/** Gives free places to the first in line, in order; returns who moved up. */
export async function fillPlaces(tx: Database, event: EventRow, hold: TeamHold): Promise<string[]> {
  const promoted: string[] = [];
  let places = await countPlaces(tx, event);
  while (hasRoom(places) && places.waiting > 0) {
    const [next] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.eventId, event._id), eq(registrations.status, "waitlisted")))
      .orderBy(asc(registrations.arrival))
      .limit(1);
    if (!next) break;
    await givePlace(tx, next.id, pendingUntil(event, hold));
    promoted.push(next.id);
    places = await countPlaces(tx, event);
  }
  return promoted;
}

export interface Cancelled {
  ok: true;
  event: EventRow;
  /** Registrations that moved off the waitlist into the freed place. */
  promoted: string[];
}

/**
 * Cancels a registration: by its captain before registration closes, or by an admin at any
 * time. The place it held goes to the first in line.
 */
export async function cancelRegistration(
  db: Database,
  args: {
    registrationId: string;
    by: { id: string; role: Role | null };
    now: Date;
    timeZone: string;
    holdHours?: number;
  },
): Promise<Cancelled | Refusal> {
  if (!UUID_PATTERN.test(args.registrationId)) return refuse(404, texts.noRegistration);
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(registrations).where(eq(registrations.id, args.registrationId));
    if (!found || found.status === "cancelled") return refuse(404, texts.noRegistration);
    const event = await lockEvent(tx, found.eventId);
    if (!event) return refuse(404, texts.noRegistration);
    if (!can(args.by, "edit-content")) {
      if (found.captainId !== args.by.id) return refuse(403, texts.notYours);
      const deadline = registrationDeadline(event, args.timeZone);
      if (deadline && args.now >= deadline) return refuse(409, texts.cancelDeadlinePassed);
    }
    // Read again under the lock: a concurrent cancel may have won.
    const [current] = await tx
      .update(registrations)
      .set({ status: "cancelled", cancelledAt: args.now })
      .where(and(eq(registrations.id, found.id), ne(registrations.status, "cancelled")))
      .returning();
    if (!current) return refuse(404, texts.noRegistration);
    await tx.update(attendees).set({ active: false }).where(eq(attendees.registrationId, found.id));
    const promoted = await fillPlaces(tx, event, defaultHold(args.timeZone, args.holdHours, args.now));
    return { ok: true, event, promoted } satisfies Cancelled;
  });
}

export interface MovedUp {
  ok: true;
  event: EventRow;
  status: RegistrationStatus;
}

/** An admin gives a waitlisted registration a place, even beyond capacity (a team not yet complete holds it pending). */
export async function moveOffWaitlist(
  db: Database,
  registrationId: string,
  given?: TeamHold,
): Promise<MovedUp | Refusal> {
  if (!UUID_PATTERN.test(registrationId)) return refuse(404, texts.noRegistration);
  const hold = given ?? defaultHold(await clubTimeZoneIn(db));
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(registrations).where(eq(registrations.id, registrationId));
    const event = found && (await lockEvent(tx, found.eventId));
    if (!found || !event) return refuse(404, texts.noRegistration);
    const [waiting] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.id, registrationId), eq(registrations.status, "waitlisted")));
    if (!waiting) return refuse(409, texts.notWaitlisted);
    return {
      ok: true,
      event,
      status: await givePlace(tx, registrationId, pendingUntil(event, hold)),
    } satisfies MovedUp;
  });
}

export interface TeammateConfirmed {
  ok: true;
  event: EventRow;
  registrationId: string;
  /** True when this confirmation completed the team and gave it its confirmed place. */
  teamConfirmed: boolean;
}

/** A teammate, signed in with the address the captain named, confirms they are in the team. */
export async function confirmTeammate(
  db: Database,
  args: { eventId: string; user: { id: string; email: string } },
): Promise<TeammateConfirmed | Refusal> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, args.eventId);
    if (!event) return refuse(404, texts.noEvent);
    const [attendee] = await tx
      .select()
      .from(attendees)
      .where(
        and(
          eq(attendees.eventId, event._id),
          eq(attendees.active, true),
          sql`lower(${attendees.email}) = ${args.user.email.toLowerCase()}`,
        ),
      );
    if (!attendee) return refuse(404, texts.notInvited);
    const ineligible =
      (await checkEligible(tx, event, args.user.email, [])) ??
      (
        await membersOnlyRefusals(
          tx,
          event,
          [{ captainEmail: args.user.email, teammates: [] }],
          todayIn(await clubTimeZoneIn(tx), new Date()),
        )
      )[0];
    if (ineligible) return ineligible;
    await tx
      .update(attendees)
      .set({ confirmedAt: attendee.confirmedAt ?? new Date(), userId: args.user.id })
      .where(eq(attendees.id, attendee.id));
    const [registration] = await tx
      .select({ status: registrations.status })
      .from(registrations)
      .where(eq(registrations.id, attendee.registrationId));
    const teamConfirmed =
      registration?.status === "pending" && (await givePlace(tx, attendee.registrationId)) === "confirmed";
    return { ok: true, event, registrationId: attendee.registrationId, teamConfirmed } satisfies TeammateConfirmed;
  });
}

const personColumns = {
  attendeeId: attendees.id,
  registrationId: attendees.registrationId,
  email: attendees.email,
  confirmedAt: attendees.confirmedAt,
  checkedInAt: attendees.checkedInAt,
  accountName: users.name,
  profileName: students.name,
  batch: students.batch,
};

/**
 * The account a person of a registration is: the one linked, else (a teammate who has not
 * confirmed yet, someone an admin added) the one with their address.
 */
export const accountOfAttendee = or(
  eq(users.id, attendees.userId),
  and(isNull(attendees.userId), sql`lower(${users.email}) = lower(${attendees.email})`),
);

/** The people of these registrations, each under their registration, in team order. */
async function peopleOf(db: Database, registrationIds: string[]): Promise<Map<string, RegistrationPerson[]>> {
  const people = new Map<string, RegistrationPerson[]>();
  if (registrationIds.length === 0) return people;
  const rows = await db
    .select(personColumns)
    .from(attendees)
    .leftJoin(users, accountOfAttendee)
    .leftJoin(students, eq(students.userId, users.id))
    .where(inArray(attendees.registrationId, registrationIds))
    .orderBy(asc(attendees.registrationId), asc(attendees.position));
  for (const row of rows) {
    const list = people.get(row.registrationId) ?? [];
    list.push({
      attendeeId: row.attendeeId,
      email: row.email,
      name: row.profileName ?? row.accountName ?? row.email,
      batch: row.batch ?? null,
      confirmed: row.confirmedAt !== null,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
    });
    people.set(row.registrationId, list);
  }
  return people;
}

async function summaries(db: Database, rows: RegistrationRow[]): Promise<RegistrationSummary[]> {
  const people = await peopleOf(
    db,
    rows.map((row) => row.id),
  );
  let waitlistPosition = 0;
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    teamName: row.teamName,
    waitlistPosition: row.status === "waitlisted" ? ++waitlistPosition : null,
    people: people.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Every registration of an event in order of arrival, cancelled ones last (the admins' list, the CSV). */
export async function listRegistrations(db: Database, eventId: string): Promise<RegistrationSummary[]> {
  if (!UUID_PATTERN.test(eventId)) return [];
  const rows = await db
    .select()
    .from(registrations)
    .where(eq(registrations.eventId, eventId))
    .orderBy(sql`${registrations.status} = 'cancelled'`, asc(registrations.arrival));
  return summaries(db, rows);
}

/** The signed-in person's active registration for an event (theirs, or a team that names their address). */
export async function findMyRegistration(
  db: Database,
  args: { event: EventRow; user: { id: string; email: string }; now: Date; timeZone: string },
): Promise<MyRegistration | undefined> {
  const { event, user } = args;
  const [mine] = await db
    .select({ attendeeId: attendees.id, registrationId: attendees.registrationId, confirmedAt: attendees.confirmedAt })
    .from(attendees)
    .where(
      and(
        eq(attendees.eventId, event._id),
        eq(attendees.active, true),
        or(eq(attendees.userId, user.id), sql`lower(${attendees.email}) = ${user.email.toLowerCase()}`),
      ),
    )
    .limit(1);
  if (!mine) return undefined;
  const [row] = await db.select().from(registrations).where(eq(registrations.id, mine.registrationId));
  if (!row) return undefined;
  const [summary] = await summaries(db, [row]);
  if (!summary) return undefined;
  if (row.status === "waitlisted") summary.waitlistPosition = await waitlistPosition(db, row);
  const deadline = registrationDeadline(event, args.timeZone);
  const isCaptain = row.captainId === user.id;
  return {
    ...summary,
    isCaptain,
    attendeeId: mine.attendeeId,
    confirmedByMe: mine.confirmedAt !== null,
    mayCancel: isCaptain && (!deadline || args.now < deadline),
  };
}

/** A visible event by id (the API's calls name events by id). */
export async function findVisibleEvent(db: Database, eventId: string): Promise<ApiEvent | undefined> {
  if (!UUID_PATTERN.test(eventId)) return undefined;
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eventIsPublic));
  return row && toApiEvent(row);
}

/** Everyone who holds a place (confirmed or pending teams), each address once: the admins' "email everyone". */
export async function addressesOfRegistered(db: Database, eventId: string, withWaitlist: boolean) {
  const statuses: RegistrationStatus[] = withWaitlist ? [...HOLDS_PLACE, "waitlisted"] : HOLDS_PLACE;
  const rows = await db
    .selectDistinct({ email: attendees.email })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.active, true), inArray(registrations.status, statuses)));
  return rows.map((row) => row.email);
}

/** The active addresses of one registration (who hears about its changes). */
export async function addressesOfRegistration(db: Database, registrationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: attendees.email })
    .from(attendees)
    .where(eq(attendees.registrationId, registrationId))
    .orderBy(asc(attendees.position));
  return rows.map((row) => row.email);
}

/** A registration as `GET /api/events/{id}/registrations` answers it (the API's snake_case). */
export const apiRegistration = z
  .strictObject({
    _id: z.string(),
    status: z.enum(REGISTRATION_STATUSES),
    team_name: z.string().nullable(),
    waitlist_position: z.number().int().nullable(),
    created_at: z.string(),
    people: z.array(
      z.strictObject({
        attendee_id: z.string(),
        name: z.string(),
        email: z.string(),
        batch: z.number().int().nullable(),
        confirmed: z.boolean(),
        checked_in_at: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "Registration" });

export const toApiRegistration = (registration: RegistrationSummary): z.infer<typeof apiRegistration> => ({
  _id: registration.id,
  status: registration.status,
  team_name: registration.teamName,
  waitlist_position: registration.waitlistPosition,
  created_at: registration.createdAt,
  people: registration.people.map((person) => ({
    attendee_id: person.attendeeId,
    name: person.name,
    email: person.email,
    batch: person.batch,
    confirmed: person.confirmed,
    checked_in_at: person.checkedInAt,
  })),
});

/** What `POST /api/events/{id}/registrations` answers. */
export const registeredAnswer = z
  .strictObject({
    registrationId: z.string(),
    status: z.enum(["confirmed", "waitlisted", "pending"]),
    position: z.number().int().optional(),
  })
  .meta({ id: "Registered" });

/** The events a person was checked in at, the latest first. */
export async function eventsAttendedBy(db: Database, userId: string): Promise<AttendedEvent[]> {
  return db
    .select({
      name: events.name,
      eventType: events.eventType,
      slug: events.slug,
      startsOn: events.startsOn,
      teamName: registrations.teamName,
    })
    .from(attendees)
    .innerJoin(events, eq(events.id, attendees.eventId))
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(and(eq(attendees.userId, userId), isNotNull(attendees.checkedInAt), eventIsPublic))
    .orderBy(sql`${events.startsOn} desc nulls last`, asc(events.name));
}

export interface CheckInEvent {
  id: string;
  name: string;
  startsOn: string | null;
  confirmed: number;
}

// Check-in staff open the screen at the door, or just after for late entries.
const CHECK_IN_DAYS_AFTER = 7;

/** Events with registrations from a week ago onwards, soonest first: where check-in staff start. */
export async function listEventsForCheckIn(db: Database, today: string): Promise<CheckInEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startsOn: events.startsOn,
      confirmed: count(sql`case when ${registrations.status} = 'confirmed' then 1 end`),
    })
    .from(events)
    .innerJoin(registrations, eq(registrations.eventId, events.id))
    .where(sql`${events.startsOn} >= ${today}::date - ${CHECK_IN_DAYS_AFTER}::int`)
    .groupBy(events.id)
    .orderBy(asc(events.startsOn), asc(events.name))
    .limit(50);
  return rows.map((row) => ({ ...row, startsOn: row.startsOn ?? null }));
}
