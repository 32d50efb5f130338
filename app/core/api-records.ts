import { clubTimeZone } from "~/content/site";
import { offsetDateTimeIn, readDateTime } from "~/lib/zoned-time";
import type { Collection } from "./collection";

/**
 * The records keep a date and time as the club's clocks show it (`2027-05-01T13:00`, what the
 * dashboard's datetime-local fields show and the pages print); the API answers it as RFC 3339
 * with the club's offset (`2027-05-01T13:00:00+06:00`), which any client reads unambiguously
 * and which every write takes back.
 */
export function apiDateTime(clubClock: string): string {
  const instant = readDateTime(clubClock, clubTimeZone);
  return instant ? offsetDateTimeIn(instant, clubTimeZone) : clubClock;
}

/** A collection's record as the API answers it: its date-and-time fields (the form's `datetime` ones) in RFC 3339. */
export function apiRecordOf<Row extends object>(collection: Collection, row: Row): Row {
  const record = { ...row } as Record<string, unknown>;
  for (const field of collection.fields) {
    const value = record[field.name];
    if (field.kind === "datetime" && typeof value === "string") record[field.name] = apiDateTime(value);
  }
  return record as Row;
}
