import { and, asc, desc, eq, lt, notInArray } from "drizzle-orm";
import { clubTimeZoneIn } from "~/core/settings.server";
import type { Database } from "~/db/client.server";
import { eventAttendance, events, eventVolunteers, students } from "~/db/schema";
import { UNPUBLISHED_EVENT_STATUSES } from "~/features/events/event-types";
import { todayIn } from "~/lib/format";

/** How many past events (weekly sessions' occurrences among them) get an attendance sheet. */
const PAST_EVENTS = 12;
/** The members the demo ticks from: enough to fill a session, few enough to read. */
const REGULARS = 24;

/**
 * Attendance for the demo's past events and sessions, ticked as door staff would, and a few
 * volunteers, so /dashboard/involvement and members' dashboards show numbers. The first regular
 * agreed to show their involvement on their page.
 */
export async function seedDemoAttendance(db: Database): Promise<void> {
  const timeZone = await clubTimeZoneIn(db);
  const today = todayIn(timeZone);
  const past = await db
    .select({ id: events.id, startsOn: events.startsOn })
    .from(events)
    .where(and(lt(events.startsOn, today), notInArray(events.status, [...UNPUBLISHED_EVENT_STATUSES, "cancelled"])))
    .orderBy(desc(events.startsOn))
    .limit(PAST_EVENTS);
  const regulars = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.hidden, false))
    .orderBy(asc(students.name))
    .limit(REGULARS);
  if (past.length === 0 || regulars.length === 0) return;
  // Some come every week, others now and then: a pattern, so every start of the demo is the same.
  const rows = past.flatMap((event, e) =>
    regulars
      .filter((_, m) => (e * 7 + m * 3) % 5 < 3)
      .map((member) => ({
        eventId: event.id,
        studentId: member.id,
        present: true,
        markedAt: new Date(`${event.startsOn}T12:00:00Z`),
      })),
  );
  await db.insert(eventAttendance).values(rows).onConflictDoNothing();
  const volunteers = past
    .slice(0, 3)
    .flatMap((event, e) => regulars.slice(e, e + 2).map((member) => ({ eventId: event.id, studentId: member.id })));
  await db.insert(eventVolunteers).values(volunteers).onConflictDoNothing();
  const [first] = regulars;
  if (first) await db.update(students).set({ involvementPublic: true }).where(eq(students.id, first.id));
}
