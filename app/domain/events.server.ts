import { and, asc, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
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

/** An event and when it was added: the feeds date an undated event by it and stamp calendar entries with it. */
export interface EventWithAddedAt {
  event: ApiEvent;
  addedAt: Date;
}

const withAddedAt = (row: EventRow): EventWithAddedAt => ({ event: toApiEvent(row), addedAt: row.createdAt });

/**
 * The `limit` latest events by their date, an undated one by the day it was added (on the clocks
 * of `timeZone`), latest first: the events feed. Sorts every event; a club has a few hundred.
 */
export async function listLatestEvents(db: Database, limit: number, timeZone: string): Promise<EventWithAddedAt[]> {
  const day = sql`coalesce(${events.startsOn}, (${events.createdAt} at time zone ${timeZone})::date)`;
  const rows = await db
    .select()
    .from(events)
    .orderBy(desc(day), desc(events.startsAt), desc(events.createdAt))
    .limit(limit);
  return rows.map(withAddedAt);
}

/** Events dated `today` or later, soonest first (the calendar); served by the starts_on index. */
export async function listDatedEventsFrom(db: Database, today: string, limit: number): Promise<EventWithAddedAt[]> {
  const rows = await db
    .select()
    .from(events)
    .where(gte(events.startsOn, today))
    .orderBy(asc(events.startsOn), asc(events.startsAt), asc(events.name))
    .limit(limit);
  return rows.map(withAddedAt);
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
