import { offsetDateTimeIn, readDateTime } from "../lib/zoned-time";
import type { Collection } from "./collection";

/**
 * A record's date and time is an instant (`2027-05-01T07:00:00Z`; a time on the club's clocks,
 * `2027-05-01T13:00`, is read on them). The edges put them on the club's clocks (`timeZone`, a site setting):
 * the API answers RFC 3339 with the club's offset (`2027-05-01T13:00:00+06:00`), which any
 * client reads unambiguously and every write takes back; the dashboard's datetime-local fields
 * show the club's clocks.
 */
export function apiDateTime(value: string, timeZone: string): string {
  const instant = readDateTime(value, timeZone);
  return instant ? offsetDateTimeIn(instant, timeZone) : value;
}

const hasOffset = (text: string) => /(?:Z|[+-]\d{2}:\d{2})$/i.test(text.trim());

/** Each date-and-time field (the form's `datetime` ones) of `record` passed through `convert`. */
function withDateTimes<Row extends object>(
  collection: Collection,
  record: Row,
  convert: (value: string) => string,
): Row {
  const copy = { ...record } as Record<string, unknown>;
  for (const field of collection.fields) {
    const value = copy[field.name];
    if (field.kind === "datetime" && typeof value === "string" && value.trim() !== "")
      copy[field.name] = convert(value);
  }
  return copy as Row;
}

/** A collection's record as the API answers it: its date-and-time fields in RFC 3339 with the club's offset. */
export function apiRecordOf<Row extends object>(collection: Collection, row: Row, timeZone: string): Row {
  return withDateTimes(collection, row, (value) => apiDateTime(value, timeZone));
}

/**
 * A write's body with its times on the club's clocks given their offset (`2027-05-01T13:00` →
 * `2027-05-01T13:00:00+06:00`): the input schemas then read instants, whatever the setting.
 * Anything else (an offset already, a typo the schema refuses) stays as it is.
 */
export function onClubClocks<Body>(collection: Collection, body: Body, timeZone: string): Body {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  return withDateTimes(collection, body, (value) => (hasOffset(value) ? value : apiDateTime(value, timeZone)));
}
