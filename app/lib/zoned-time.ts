import { dateTimeFormat } from "./format";

/**
 * Whether `name` is a zone of the IANA database the runtime knows (`Asia/Dhaka`, `UTC`); a bare
 * offset (`+06:00`), which Intl also takes, is no zone: it would miss the clocks' changes.
 */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+/-]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

const wallClockIn = (timeZone: string) =>
  dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });

/** How far the zone's clocks are ahead of UTC at `instant` (milliseconds; whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = wallClockIn(timeZone).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const shown = Date.UTC(
    field("year"),
    field("month") - 1,
    field("day"),
    field("hour"),
    field("minute"),
    field("second"),
  );
  return shown - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a date and a time of day on the clocks of `timeZone` name: ("2026-12-12",
 * "10:00", "Asia/Dhaka") is 04:00 UTC, whatever the server's own zone. Undefined when either
 * is not a real date or time ("25:00", "2026-02-30", "TBA").
 */
export function zonedInstant(isoDate: string, time: string, timeZone: string): Date | undefined {
  const date = ISO_DATE.exec(isoDate);
  const clock = TIME_OF_DAY.exec(time.trim());
  if (!date || !clock) return undefined;
  const [year, month, day] = [Number(date[1]), Number(date[2]), Number(date[3])];
  const [hours, minutes, seconds] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const asIfUtc = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const check = new Date(asIfUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  // The offset at a first guess, then at the corrected instant: right on a day the clocks change too.
  const guess = asIfUtc - offsetAt(asIfUtc, timeZone);
  return new Date(asIfUtc - offsetAt(guess, timeZone));
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * An instant as the clocks of `timeZone` show it, `YYYY-MM-DDTHH:MM` (what a datetime-local
 * field shows): the inverse of `zonedInstant` to the minute. With `seconds: "unless-zero"`,
 * `:SS` follows when the seconds are not zero, so a time given to the second stays exact.
 */
export function localDateTimeIn(instant: Date, timeZone: string, options: { seconds?: "unless-zero" } = {}): string {
  const parts = wallClockIn(timeZone).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const date = `${String(field("year")).padStart(4, "0")}-${twoDigits(field("month"))}-${twoDigits(field("day"))}`;
  const seconds = options.seconds && field("second") !== 0 ? `:${twoDigits(field("second"))}` : "";
  return `${date}T${twoDigits(field("hour"))}:${twoDigits(field("minute"))}${seconds}`;
}

/**
 * A date and time on the clocks of `timeZone` (`YYYY-MM-DDTHH:MM`, seconds optional), or an
 * RFC 3339 instant with its offset (`…T04:00:00Z`, `…T10:00+06:00`, a fraction of a second
 * ignored). Groups: date, time of day, offset. The API's inputs document it as their pattern.
 */
export const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:\d{2})?$/i;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * The instant `text` names (see DATE_TIME); a time without an offset is on the clocks of
 * `timeZone`. Undefined for anything else, and for dates and times that don't exist
 * ("2027-02-30", "24:00", "+25:00").
 */
export function readDateTime(text: string, timeZone: string): Date | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, date = "", clock = "", offset] = match;
  const time = clock.replace(/\.\d+$/, "");
  if (offset === undefined) return zonedInstant(date, time, timeZone);
  const asUtc = zonedInstant(date, time, "UTC");
  if (!asUtc || offset.toUpperCase() === "Z") return asUtc;
  const [, sign, hours = "", minutes = ""] = OFFSET.exec(offset) ?? [];
  if (Number(hours) > 23 || Number(minutes) > 59) return undefined;
  const ahead = (Number(hours) * 60 + Number(minutes)) * 60_000 * (sign === "-" ? -1 : 1);
  return new Date(asUtc.getTime() - ahead);
}

/**
 * A date and time (RFC 3339, or `YYYY-MM-DDTHH:MM` on the clocks of `timeZone`) as a
 * datetime-local field shows it on those clocks; text that is neither stays as it is.
 */
export function formDateTime(text: string, timeZone: string): string {
  const instant = readDateTime(text, timeZone);
  return instant ? localDateTimeIn(instant, timeZone, { seconds: "unless-zero" }) : text;
}

/** An instant as RFC 3339 in UTC, to the second: `2027-05-01T07:00:00Z` (no zone needed to read it). */
export function instantText(instant: Date): string {
  return instant.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** An instant's text as records carry it (`…Z`, `instantText`) as a date; absent or unreadable: undefined. */
export function instantFrom(text: string | null | undefined): Date | undefined {
  return text ? readDateTime(text, "UTC") : undefined;
}

/** A stored instant as records carry it (`instantText`; the edges show it on the club's clocks); null stays null. */
export function instantTextOf(instant: Date | null): string | null {
  return instant ? instantText(instant) : null;
}

/**
 * An instant as RFC 3339 on the clocks of `timeZone`, with that zone's offset at the time:
 * `2027-05-01T13:00:00+06:00` (`Z` where the offset is zero).
 */
export function offsetDateTimeIn(instant: Date, timeZone: string): string {
  const parts = wallClockIn(timeZone).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const date = `${String(field("year")).padStart(4, "0")}-${twoDigits(field("month"))}-${twoDigits(field("day"))}`;
  const time = `${twoDigits(field("hour"))}:${twoDigits(field("minute"))}:${twoDigits(field("second"))}`;
  const minutesAhead = Math.round(offsetAt(instant.getTime(), timeZone) / 60_000);
  if (minutesAhead === 0) return `${date}T${time}Z`;
  const sign = minutesAhead < 0 ? "-" : "+";
  const ahead = Math.abs(minutesAhead);
  return `${date}T${time}${sign}${twoDigits(Math.floor(ahead / 60))}:${twoDigits(ahead % 60)}`;
}
