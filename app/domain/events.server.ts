import { and, asc, desc, eq, gte, isNull, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events } from "~/db/schema";
import { defineStore } from "./crud.server";
import { EVENT_TYPES } from "./event-types";
import type { ApiEvent, EventInput, EventType } from "./events";

type EventRow = typeof events.$inferSelect;

export function toApiEvent(row: EventRow): ApiEvent {
  return {
    _id: row.id,
    eventType: row.eventType,
    name: row.name,
    starts_on: row.startsOn,
    starts_at: row.startsAt,
    problem_number: row.problemNumber,
    contest_duration: row.contestDuration,
    details: row.details,
  };
}

/** Every event, newest date first (the dashboard list and `GET /api/events`). */
export async function listEvents(db: Database): Promise<ApiEvent[]> {
  const rows = await db.select().from(events).orderBy(desc(events.startsOn), asc(events.name));
  return rows.map(toApiEvent);
}

/**
 * Events of one type on or after `today` (an event without a date counts as upcoming),
 * soonest first; served by the (event_type, starts_on) index.
 */
export async function listUpcomingEvents(db: Database, eventType: EventType, today: string): Promise<ApiEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.eventType, eventType), or(gte(events.startsOn, today), isNull(events.startsOn))))
    .orderBy(asc(events.startsOn), asc(events.name));
  return rows.map(toApiEvent);
}

/** The dashboard's and the write API's access to events. */
export const eventStore = defineStore({
  table: events,
  toApi: toApiEvent,
  toValues: (_db, input: EventInput) => ({
    eventType: input.eventType,
    name: input.name,
    startsOn: input.starts_on || null,
    startsAt: input.starts_at,
    problemNumber: input.problem_number,
    contestDuration: input.contest_duration,
    details: input.details,
  }),
  searchColumns: [events.name, events.eventType],
  orderBy: [desc(events.createdAt), asc(events.id)],
  sorts: { type: events.eventType, name: events.name, date: events.startsOn },
  filters: { type: { column: events.eventType, options: async () => [...EVENT_TYPES] } },
});
