/**
 * A recurring event's rule and the days it falls on. Days are calendar dates (no zone); a
 * date becomes an instant only with the rule's start time on the clocks of its zone, so an
 * occurrence after a change to summer time starts at the same local time, an hour earlier in UTC.
 * The rule is the subset of RFC 5545's RRULE that calendars agree on, and `rruleOf` writes it
 * as one: the site's dates and a calendar app's must be the same.
 */
import { localDateTimeIn, zonedInstant } from "~/lib/zoned-time";

export type SeriesFrequency = "weekly" | "monthly";

export interface SeriesRule {
  frequency: SeriesFrequency;
  /** Every `interval` weeks (or months). */
  interval: number;
  /** Weekly: 0 Sunday … 6 Saturday. */
  weekdays: number[];
  /** Monthly: the 1st-4th, or -1 the last, `monthWeekday` of the month. */
  monthWeek: number | null;
  monthWeekday: number | null;
  startsOn: string;
  /** HH:MM on the clocks of `timeZone`. */
  startsAt: string;
  timeZone: string;
  untilOn: string | null;
  count: number | null;
}

const DAY_MS = 86_400_000;
const RRULE_DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
/** A rule with neither end stops being read this far on: a bound, not a promise. */
const OPEN_RULE_YEARS = 10;

const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (day: number) => (day + 4) % 7; // day 0, 1970-01-01, was a Thursday
/** The Monday on or before a day: weeks start on Monday, as RRULE's default WKST=MO. */
const mondayOf = (day: number) => day - ((weekdayOf(day) + 6) % 7);

export function addDays(isoDate: string, days: number): string {
  return isoOf(dayNumber(isoDate) + days);
}

/** The days the rule falls on, in order, up to `horizonOn` (inclusive) or the rule's own end. */
export function ruleDates(rule: SeriesRule, horizonOn: string): string[] {
  const last = Math.min(
    dayNumber(horizonOn),
    rule.untilOn ? dayNumber(rule.untilOn) : Number.POSITIVE_INFINITY,
    dayNumber(rule.startsOn) + OPEN_RULE_YEARS * 366,
  );
  const dates: string[] = [];
  for (const day of candidateDays(rule, last)) {
    if (rule.count !== null && dates.length >= rule.count) break;
    dates.push(isoOf(day));
  }
  return dates;
}

function* candidateDays(rule: SeriesRule, last: number): Generator<number> {
  const first = dayNumber(rule.startsOn);
  if (rule.frequency === "weekly") {
    const weekdays = [...new Set(rule.weekdays)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
    for (let monday = mondayOf(first); monday <= last; monday += 7 * rule.interval) {
      for (const weekday of weekdays) {
        const day = monday + ((weekday + 6) % 7);
        if (day >= first && day <= last) yield day;
      }
    }
    return;
  }
  const start = new Date(first * DAY_MS);
  for (let months = 0; ; months += rule.interval) {
    const day = nthWeekdayOfMonth(
      start.getUTCFullYear(),
      start.getUTCMonth() + months,
      rule.monthWeek ?? 1,
      rule.monthWeekday ?? 0,
    );
    if (day > last) return;
    if (day >= first) yield day;
  }
}

/** The `week`th (or with -1 the last) `weekday` of a month (months past 11 roll into later years). */
function nthWeekdayOfMonth(year: number, month: number, week: number, weekday: number): number {
  if (week === -1) {
    const lastDay = Date.UTC(year, month + 1, 0) / DAY_MS;
    return lastDay - ((weekdayOf(lastDay) - weekday + 7) % 7);
  }
  const firstDay = Date.UTC(year, month, 1) / DAY_MS;
  return firstDay + ((weekday - weekdayOf(firstDay) + 7) % 7) + (week - 1) * 7;
}

/** When an occurrence on `isoDate` starts: the rule's time on its zone's clocks that day. */
export function occurrenceStart(rule: Pick<SeriesRule, "startsAt" | "timeZone">, isoDate: string): Date {
  const start = zonedInstant(isoDate, rule.startsAt, rule.timeZone);
  if (!start) throw new Error(`Not a time: ${isoDate} ${rule.startsAt}`);
  return start;
}

/** An instant as a date and a time on the clocks of `timeZone`: how an event row holds its start. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const [date = "", time = ""] = localDateTimeIn(instant, timeZone).split("T");
  return { date, time };
}

/** The rule as an RRULE value ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=…"), for calendar files. */
export function rruleOf(rule: SeriesRule): string {
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === "weekly") {
    parts.push(`BYDAY=${rule.weekdays.map((day) => RRULE_DAYS[day]).join(",")}`);
  } else {
    parts.push(`BYDAY=${rule.monthWeek ?? 1}${RRULE_DAYS[rule.monthWeekday ?? 0]}`);
  }
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  // UNTIL is in UTC when the start has a zone (RFC 5545 3.3.10): the last day's end, there.
  if (rule.untilOn !== null)
    parts.push(`UNTIL=${utcStamp(occurrenceStart({ ...rule, startsAt: "23:59" }, rule.untilOn))}`);
  return parts.join(";");
}

const utcStamp = (instant: Date) => instant.toISOString().replace(/[-:]|\.\d{3}/g, "");
