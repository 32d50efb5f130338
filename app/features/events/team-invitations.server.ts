import { and, asc, count, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { UUID_PATTERN } from "~/core/ids";
import type { Database } from "~/db/client.server";
import { attendees, events, registrations } from "~/db/schema";
import type { Message } from "~/i18n/message";
import type { RegistrationStatus } from "./event-types";
import type { ApiEvent } from "./events";
import { eventIsPublic } from "./events.server";
import { registrationMessages as texts } from "./registrations";
import { fillPlaces, givePlace, lockEvent, type Refusal, TEAM_HOLD_HOURS, type TeamHold } from "./registrations.server";

/**
 * A teammate's invitation is answered: accepted (confirmTeammate), or declined here, by the
 * person signed in or through the link in their invitation mail. A team whose teammates have
 * not all confirmed when its time is up gives its place to the waitlist (a minutely job).
 */

type EventRow = ApiEvent;

/** Who answers: the signed-in person at an event, or whoever holds the invitation's signed link. */
export type InvitationOf = { eventId: string; email: string } | { attendeeId: string };

/** What a declined invitation did to its team. */
export type TeamAfterDecline = "withdrawn" | "confirmed" | "waiting";

export interface Declined {
  ok: true;
  event: EventRow;
  registrationId: string;
  email: string;
  team: TeamAfterDecline;
  /** Registrations that moved off the waitlist into a place the team gave up. */
  promoted: string[];
}

const refuse = (status: Refusal["status"], message: Message): Refusal => ({ ok: false, status, message });

const openInvitation = and(eq(attendees.active, true), isNull(attendees.confirmedAt), gt(attendees.position, 0));

/** The unanswered invitation, read under the event's lock (a confirmation may have just won). */
async function findOpenInvitation(tx: Database, of: InvitationOf) {
  const which =
    "attendeeId" in of
      ? eq(attendees.id, of.attendeeId)
      : and(eq(attendees.eventId, of.eventId), sql`lower(${attendees.email}) = ${of.email.toLowerCase()}`);
  const [found] = await tx.select().from(attendees).where(and(which, openInvitation));
  return found;
}

/** The invitation a signed link names, for the page that answers it (no lock: it only shows it). */
export async function describeInvitation(db: Database, attendeeId: string) {
  if (!UUID_PATTERN.test(attendeeId)) return undefined;
  const [found] = await db
    .select({ eventId: attendees.eventId, email: attendees.email, teamName: registrations.teamName })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(and(eq(attendees.id, attendeeId), openInvitation));
  return found;
}

const withdraw = (tx: Database, registrationId: string, now: Date) =>
  Promise.all([
    tx
      .update(registrations)
      .set({ status: "cancelled", cancelledAt: now, expiresAt: null })
      .where(eq(registrations.id, registrationId)),
    tx.update(attendees).set({ active: false }).where(eq(attendees.registrationId, registrationId)),
  ]);

/**
 * Declines an invitation: the person leaves the team, and their address is free to register
 * or be named again. A team now smaller than the event allows gives up its registration (its
 * place to the first in line); a team whose remaining people have all confirmed is confirmed.
 */
export async function declineInvitation(
  db: Database,
  args: { invitation: InvitationOf; now: Date; timeZone: string; holdHours?: number },
): Promise<Declined | Refusal> {
  const { invitation, now } = args;
  if ("attendeeId" in invitation && !UUID_PATTERN.test(invitation.attendeeId)) return refuse(404, texts.noInvitation);
  return db.transaction(async (tx) => {
    const seen = await findOpenInvitation(tx, invitation);
    const event = seen && (await lockEvent(tx, seen.eventId));
    const attendee = event && (await findOpenInvitation(tx, invitation));
    if (!event || !attendee) return refuse(404, texts.noInvitation);
    await tx.update(attendees).set({ active: false, declinedAt: now }).where(eq(attendees.id, attendee.id));
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, attendee.registrationId));
    const [left] = await tx
      .select({ people: count() })
      .from(attendees)
      .where(and(eq(attendees.registrationId, attendee.registrationId), eq(attendees.active, true)));
    const hold: TeamHold = { now, timeZone: args.timeZone, hours: args.holdHours ?? TEAM_HOLD_HOURS };
    const declined = { ok: true as const, event, registrationId: attendee.registrationId, email: attendee.email };
    if ((left?.people ?? 0) < event.team_size_min) {
      await withdraw(tx, attendee.registrationId, now);
      const heldPlace = registration?.status === "pending" || registration?.status === "confirmed";
      return { ...declined, team: "withdrawn", promoted: heldPlace ? await fillPlaces(tx, event, hold) : [] };
    }
    const status: RegistrationStatus | undefined =
      registration?.status === "pending" ? await givePlace(tx, attendee.registrationId) : registration?.status;
    return { ...declined, team: status === "confirmed" ? "confirmed" : "waiting", promoted: [] };
  });
}

export interface Lapsed {
  ok: true;
  event: EventRow;
  registrationId: string;
  promoted: string[];
}

/**
 * Pending teams of visible events whose time is up, the longest overdue first (the job lapses a
 * batch per run; a team of an event made a draft waits until it is published again).
 */
export async function overdueTeams(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(
      and(
        eq(registrations.status, "pending"),
        isNotNull(registrations.expiresAt),
        lte(registrations.expiresAt, now),
        eventIsPublic,
      ),
    )
    .orderBy(asc(registrations.expiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * A pending team whose time is up gives its place to the first in line, as a cancellation
 * does; undefined when it was confirmed, cancelled or given more time meanwhile.
 */
export async function lapseTeam(tx: Database, registrationId: string, hold: TeamHold): Promise<Lapsed | undefined> {
  const [seen] = await tx.select().from(registrations).where(eq(registrations.id, registrationId));
  const event = seen && (await lockEvent(tx, seen.eventId));
  if (!event) return undefined;
  const [overdue] = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.id, registrationId),
        eq(registrations.status, "pending"),
        lte(registrations.expiresAt, hold.now),
      ),
    );
  if (!overdue) return undefined;
  await withdraw(tx, registrationId, hold.now);
  return { ok: true, event, registrationId, promoted: await fillPlaces(tx, event, hold) };
}

/** The people of a team who had said yes (the captain and confirmed teammates): who hears what became of it. */
export async function confirmedAddresses(db: Database, registrationId: string): Promise<string[]> {
  const rows = await db
    .select({ email: attendees.email })
    .from(attendees)
    .where(and(eq(attendees.registrationId, registrationId), isNotNull(attendees.confirmedAt)))
    .orderBy(asc(attendees.position));
  return rows.map((row) => row.email);
}
