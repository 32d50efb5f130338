import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "~/core/audit.server";
import { UUID_PATTERN } from "~/core/ids";
import type { Database } from "~/db/client.server";
import { attendees, eventAttendance, events, eventVolunteers, students } from "~/db/schema";
import type { MarkOutcome, SheetMember } from "./attendance-sheet";
import { eventIsPublic } from "./events.server";

/**
 * Who came to an event: the members ticked on its attendance sheet and the registrants checked
 * in at the door (matched to a member by their account, else by the member record's address).
 * Volunteers an admin marks on an event live here too: both are what an event says of a member.
 */

/** Body of `POST /api/events/{id}/attendance`: marks as a phone queued them. */
export const attendanceMarksInput = z.object({
  marks: z
    .array(
      z.object({
        student_id: z
          .string({ error: "Each mark needs a student_id" })
          .regex(UUID_PATTERN, "student_id must be a member's id"),
        present: z.boolean({ error: "Each mark's present must be true or false" }),
        at: z.iso.datetime({ offset: true, error: "Each mark's time must be an ISO date-time" }).optional(),
      }),
      { error: "marks must be a list" },
    )
    .min(1, "Send at least one mark")
    .max(500, "Send at most 500 marks at a time"),
});

export type AttendanceMarks = z.infer<typeof attendanceMarksInput>["marks"];

/** The member a ticket holder is: by their account, else by the member record's address. */
const doorMember = or(
  eq(students.userId, attendees.userId),
  sql`lower(${students.email}) = lower(${attendees.email})`,
) as SQL;

/**
 * Every (event, member) pair of someone who came: ticked present on the sheet, or checked in
 * with a ticket. One query for an event's list and for the involvement totals alike.
 */
export const attendancePairs = sql`(
  select ${eventAttendance.eventId} as event_id, ${eventAttendance.studentId} as student_id
    from ${eventAttendance} where ${eventAttendance.present}
  union
  select ${attendees.eventId}, ${students.id}
    from ${attendees} join ${students} on ${doorMember}
   where ${attendees.checkedInAt} is not null
)`;

/**
 * Records a batch of marks; for each member the latest mark (by the device's time; one from the
 * future counts as now) wins, so a queue sent twice, or two phones' queues in any order, end the
 * same. A member who is no longer on the list is `unknown`.
 */
export async function recordAttendanceMarks(
  db: Database,
  args: { eventId: string; marks: AttendanceMarks; now: Date; actor: Actor },
): Promise<MarkOutcome[]> {
  const ids = [...new Set(args.marks.map((mark) => mark.student_id))];
  const known = new Set(
    (await db.select({ id: students.id }).from(students).where(inArray(students.id, ids))).map((row) => row.id),
  );
  let marked = 0;
  for (const mark of args.marks) {
    if (!known.has(mark.student_id)) continue;
    const at = mark.at && new Date(mark.at) < args.now ? new Date(mark.at) : args.now;
    const written = await db
      .insert(eventAttendance)
      .values({
        eventId: args.eventId,
        studentId: mark.student_id,
        present: mark.present,
        markedAt: at,
        markedBy: args.actor.id,
      })
      .onConflictDoUpdate({
        target: [eventAttendance.eventId, eventAttendance.studentId],
        set: { present: mark.present, markedAt: at, markedBy: args.actor.id },
        // On a tie the mark that arrives last wins: a tick and an untick of one moment, in the order made.
        setWhere: sql`${eventAttendance.markedAt} <= excluded.marked_at`,
      })
      .returning({ present: eventAttendance.present });
    marked += written.length;
  }
  const states = await sheetStates(db, args.eventId, [...known]);
  if (marked > 0) {
    await recordAudit(db, args.actor, {
      action: "update",
      entity: "attendance",
      entityId: args.eventId,
      label: `${marked} marked on the attendance sheet`,
    });
  }
  return args.marks.map(({ student_id }) => ({
    student_id,
    status: known.has(student_id) ? (states.get(student_id) ? "present" : "absent") : "unknown",
  }));
}

