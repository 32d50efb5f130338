import type { ICalCalendarData, ICalEventData, ICalEventStatus } from "ical-generator";
import { eventPagePath } from "~/content/events";
import { type AtomFeedKey, atomFeeds, eventCalendar, feedTitle } from "~/content/feeds";
import type { AppContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import type { ApiNotice } from "~/features/collections/notices";
import { listNotices } from "~/features/collections/notices.server";
import type { ApiResult } from "~/features/collections/results";
import { listResults } from "~/features/collections/results.server";
import { eventCalendarDescription, eventPageUrl, eventTimes } from "~/features/events/event-calendar";
import type { ApiEvent } from "~/features/events/events";
import {
  type EventWithAddedAt,
  findEventBySlug,
  listDatedEventsFrom,
  listLatestEvents,
} from "~/features/events/events.server";
import { occurrenceStart, rruleOf } from "~/features/events/recurrence";
import { type SeriesCalendar, seriesCalendar, seriesIdOfEvent } from "~/features/events/series.server";
import { formatDate, formatTime, todayIn } from "~/lib/format";
import { localDateTimeIn, zonedInstant } from "~/lib/zoned-time";

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";
export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/**
 * Readers, calendar apps and CDNs may keep a feed this long; a poll after that costs a 304 when
 * nothing changed (ETag), and a feed is built once per content version, whoever asks.
 */
export const FEED_MAX_AGE_SECONDS = 15 * 60;
/** Entries per Atom feed: readers poll and keep what they saw, so the newest ones are enough. */
export const FEED_ENTRIES = 50;
/** More upcoming events than a club announces: only a bound on what a bulk import could make. */
const CALENDAR_EVENTS = 500;
/**
 * The date in every tag: URI id. Fixed for good: a changed id makes readers show every entry
 * again as new.
 */
const TAG_DATE = "2026";

type FeedApp = Pick<AppContext, "db" | "contentCache" | "settingsCache" | "config">;

interface Site {
  baseUrl: string;
  host: string;
  clubName: string;
  /** The club's clocks: event times are read on them. */
  timeZone: string;
}

/** An event's calendar entry: the event, and what the entry links to and says about it. */
interface CalendarEntry {
  event: ApiEvent;
  url: string;
  description: string;
  /**
   * DTSTAMP, else the time the file is made. A fixed one keeps a subscribed calendar's bytes (and
   * its ETag) the same until an event changes.
   */
  stamp?: Date;
}

/** One entry of an Atom feed, before the site's addresses are put on it. */
interface FeedEntry {
  /** Unique within the site and never changing (the record's id, not its slug). */
  key: string;
  title: string;
  path: string;
  date: Date;
  text: string;
}

async function siteOf(app: FeedApp): Promise<Site> {
  const settings = await readSiteSettings(app);
  const baseUrl = app.config.BASE_URL;
  return { baseUrl, host: new URL(baseUrl).hostname, clubName: settings.clubName, timeZone: settings.timeZone };
}

/** The Atom feed's XML, built once per content version (every content write bumps it). */
export async function readAtomFeed(app: FeedApp, feed: AtomFeedKey): Promise<string> {
  const site = await siteOf(app);
  return app.contentCache.read(`feed:${site.timeZone}:${feed}`, async () => {
    const entries = await feedEntries[feed](app, site.timeZone);
    return atomXml(site, feed, entries);
  });
}

/** The calendar of events from today on (the club's today), built once per content version and day. */
export async function readEventCalendar(app: FeedApp, now: Date = new Date()): Promise<string> {
  const site = await siteOf(app);
  const today = todayIn(site.timeZone, now);
  // The zone in the key: a change of the setting is no content write, yet moves every time.
  return app.contentCache.read(`feed:calendar:${site.timeZone}:${today}`, async () => {
    const events = await listDatedEventsFrom(app.db, today, CALENDAR_EVENTS);
    const calendar = {
      name: `${site.clubName} events`,
      description: atomFeeds.events.subtitle,
      url: absoluteUrl(site, "/events"),
      // REFRESH-INTERVAL and X-PUBLISHED-TTL: how often subscribed calendar apps fetch it again.
      ttl: eventCalendar.refreshSeconds,
    };
    const entries = events
      .filter(({ seriesId }) => seriesId === null)
      .map(({ event, addedAt }) => ({
        event,
        url: absoluteUrl(site, eventPagePath(event)),
        description: event.details,
        stamp: addedAt,
      }));
    const seriesIds = [...new Set(events.flatMap(({ seriesId }) => (seriesId ? [seriesId] : [])))];
    const series = await seriesCalendars(app, seriesIds, today);
    return calendarText(site, calendar, entries, series);
  });
}

/**
 * One event's own calendar file, to open in a calendar app: null for an event visitors can't
 * see or one without a date (it has no calendar entry yet). Built once per content version.
 */
export async function readEventIcs(app: FeedApp, eventType: string, slug: string): Promise<string | null> {
  const site = await siteOf(app);
  return app.contentCache.read(`feed:event:${site.timeZone}:${eventType}:${slug}`, async () => {
    const event = await findEventBySlug(app.db, eventType, slug);
    if (!event?.starts_on) return null;
    // An occurrence's file holds its whole series: a calendar app takes the rule, not one date.
    const seriesId = await seriesIdOfEvent(app.db, event._id);
    if (seriesId) return calendarText(site, {}, [], await seriesCalendars(app, [seriesId], todayIn(site.timeZone)));
    const url = eventPageUrl(site.baseUrl, event);
    return calendarText(site, {}, [{ event, url, description: eventCalendarDescription(event, url) }]);
  });
}

/** Each feed's entries; dates are read on the club's clocks (`timeZone`). */
const feedEntries: Record<AtomFeedKey, (app: FeedApp, timeZone: string) => Promise<FeedEntry[]>> = {
  notices: async (app, timeZone) =>
    (await listNotices(app.db, FEED_ENTRIES)).map((notice) => noticeEntry(notice, timeZone)),
  results: async (app, timeZone) =>
    (await listResults(app.db, FEED_ENTRIES)).map((result) => resultEntry(result, timeZone)),
  // The query orders by day; the exact start times (or times added) settle the order within one.
  events: async (app, timeZone) =>
    (await listLatestEvents(app.db, FEED_ENTRIES, timeZone))
      .map((entry) => eventEntry(entry, timeZone))
      .sort((a, b) => b.date.getTime() - a.date.getTime()),
};

function noticeEntry(notice: ApiNotice, timeZone: string): FeedEntry {
  return {
    key: `notice/${notice._id}`,
    title: notice.name,
    path: `/notice/${notice.slug}`,
    date: dayStart(notice.publishing_date, timeZone),
    text: notice.description,
  };
}

function resultEntry(result: ApiResult, timeZone: string): FeedEntry {
  return {
    key: `result/${result._id}`,
    title: result.name,
    // Each result on /results carries this anchor (the newest ones are on its first page).
    path: `/results#result-${result._id}`,
    date: dayStart(result.publishing_date, timeZone),
    text: result.description,
  };
}

function eventEntry({ event, addedAt }: EventWithAddedAt, timeZone: string): FeedEntry {
  const when = event.starts_on
    ? `${formatDate(event.starts_on)}, ${formatTime(event.starts_at)}`
    : `${formatTime(event.starts_at)}, date to be announced`;
  return {
    key: `event/${event._id}`,
    title: event.name,
    path: eventPagePath(event),
    date: eventStart(event, timeZone) ?? addedAt,
    text: `Starts: ${when}. Duration: ${event.contest_duration}.\n\n${event.details}`,
  };
}

/** Midnight of a date where the club is: a notice dated the 5th was out on the 5th in Rangamati. */
function dayStart(isoDate: string, timeZone: string): Date {
  return zonedInstant(isoDate, "00:00", timeZone) ?? new Date(isoDate);
}

/** The start on the club's clocks; a time that doesn't read as one counts from the day's start. */
function eventStart(event: ApiEvent, timeZone: string): Date | undefined {
  if (!event.starts_on) return undefined;
  return zonedInstant(event.starts_on, event.starts_at, timeZone) ?? dayStart(event.starts_on, timeZone);
}

function absoluteUrl(site: Site, path: string): string {
  // Addresses go out URL-escaped: a Bangla notice's slug is percent-encoded.
  return `${site.baseUrl}${encodeURI(path)}`;
}

/** A tag: URI (RFC 4151): stays the same when a notice is renamed and its address changes. */
function tagUri(site: Site, key: string): string {
  return `tag:${site.host},${TAG_DATE}:${key}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The feed library marks titles and content as HTML: plain text goes in escaped, its paragraphs kept. */
function textAsHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

// The feed libraries load on the first feed request, not with the server (decision 011, "Memory").
async function atomXml(site: Site, feed: AtomFeedKey, entries: FeedEntry[]): Promise<string> {
  const { Feed } = await import("feed");
  const { path, page, subtitle } = atomFeeds[feed];
  const author = { name: site.clubName, link: site.baseUrl };
  const atom = new Feed({
    id: tagUri(site, `feeds/${feed}`),
    title: feedTitle(site.clubName, feed),
    description: subtitle,
    link: absoluteUrl(site, page),
    feedLinks: { atom: absoluteUrl(site, path) },
    updated: entries[0]?.date ?? new Date(),
    author,
    generator: false,
  });
  for (const entry of entries) {
    atom.addItem({
      id: tagUri(site, entry.key),
      title: escapeHtml(entry.title),
      link: absoluteUrl(site, entry.path),
      date: entry.date,
      published: entry.date,
      content: entry.text.trim() ? textAsHtml(entry.text) : undefined,
      author: [author],
    });
  }
  return atom.atom1();
}

async function seriesCalendars(app: FeedApp, seriesIds: string[], today: string): Promise<SeriesCalendar[]> {
  const calendars = await Promise.all(seriesIds.map((id) => seriesCalendar(app.db, id, today)));
  return calendars.filter((calendar) => calendar !== undefined);
}

async function calendarText(
  site: Site,
  calendar: ICalCalendarData,
  entries: CalendarEntry[],
  series: SeriesCalendar[] = [],
): Promise<string> {
  const { default: ical, ICalEventStatus: eventStatus } = await import("ical-generator");
  const { tzlib_get_ical_block: zoneBlock } = await import("timezones-ical-library");
  const file = ical({
    prodId: { company: site.clubName, product: "Club website", language: "EN" },
    ...calendar,
    // No zone of the calendar's own (one-off events stay in UTC); a series names its zone, whose
    // VTIMEZONE the library then writes once.
    timezone: { name: null, generator: (zone) => zoneBlock(zone)[0] ?? null },
  });
  for (const entry of entries) {
    const data = calendarEvent(site, entry, eventStatus.CANCELLED);
    if (data) file.createEvent(data);
  }
  for (const one of series) for (const data of seriesEvents(site, one)) file.createEvent(data);
  return file.toString();
}

/**
 * A series as calendars take one: a repeating entry on the clocks of its zone (so it keeps its
 * local time across a change to summer time), an EXDATE for each cancelled occurrence, and an
 * entry of the same UID with a RECURRENCE-ID for each moved one.
 */
function seriesEvents(site: Site, series: SeriesCalendar): ICalEventData[] {
  const zone = series.rule.timeZone;
  const uid = `series-${series.id}@${site.host}`;
  const start = occurrenceStart(series.rule, series.firstOn);
  const localStamp = (instant: Date) => localDateTimeIn(instant, zone).replace(/[-:]/g, "").concat("00");
  const exdate = series.cancelled.length ? `\nEXDATE;TZID=${zone}:${series.cancelled.map(localStamp).join(",")}` : "";
  const face = series.face;
  const url = eventPageUrl(site.baseUrl, face);
  const master: ICalEventData = {
    id: uid,
    summary: face.name,
    description: eventCalendarDescription(face, url),
    location: face.venue.trim() || null,
    url,
    categories: [{ name: face.eventType }],
    timezone: zone,
    start: zoneClock(start, zone),
    end: zoneClock(new Date(start.getTime() + series.durationMinutes * 60_000), zone),
    repeating: `RRULE:${rruleOf(series.rule)}${exdate}`,
  };
  const moved = series.moved.flatMap(({ event, occurrenceOf }) => {
    const times = eventTimes(event, site.timeZone);
    if (!times || times.allDay) return [];
    const eventUrl = eventPageUrl(site.baseUrl, event);
    return [
      {
        id: uid,
        summary: event.name,
        description: eventCalendarDescription(event, eventUrl),
        location: event.venue.trim() || null,
        url: eventUrl,
        timezone: zone,
        start: zoneClock(times.start, zone),
        end: zoneClock(times.end, zone),
        recurrenceId: zoneClock(occurrenceOf, zone),
      },
    ];
  });
  return [master, ...moved];
}

/**
 * An instant as the library takes a time on a named zone's clocks: a date-time without an offset,
 * which it writes back field for field after that zone's TZID.
 */
function zoneClock(instant: Date, zone: string): string {
  return `${localDateTimeIn(instant, zone)}:00`;
}

/**
 * Times go out in UTC (no VTIMEZONE needed); an event without a readable time is an all-day one,
 * one without a date has no entry. `cancelled` is the library's status, loaded with it.
 */
function calendarEvent(
  site: Site,
  { event, url, description, stamp }: CalendarEntry,
  cancelled: ICalEventStatus,
): ICalEventData | undefined {
  const times = eventTimes(event, site.timeZone);
  if (!times) return undefined;
  return {
    id: `${event._id}@${site.host}`,
    summary: event.name,
    description,
    location: event.venue.trim() || null,
    url,
    categories: [{ name: event.eventType }],
    stamp,
    start: times.start,
    // An all-day entry of one day says its start only, as calendar apps write one.
    end: times.allDay ? null : times.end,
    allDay: times.allDay,
    // A cancelled event stays, marked: a calendar app that has it shows it called off.
    status: event.status === "cancelled" ? cancelled : null,
  };
}

/** The `<link rel="alternate">`s of every public page: a feed reader given any page finds the feeds. */
export function feedAutodiscovery(clubName: string): { href: string; title: string }[] {
  return (Object.keys(atomFeeds) as AtomFeedKey[]).map((feed) => ({
    href: atomFeeds[feed].path,
    title: feedTitle(clubName, feed),
  }));
}
