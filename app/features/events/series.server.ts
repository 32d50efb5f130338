/**
 * Recurring events: a series row holds the rule and the event its occurrences copy; each
 * occurrence is an ordinary `events` row (series_id, occurrence_of), made ahead up to
 * SERIES_HORIZON_DAYS by `fillSeries` (at creation, and daily by the top-up job), so its page,
 * registration, check-in and attendance are the event code's. One occurrence cancelled is that
 * row cancelled; one changed on its own is marked `moved`, and an edit of the series leaves it be.
 */
import { and, eq, exists, gte, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { freeSlug, retryingSlugClash } from "~/core/crud.server";
import { clubTimeZoneIn } from "~/core/settings.server";
import type { Database } from "~/db/client.server";
import { eventSeries, events, registrations } from "~/db/schema";
import { parseDurationMinutes } from "~/lib/duration";
import { todayIn } from "~/lib/format";
import { UNPUBLISHED_EVENT_STATUSES } from "./event-types";
import type { ApiEvent, EventInput } from "./events";
import { EVENT_FALLBACK_SLUG, eventValues, occurrenceChanged, toApiEvent } from "./events.server";
import { addDays, occurrenceStart, ruleDates, type SeriesRule, wallClock } from "./recurrence";
import { type EditScope, SERIES_HORIZON_DAYS, type SeriesRuleInput } from "./series";

type SeriesRow = typeof eventSeries.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** The queue of the job that makes each series' occurrences up to the horizon (daily). */
export const TOP_UP_SERIES_JOB = "top-up-series";

/** An event whose duration reads as nothing fills an hour, as in the calendars. */
const DEFAULT_MINUTES = 60;

export function ruleOfSeries(series: SeriesRow): SeriesRule {
  return {
    frequency: series.frequency,
    interval: series.interval,
    weekdays: series.weekdays,
    monthWeek: series.monthWeek,
    monthWeekday: series.monthWeekday,
    startsOn: series.startsOn,
    startsAt: series.startsAt,
    timeZone: series.timeZone,
    untilOn: series.untilOn,
    count: series.count,
  };
}

function seriesColumns(template: EventInput, rule: SeriesRuleInput, startsOn: string) {
  return {
    frequency: rule.repeat,
    interval: rule.interval,
    weekdays: rule.repeat === "weekly" ? rule.weekdays : [],
    monthWeek: rule.repeat === "monthly" ? (rule.month_week ?? null) : null,
    monthWeekday: rule.repeat === "monthly" ? (rule.month_weekday ?? null) : null,
    startsOn,
    startsAt: template.starts_at,
    durationMinutes: parseDurationMinutes(template.contest_duration) ?? DEFAULT_MINUTES,
    untilOn: rule.until_on ?? null,
    count: rule.count ?? null,
    template: template as unknown as Record<string, unknown>,
  };
}

/**
 * A new series from the event form (its start date is the first day the rule may fall on) and
 * its occurrences up to the horizon. `timeZone`: the clocks its time is on, the club's unless given.
 */
export async function createSeries(
  db: Database,
  template: EventInput,
  rule: SeriesRuleInput,
  options: { timeZone?: string; now?: Date } = {},
): Promise<{ seriesId: string; made: number }> {
  const timeZone = options.timeZone ?? (await clubTimeZoneIn(db));
  const startsOn = template.starts_on ?? todayIn(timeZone, options.now);
  const [series] = await db
    .insert(eventSeries)
    .values({ ...seriesColumns(template, rule, startsOn), timeZone })
    .returning();
  if (!series) throw new Error("The series was not saved");
  return { seriesId: series.id, made: await fillSeries(db, series, options.now) };
}

const horizonOf = (series: SeriesRow, now?: Date) => addDays(todayIn(series.timeZone, now), SERIES_HORIZON_DAYS);

/** The rule's days that have an occurrence row already (moved or cancelled ones too). */
async function datesWithRows(db: Database, series: SeriesRow): Promise<Set<string>> {
  const rows = await db
    .select({ occurrenceOf: events.occurrenceOf })
    .from(events)
    .where(and(eq(events.seriesId, series.id), isNotNull(events.occurrenceOf)));
  return new Set(rows.map((row) => wallClock(row.occurrenceOf as Date, series.timeZone).date));
}

/**
 * Makes the occurrences the rule gives up to the horizon that have no row yet, on or after
 * `fromDate` (else after the day the series was last made up to: an occurrence an admin deleted
 * stays deleted); answers how many.
 */
export async function fillSeries(db: Database, series: SeriesRow, now?: Date, fromDate?: string): Promise<number> {
  const taken = await datesWithRows(db, series);
  const horizon = horizonOf(series, now);
  const missing = ruleDates(ruleOfSeries(series), horizon).filter(
    (date) => !taken.has(date) && (fromDate ? date >= fromDate : series.madeUntil === null || date > series.madeUntil),
  );
  const clubClocks = missing.length ? await clubTimeZoneIn(db) : "";
  for (const date of missing) await insertOccurrence(db, series, date, clubClocks);
  if (series.madeUntil === null || horizon > series.madeUntil) {
    await db.update(eventSeries).set({ madeUntil: horizon }).where(eq(eventSeries.id, series.id));
  }
  return missing.length;
}

/**
 * The event columns of the occurrence on `date`: the template at the rule's start that day, its
 * date and time on the club's clocks (`clubClocks`).
 */
function occurrenceValues(series: SeriesRow, date: string, clubClocks: string) {
  const template = series.template as unknown as EventInput;
  const start = occurrenceStart(ruleOfSeries(series), date);
  // Rows hold the club's clocks; a series on another zone's clocks lands at the matching time.
  const local = wallClock(start, clubClocks);
  return {
    // A template's own windows and end are one date's: an occurrence ends by its duration.
    ...eventValues({
      ...template,
      starts_on: local.date,
      starts_at: local.time,
      ends_at: null,
      registration_opens: null,
      registration_closes: null,
    }),
    occurrenceOf: start,
  };
}

async function insertOccurrence(db: Database, series: SeriesRow, date: string, clubClocks: string): Promise<void> {
  const values = occurrenceValues(series, date, clubClocks);
  await retryingSlugClash(async () => {
    const slug = await freeSlug(db, events, `${values.name} ${date}`, EVENT_FALLBACK_SLUG);
    await db
      .insert(events)
      .values({ ...values, slug, seriesId: series.id })
      .onConflictDoNothing({ target: [events.seriesId, events.occurrenceOf] });
  });
}

/** The top-up job: every series' occurrences up to the horizon; answers how many were made. */
export async function topUpAllSeries(db: Database, now?: Date): Promise<number> {
  let made = 0;
  for (const series of await db.select().from(eventSeries)) made += await fillSeries(db, series, now);
  return made;
}

async function seriesOf(db: Database, occurrence: EventRow): Promise<SeriesRow | undefined> {
  if (!occurrence.seriesId) return undefined;
  const [series] = await db.select().from(eventSeries).where(eq(eventSeries.id, occurrence.seriesId));
  return series;
}

/**
 * Saves an edit of one occurrence of a series: `this` changes that row only (marked moved unless
 * only its status changed: cancelling is not moving); `following` ends the series the day before
 * and starts a new one from this occurrence with the edit; `all` rewrites the series and its
 * untouched occurrences from today. Answers false for an event that is no occurrence.
 */
export async function editOccurrence(
  db: Database,
  eventId: string,
  input: EventInput,
  scope: EditScope,
  options: { rule?: SeriesRuleInput; now?: Date } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [occurrence] = await tx.select().from(events).where(eq(events.id, eventId)).for("update");
    const series = occurrence && (await seriesOf(tx, occurrence));
    if (!occurrence || !series || !occurrence.occurrenceOf) return false;
    if (scope === "this") {
      await editOneOccurrence(tx, occurrence, input);
      return true;
    }
    const from = wallClock(occurrence.occurrenceOf, series.timeZone).date;
    const target = scope === "following" && from > series.startsOn ? await splitSeries(tx, series, from) : series;
    const rule = options.rule ?? ruleInputOf(target);
    const [updated] = await tx
      .update(eventSeries)
      .set(seriesColumns(input, rule, target.startsOn))
      .where(eq(eventSeries.id, target.id))
      .returning();
    if (!updated) return false;
    const today = todayIn(series.timeZone, options.now);
    await regenerate(tx, updated, scope === "following" ? from : today, options.now);
    return true;
  });
}

