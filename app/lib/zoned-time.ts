import { dateTimeFormat } from "./format";

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
 * field shows): the inverse of `zonedInstant` to the minute.
 */
export function localDateTimeIn(instant: Date, timeZone: string): string {
  const parts = wallClockIn(timeZone).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const date = `${String(field("year")).padStart(4, "0")}-${twoDigits(field("month"))}-${twoDigits(field("day"))}`;
  return `${date}T${twoDigits(field("hour"))}:${twoDigits(field("minute"))}`;
}
