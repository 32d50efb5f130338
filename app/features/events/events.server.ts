import { and, asc, desc, eq, gte, isNull, lt, ne, notExists, notInArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { data } from "react-router";
import { findEventCategory } from "~/content/events";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { defineStore, freeSlug, retryingSlugClash } from "~/core/crud.server";
import { publishingOf, publishingValues } from "~/core/publishing.server";
import type { Database } from "~/db/client.server";
import { events } from "~/db/schema";
import { sayMessage } from "~/i18n/message.server";
import { EVENT_TYPES, UNPUBLISHED_EVENT_STATUSES } from "./event-types";
import type { ApiEvent, EventInput, EventType } from "./events";
import { eventFields } from "./events.fields";
import { registrationMessages } from "./registrations";

type EventRow = typeof events.$inferSelect;

/** An event whose name has nothing to make an address of. */
export const EVENT_FALLBACK_SLUG = "event";

/** An event's fields as its record says them: its choices as booleans, its batches as numbers (events.ts). */
const eventFieldsOf = recordOf<typeof eventFields, ApiEvent>(eventFields);

export function toApiEvent(row: EventRow): ApiEvent {
  return { ...eventFieldsOf(row), status: row.status };
}

/** What visitors see: every event but drafts and scheduled ones (a cancelled one stays, marked). */
export const eventIsPublic = notInArray(events.status, [...UNPUBLISHED_EVENT_STATUSES]);
const visible = eventIsPublic;

const sibling = alias(events, "sibling");
/** A visible, not cancelled occurrence of the same series as the row, dated `today` or later. */
const liveSibling = (today: string) =>
  and(
    eq(sibling.seriesId, events.seriesId),
    notInArray(sibling.status, [...UNPUBLISHED_EVENT_STATUSES, "cancelled"]),
    gte(sibling.startsOn, today),
  );

/**
 * Lists show a series by its next occurrence only: a one-off event, or an occurrence that is
 * not cancelled and has no live one of its series before it.
 */
const nextOfItsSeries = (today: string) =>
  or(
    isNull(events.seriesId),
    and(
      ne(events.status, "cancelled"),
      notExists(
        sql`(select 1 from ${events} as sibling where ${and(
          liveSibling(today),
          sql`(${sibling.startsOn}, ${sibling.startsAt}) < (${events.startsOn}, ${events.startsAt})`,
        )})`,
      ),
    ),
  );

/** Past lists show a series by its latest past occurrence only. */
const latestOfItsSeries = (today: string) =>
  or(
    isNull(events.seriesId),
    notExists(
      sql`(select 1 from ${events} as sibling where ${and(
        eq(sibling.seriesId, events.seriesId),
        notInArray(sibling.status, [...UNPUBLISHED_EVENT_STATUSES]),
        lt(sibling.startsOn, today),
        sql`(${sibling.startsOn}, ${sibling.startsAt}) > (${events.startsOn}, ${events.startsAt})`,
      )})`,
    ),
  );

/** Every event visitors may see, newest date first (`GET /api/events`). */
export async function listEvents(db: Database): Promise<ApiEvent[]> {
  const rows = await db.select().from(events).where(visible).orderBy(desc(events.startsOn), asc(events.name));
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
    .where(
      and(
        visible,
        eq(events.eventType, eventType),
        or(gte(events.startsOn, today), isNull(events.startsOn)),
        nextOfItsSeries(today),
      ),
    )
    .orderBy(asc(events.startsOn), asc(events.name));
  return rows.map(toApiEvent);
}

/** Events of one type before `today`, latest first (the category page's past events). */
export async function listPastEvents(
  db: Database,
  eventType: EventType,
  today: string,
  limit: number,
): Promise<ApiEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(visible, eq(events.eventType, eventType), lt(events.startsOn, today), latestOfItsSeries(today)))
    .orderBy(desc(events.startsOn), asc(events.name))
    .limit(limit);
  return rows.map(toApiEvent);
}

/** The next `limit` events of any type from `today` (the home page), soonest first: the calendar's first ones. */
export async function listNextEvents(db: Database, today: string, limit: number): Promise<ApiEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(visible, gte(events.startsOn, today), nextOfItsSeries(today)))
    .orderBy(asc(events.startsOn), asc(events.startsAt), asc(events.name))
    .limit(limit);
  return rows.map(toApiEvent);
}

/** A visible event of this type by its page's slug. */
export async function findEventBySlug(db: Database, eventType: string, slug: string): Promise<ApiEvent | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(visible, eq(events.eventType, eventType), eq(events.slug, slug)));
  return row ? toApiEvent(row) : undefined;
}