async function editOneOccurrence(db: Database, occurrence: EventRow, input: EventInput): Promise<void> {
  const values = eventValues(input, occurrence.id);
  const moved = occurrence.moved || occurrenceChanged(occurrence, values);
  await db
    .update(events)
    .set({ ...values, moved })
    .where(eq(events.id, occurrence.id));
}

function ruleInputOf(series: SeriesRow): SeriesRuleInput {
  return {
    repeat: series.frequency,
    interval: series.interval,
    weekdays: series.weekdays,
    month_week: series.monthWeek,
    month_weekday: series.monthWeekday,
    until_on: series.untilOn,
    count: series.count,
  };
}

/**
 * Ends `series` the day before `from` and answers a new series of the same rule from `from`,
 * holding the occurrences from then on (a count left over goes with it).
 */
async function splitSeries(db: Database, series: SeriesRow, from: string): Promise<SeriesRow> {
  const rule = ruleOfSeries(series);
  const before = ruleDates({ ...rule, count: null }, addDays(from, -1)).length;
  const { id: _id, createdAt: _createdAt, ...columns } = series;
  const [later] = await db
    .insert(eventSeries)
    .values({ ...columns, startsOn: from, count: series.count === null ? null : Math.max(series.count - before, 1) })
    .returning();
  if (!later) throw new Error("The series was not split");
  await db
    .update(eventSeries)
    .set({ untilOn: addDays(from, -1), count: null })
    .where(eq(eventSeries.id, series.id));
  await db
    .update(events)
    .set({ seriesId: later.id })
    .where(and(eq(events.seriesId, series.id), gte(events.occurrenceOf, occurrenceStart(rule, from))));
  return later;
}