async function sheetStates(db: Database, eventId: string, ids: string[]): Promise<Map<string, boolean>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: eventAttendance.studentId, present: eventAttendance.present })
    .from(eventAttendance)
    .where(and(eq(eventAttendance.eventId, eventId), inArray(eventAttendance.studentId, ids)));
  return new Map(rows.map((row) => [row.id, row.present]));
}

/** Every member, A to Z, with whether they came: what a phone holds for the sheet. */
export async function listSheetMembers(db: Database, eventId: string): Promise<SheetMember[]> {
  const [rows, door] = await Promise.all([
    db
      .select({
        id: students.id,
        name: students.name,
        batch: students.batch,
        present: sql<boolean>`coalesce(${eventAttendance.present}, false)`,
      })
      .from(students)
      .leftJoin(eventAttendance, and(eq(eventAttendance.studentId, students.id), eq(eventAttendance.eventId, eventId)))
      .orderBy(asc(students.name), asc(students.id)),
    db
      .select({ id: students.id })
      .from(attendees)
      .innerJoin(students, doorMember)
      .where(and(eq(attendees.eventId, eventId), isNotNull(attendees.checkedInAt))),
  ]);
  const checkedIn = new Set(door.map((row) => row.id));
  return rows.map((row) => ({ ...row, checkedIn: checkedIn.has(row.id) }));
}

/** The members who came to an event (sheet and door), A to Z. */
export async function listAttendance(db: Database, eventId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(
      sql`${students.id} in (select student_id from ${attendancePairs} as pairs where pairs.event_id = ${eventId})`,
    )
    .orderBy(asc(students.name));
}

export interface SheetEvent {
  id: string;
  name: string;
  startsOn: string | null;
  session: boolean;
}

/** Events a sheet is taken at: from a week ago to tomorrow, visitors' events not cancelled, soonest first. */
export async function listEventsForAttendance(db: Database, today: string): Promise<SheetEvent[]> {
  const rows = await db
    .select({ id: events.id, name: events.name, startsOn: events.startsOn, seriesId: events.seriesId })
    .from(events)
    .where(
      and(
        eventIsPublic,
        ne(events.status, "cancelled"),
        gte(events.startsOn, sql`${today}::date - 7`),
        lte(events.startsOn, sql`${today}::date + 1`),
      ),
    )
    .orderBy(asc(events.startsOn), asc(events.name))
    .limit(50);
  return rows.map(({ seriesId, ...row }) => ({ ...row, startsOn: row.startsOn ?? null, session: seriesId !== null }));
}

/** An event's volunteers, A to Z. */
export async function listVolunteers(db: Database, eventId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: students.id, name: students.name })
    .from(eventVolunteers)
    .innerJoin(students, eq(students.id, eventVolunteers.studentId))
    .where(eq(eventVolunteers.eventId, eventId))
    .orderBy(asc(students.name));
}

/** Marks or unmarks a member as a volunteer of an event; false when there is no such member. */
export async function setVolunteer(
  db: Database,
  args: { eventId: string; studentId: string; volunteer: boolean; actor: Actor },
): Promise<boolean> {
  if (!UUID_PATTERN.test(args.studentId)) return false;
  const [member] = await db.select({ name: students.name }).from(students).where(eq(students.id, args.studentId));
  if (!member) return false;
  const pair = and(eq(eventVolunteers.eventId, args.eventId), eq(eventVolunteers.studentId, args.studentId));
  if (args.volunteer) {
    await db.insert(eventVolunteers).values({ eventId: args.eventId, studentId: args.studentId }).onConflictDoNothing();
  } else {
    await db.delete(eventVolunteers).where(pair);
  }
  await recordAudit(db, args.actor, {
    action: "update",
    entity: "volunteers",
    entityId: args.eventId,
    label: `${member.name} ${args.volunteer ? "marked" : "no longer"} a volunteer`,
  });
  return true;
}
