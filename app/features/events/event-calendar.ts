/**
 * An event in calendars: the .ics files and the "Add to Google Calendar" link. No server code
 * and no zod (only ApiEvent's type), so the event page's links cost the browser bundle little.
 */
import { eventPagePath } from "~/content/events";
import { parseDurationMinutes } from "~/lib/duration";
import { readDateTime, zonedInstant } from "~/lib/zoned-time";
import type { ApiEvent } from "./events";

/** The fields an event's calendar entry is made of. */
export type CalendarEventFields = Pick<
  ApiEvent,
  "eventType" | "slug" | "name" | "details" | "venue" | "starts_on" | "starts_at" | "ends_at" | "contest_duration"
>;

export interface EventTimes {
  start: Date;
  /** Exclusive: an all-day event ends at the next day's start. */
  end: Date;
  /** An all-day entry's start and end are the days' UTC midnights: their UTC fields are the dates. */
  allDay: boolean;
}

/** An event whose duration reads as nothing ("TBA") fills an hour of the calendar. */
const DEFAULT_EVENT_MINUTES = 60;
const DAY_MS = 24 * 60 * 60_000;
const GOOGLE_CALENDAR_TEMPLATE = "https://calendar.google.com/calendar/render?action=TEMPLATE";

/**
 * When the event is, its date and time read on the club's clocks (`timeZone`): undefined without
 * a date (it has no calendar entry yet); all day when its time doesn't read as one.
 */
export function eventTimes(event: CalendarEventFields, timeZone: string): EventTimes | undefined {
  if (!event.starts_on) return undefined;
  const start = zonedInstant(event.starts_on, event.starts_at, timeZone);
  if (!start) {
    const day = new Date(`${event.starts_on}T00:00:00Z`);
    return { start: day, end: new Date(day.getTime() + DAY_MS), allDay: true };
  }
  return { start, end: eventEnd(event, start, timeZone), allDay: false };
}

/** The end the event names, else its start plus its duration: an end before the start is a typo. */
function eventEnd(event: CalendarEventFields, start: Date, timeZone: string): Date {
  const named = event.ends_at ? readDateTime(event.ends_at, timeZone) : undefined;
  if (named && named > start) return named;
  const minutes = parseDurationMinutes(event.contest_duration) ?? DEFAULT_EVENT_MINUTES;
  return new Date(start.getTime() + minutes * 60_000);
}

/** The event's page as an absolute address (URL-escaped: a Bangla slug is percent-encoded). */
export function eventPageUrl(baseUrl: string, event: Pick<ApiEvent, "eventType" | "slug">): string {
  return `${baseUrl}${encodeURI(eventPagePath(event))}`;
}

/** Where the event's own .ics file is: beside its page. */
export function eventIcsPath(event: Pick<ApiEvent, "eventType" | "slug">): string {
  return `${eventPagePath(event)}/event.ics`;
}

/** A calendar entry's description: the details, then the page, where the latest news of the event is. */
export function eventCalendarDescription(event: Pick<ApiEvent, "details">, pageUrl: string): string {
  const details = event.details.trim();
  return details ? `${details}\n\n${pageUrl}` : pageUrl;
}

/**
 * The link that opens Google Calendar's "new event" form filled in with the event: undefined
 * for an event without a date. Times go in UTC (`…Z`), so no time zone needs naming.
 */
export function googleCalendarLink(event: CalendarEventFields, pageUrl: string, timeZone: string): string | undefined {
  const times = eventTimes(event, timeZone);
  if (!times) return undefined;
  const fields = [
    `text=${encodeURIComponent(event.name)}`,
    `dates=${googleDate(times.start, times.allDay)}/${googleDate(times.end, times.allDay)}`,
    `details=${encodeURIComponent(eventCalendarDescription(event, pageUrl))}`,
  ];
  if (event.venue.trim()) fields.push(`location=${encodeURIComponent(event.venue.trim())}`);
  return `${GOOGLE_CALENDAR_TEMPLATE}&${fields.join("&")}`;
}

/** "20261212T040000Z", or "20261212" for an all-day entry (Google's formats). */
function googleDate(instant: Date, allDay: boolean): string {
  const iso = instant.toISOString();
  return allDay ? iso.slice(0, 10).replace(/-/g, "") : iso.replace(/[-:]|\.\d{3}/g, "");
}