/** The visible event an event page's address names: `/events/{category}/{slug}`. */
export async function findEventOfPage(
  db: Database,
  params: { category: string; slug: string },
): Promise<ApiEvent | undefined> {
  const category = findEventCategory(params.category);
  return category && findEventBySlug(db, category.eventType, params.slug);
}

/** An event and when it was added: the feeds date an undated event by it and stamp calendar entries with it. */
export interface EventWithAddedAt {
  event: ApiEvent;
  addedAt: Date;
  /** The series it is an occurrence of: calendars write a series as one repeating entry. */
  seriesId: string | null;
}

const withAddedAt = (row: EventRow): EventWithAddedAt => ({
  event: toApiEvent(row),
  addedAt: row.createdAt,
  seriesId: row.seriesId,
});

/**
 * The `limit` latest events by their date, an undated one by the day it was added (on the clocks
 * of `timeZone`), latest first: the events feed. Sorts every event; a club has a few hundred.
 */
export async function listLatestEvents(db: Database, limit: number, timeZone: string): Promise<EventWithAddedAt[]> {
  const day = sql`coalesce(${events.startsOn}, (${events.createdAt} at time zone ${timeZone})::date)`;
  const rows = await db
    .select()
    .from(events)
    .where(visible)
    .orderBy(desc(day), desc(events.startsAt), desc(events.createdAt))
    .limit(limit);
  return rows.map(withAddedAt);
}

/** Events dated `today` or later, soonest first (the calendar); served by the starts_on index. */
export async function listDatedEventsFrom(db: Database, today: string, limit: number): Promise<EventWithAddedAt[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(visible, gte(events.startsOn, today)))
    .orderBy(asc(events.startsOn), asc(events.startsAt), asc(events.name))
    .limit(limit);
  return rows.map(withAddedAt);
}

/** The event an admin's screen of one event is about (drafts too), else a 404 answer. */
export async function eventOfAdminScreen(db: Database, id: string): Promise<ApiEvent> {
  const event = await eventStore.get(db, id);
  if (!event) throw data({ message: sayMessage(registrationMessages.noEvent, "en") }, { status: 404 });
  return event;
}

/** An event as an admin's screens and the write API read it: with when it is to be published. */
const toAdminEvent = (row: EventRow): ApiEvent => ({ ...toApiEvent(row), ...publishingOf(row) });

const eventFieldValues = valuesOf<typeof events, typeof eventFields, EventInput>(events, eventFields);

/** The columns the event form's fields set (all but the slug): an event's, or a series' occurrence's. */
export function eventValues(input: EventInput, id?: string) {
  return { ...eventFieldValues(input), ...publishingValues(input, id) };
}

/** A new event gets a readable address from its name; an edit keeps it, so links stay good. */
const baseEventStore = defineStore({
  table: events,
  toApi: toAdminEvent,
  toValues: async (db, input: EventInput, id?: string) => ({
    ...eventValues(input, id),
    ...(id === undefined ? { slug: await freeSlug(db, events, input.name, EVENT_FALLBACK_SLUG) } : {}),
  }),
  searchColumns: [events.name, events.eventType],
  orderBy: [desc(events.createdAt), asc(events.id)],
  sorts: { type: events.eventType, name: events.name, date: events.startsOn },
  filters: { type: { column: events.eventType, options: async () => [...EVENT_TYPES] } },
});

/** The columns that make an occurrence differ from its series when changed on their own (not publishing). */
const OCCURRENCE_OWN_COLUMNS = [
  "startsOn",
  "startsAt",
  "venue",
  "name",
  "details",
  "contestDuration",
  "capacity",
] as const;

/** Whether an edit changes an occurrence itself (its time, place…): cancelling it is no move. */
export function occurrenceChanged(row: EventRow, values: ReturnType<typeof eventValues>): boolean {
  return OCCURRENCE_OWN_COLUMNS.some((column) => values[column] !== row[column]);
}

/**
 * The dashboard's event form and the API edit one event: an occurrence of a series changed so is
 * marked moved, which an edit of the whole series then leaves alone ("this one").
 */
async function updateEvent(db: Database, id: string, input: EventInput): Promise<number> {
  const [before] = await db.select().from(events).where(eq(events.id, id));
  const count = await baseEventStore.update(db, id, input);
  if (count && before?.seriesId && occurrenceChanged(before, eventValues(input, id))) {
    await db.update(events).set({ moved: true }).where(eq(events.id, id));
  }
  return count;
}

/** The dashboard's and the write API's access to events. */
export const eventStore: typeof baseEventStore = {
  ...baseEventStore,
  create: (db, input, extra) => retryingSlugClash(() => baseEventStore.create(db, input, extra)),
  update: updateEvent,
};