/**
 * The series' untouched occurrences from `fromDate` on follow its rule and template again: one
 * on a day the rule still gives is rewritten in place (its page, registrations and check-ins
 * stay); one on a day it no longer gives goes, or is cancelled if people registered for it.
 * Moved and cancelled ones stay as they are. Then the missing days are made.
 */
async function regenerate(db: Database, series: SeriesRow, fromDate: string, now?: Date): Promise<void> {
  const rule = ruleOfSeries(series);
  const ruleDays = new Set(ruleDates(rule, horizonOf(series, now)));
  const untouched = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.seriesId, series.id),
        eq(events.moved, false),
        ne(events.status, "cancelled"),
        gte(events.occurrenceOf, occurrenceStart(rule, fromDate)),
      ),
    );
  const gone: string[] = [];
  const clubClocks = await clubTimeZoneIn(db);
  for (const row of untouched) {
    const date = wallClock(row.occurrenceOf as Date, series.timeZone).date;
    if (!ruleDays.has(date)) {
      gone.push(row.id);
      continue;
    }
    await db
      .update(events)
      .set(occurrenceValues(series, date, clubClocks))
      .where(eq(events.id, row.id));
  }
  await dropOccurrences(db, gone);
  await fillSeries(db, series, now, fromDate);
}

async function dropOccurrences(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const registered = exists(db.select({ one: sql`1` }).from(registrations).where(eq(registrations.eventId, events.id)));
  await db
    .update(events)
    .set({ status: "cancelled", moved: true })
    .where(and(inArray(events.id, ids), registered));
  await db.delete(events).where(and(inArray(events.id, ids), sql`not ${registered}`));
}

/** A series, for the calendars and the dashboard. */
export async function findSeries(db: Database, seriesId: string): Promise<SeriesRow | undefined> {
  const [series] = await db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
  return series;
}

/** Every occurrence row of a series, the earliest first. */
export async function occurrencesOf(db: Database, seriesId: string): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.seriesId, seriesId)).orderBy(events.occurrenceOf);
}

/** A series as a calendar writes it: one repeating entry, its exceptions, and its moved occurrences. */
export interface SeriesCalendar {
  id: string;
  rule: SeriesRule;
  /** The rule's first day: a calendar's DTSTART must be one the rule gives. */
  firstOn: string;
  durationMinutes: number;
  /** What the repeating entry says: the next untouched occurrence, else the latest one. */
  face: ApiEvent;
  /** Occurrences called off (EXDATE), by the start the rule gave them. */
  cancelled: Date[];
  /** Occurrences changed on their own (RECURRENCE-ID entries). */
  moved: { event: ApiEvent; occurrenceOf: Date }[];
}

export async function seriesCalendar(
  db: Database,
  seriesId: string,
  today: string,
): Promise<SeriesCalendar | undefined> {
  const series = await findSeries(db, seriesId);
  const rows = (await occurrencesOf(db, seriesId)).filter((row) => row.occurrenceOf && eventIsShown(row));
  const untouched = rows.filter((row) => !row.moved && row.status !== "cancelled");
  const face = untouched.find((row) => (row.startsOn ?? "") >= today) ?? untouched.at(-1) ?? rows.at(-1);
  if (!series || !face) return undefined;
  const rule = ruleOfSeries(series);
  const [firstOn] = ruleDates(rule, addDays(series.startsOn, 400));
  if (!firstOn) return undefined;
  return {
    id: series.id,
    rule,
    firstOn,
    durationMinutes: series.durationMinutes,
    face: toApiEvent(face),
    cancelled: rows.filter((row) => row.status === "cancelled").map((row) => row.occurrenceOf as Date),
    moved: rows
      .filter((row) => row.moved && row.status !== "cancelled")
      .map((row) => ({ event: toApiEvent(row), occurrenceOf: row.occurrenceOf as Date })),
  };
}

const eventIsShown = (row: EventRow) => !(UNPUBLISHED_EVENT_STATUSES as readonly string[]).includes(row.status);

/** The series an event is an occurrence of, if any. */
export async function seriesIdOfEvent(db: Database, eventId: string): Promise<string | null> {
  const [row] = await db.select({ seriesId: events.seriesId }).from(events).where(eq(events.id, eventId));
  return row?.seriesId ?? null;
}

/** The next live (not cancelled, visible) occurrence after this one in its series: its page's link target. */
export async function nextOccurrenceAfter(db: Database, eventId: string): Promise<ApiEvent | null> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId));
  if (!row?.seriesId || !row.occurrenceOf) return null;
  const later = (await occurrencesOf(db, row.seriesId)).filter(
    (other) =>
      other.id !== row.id &&
      other.status !== "cancelled" &&
      eventIsShown(other) &&
      `${other.startsOn} ${other.startsAt}` > `${row.startsOn} ${row.startsAt}`,
  );
  later.sort((a, b) => `${a.startsOn} ${a.startsAt}`.localeCompare(`${b.startsOn} ${b.startsAt}`));
  return later[0] ? toApiEvent(later[0]) : null;
}
