import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventSeries, events } from "~/db/schema";
import { eventInput } from "~/features/events/events";
import { listNextEvents, listUpcomingEvents } from "~/features/events/events.server";
import { type SeriesRuleInput, seriesRuleInput } from "~/features/events/series";
import { createSeries, editOccurrence, occurrencesOf, topUpAllSeries } from "~/features/events/series.server";
import { sayMessage } from "~/i18n/message.server";
import { issueMessage } from "~/lib/field-errors";
import { readEventCalendar, readEventIcs } from "~/wiring/feeds.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { uniqueSuffix } from "../support/event-fixtures";

/**
 * Recurring events on a real database: the rule's days and times (across London's change back
 * from summer time, and in Dhaka, which has none), one occurrence cancelled and one moved, edits
 * of "this and following" and "all", the lists showing a series by its next occurrence, and the
 * calendar file read back by ical.js, expanded as a calendar app expands it.
 */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
}, 120_000);
afterAll(() => testDb.close());

const BASE_URL = "https://club.example.org";
const feedApp = () =>
  ({
    db: testDb.db,
    contentCache: { read: (_key: string, load: () => Promise<unknown>) => load() },
    settingsCache: { read: (_key: string, load: () => Promise<unknown>) => load() },
    config: { BASE_URL },
  }) as unknown as Parameters<typeof readEventCalendar>[0];

function session(name: string, startsOn: string, extra: Record<string, unknown> = {}) {
  return eventInput.parse({
    eventType: "WorkShop",
    name,
    starts_on: startsOn,
    starts_at: "18:00",
    problem_number: 0,
    contest_duration: "2 hours",
    details: "Weekly practice: bring a laptop.",
    venue: "CSE Lab 1",
    ...extra,
  });
}

const rule = (fields: Record<string, unknown>): SeriesRuleInput => seriesRuleInput.parse(fields);
const startsOf = (rows: (typeof events.$inferSelect)[]) => rows.map((row) => row.occurrenceOf?.toISOString());
const octoberFirst = new Date("2026-10-01T00:00:00Z");

describe("a series' occurrences", () => {
  it("keep 18:00 on London's clocks across the end of summer time (25 October 2026)", async () => {
    const name = `London practice ${uniqueSuffix()}`;
    const { seriesId, made } = await createSeries(
      testDb.db,
      session(name, "2026-10-15"),
      rule({ repeat: "weekly", weekdays: "4", count: "4" }),
      { timeZone: "Europe/London", now: octoberFirst },
    );
    expect(made).toBe(4);
    const rows = await occurrencesOf(testDb.db, seriesId);
    expect(startsOf(rows)).toEqual([
      "2026-10-15T17:00:00.000Z",
      "2026-10-22T17:00:00.000Z",
      "2026-10-29T18:00:00.000Z",
      "2026-11-05T18:00:00.000Z",
    ]);
    // Rows hold the club's clocks (Dhaka, UTC+6): after London's change the session is past midnight there.
    expect(rows.map((row) => `${row.startsOn} ${row.startsAt}`)).toEqual([
      "2026-10-15 23:00",
      "2026-10-22 23:00",
      "2026-10-30 00:00",
      "2026-11-06 00:00",
    ]);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(4);
    // Topping up makes nothing more: the count is reached.
    expect(await topUpAllSeries(testDb.db, octoberFirst)).toBe(0);
  });

  it("in Dhaka (no summer time): every other week on Tuesday and Thursday until a date, and the last Friday monthly", async () => {
    const fortnightly = await createSeries(
      testDb.db,
      session(`Fortnightly ${uniqueSuffix()}`, "2026-11-03", { starts_at: "17:00" }),
      rule({ repeat: "weekly", interval: "2", weekdays: "2, 4", until_on: "2026-12-01" }),
      { now: octoberFirst },
    );
    expect(startsOf(await occurrencesOf(testDb.db, fortnightly.seriesId))).toEqual([
      "2026-11-03T11:00:00.000Z",
      "2026-11-05T11:00:00.000Z",
      "2026-11-17T11:00:00.000Z",
      "2026-11-19T11:00:00.000Z",
      "2026-12-01T11:00:00.000Z",
    ]);
    const monthly = await createSeries(
      testDb.db,
      session(`Last Friday ${uniqueSuffix()}`, "2026-11-01", { starts_at: "15:00" }),
      rule({ repeat: "monthly", month_week: "-1", month_weekday: "5", count: "3" }),
      { now: new Date("2026-11-01T00:00:00Z") },
    );
    const monthDays = async () => (await occurrencesOf(testDb.db, monthly.seriesId)).map((row) => row.startsOn);
    // Made twelve weeks ahead: January's comes with the top-up job once it is that near.
    expect(await monthDays()).toEqual(["2026-11-27", "2026-12-25"]);
    // An occurrence an admin deleted stays deleted: the job only adds days after the latest one.
    await testDb.db.delete(events).where(and(eq(events.seriesId, monthly.seriesId), eq(events.startsOn, "2026-12-25")));
    await topUpAllSeries(testDb.db, new Date("2026-11-10T00:00:00Z"));
    expect(await monthDays()).toEqual(["2026-11-27", "2027-01-29"]);
  });

  it("refuse a rule without its days, naming the field", () => {
    const weekly = seriesRuleInput.safeParse({ repeat: "weekly", weekdays: "" });
    expect(weekly.error?.issues.map((issue) => [issue.path.join("."), sayMessage(issueMessage(issue), "en")])).toEqual([
      ["weekdays", "Weekdays: choose at least one day"],
    ]);
    const both = seriesRuleInput.safeParse({ repeat: "weekly", weekdays: "1", until_on: "2027-01-01", count: "3" });
    expect(both.error?.issues[0]?.path).toEqual(["count"]);
  });
});

describe("one occurrence cancelled and one moved", () => {
  it("change only their rows; lists show the next live occurrence; the calendar has RRULE, EXDATE and RECURRENCE-ID", async () => {
    const name = `Thursday practice ${uniqueSuffix()}`;
    const template = session(name, "2026-10-15");
    const { seriesId } = await createSeries(
      testDb.db,
      template,
      rule({ repeat: "weekly", weekdays: "4", count: "4" }),
      { timeZone: "Europe/London", now: octoberFirst },
    );
    const [first, second, third, fourth] = await occurrencesOf(testDb.db, seriesId);
    if (!first || !second || !third || !fourth) throw new Error("four occurrences");

    // Cancel the fourth (5 November); move the third an hour later, to another room.
    // The dashboard's form of an occurrence holds its own date and time (on the club's clocks).
    const own = (row: typeof fourth) => ({ ...template, starts_on: row.startsOn, starts_at: row.startsAt });
    expect(await editOccurrence(testDb.db, fourth.id, { ...own(fourth), status: "cancelled" }, "this")).toBe(true);
    const moved = { ...template, starts_on: "2026-10-30", starts_at: "01:00", venue: "Room 204" };
    expect(await editOccurrence(testDb.db, third.id, moved, "this")).toBe(true);
    const rows = await occurrencesOf(testDb.db, seriesId);
    expect(rows.map((row) => [row.status, row.moved, row.venue])).toEqual([
      ["published", false, "CSE Lab 1"],
      ["published", false, "CSE Lab 1"],
      ["published", true, "Room 204"],
      ["cancelled", false, "CSE Lab 1"],
    ]);

    // Lists: the next occurrence only, never a cancelled one.
    const workshopsFrom = async (today: string) =>
      (await listUpcomingEvents(testDb.db, "WorkShop", today)).filter((event) => event.name === name);
    expect((await workshopsFrom("2026-10-16")).map((event) => event.starts_on)).toEqual(["2026-10-22"]);
    expect((await workshopsFrom("2026-10-23")).map((event) => [event.starts_on, event.venue])).toEqual([
      ["2026-10-30", "Room 204"],
    ]);
    expect(await workshopsFrom("2026-10-31")).toEqual([]);
    const home = (await listNextEvents(testDb.db, "2026-10-16", 100)).filter((event) => event.name === name);
    expect(home).toHaveLength(1);

    // The calendar, as a calendar app reads it.
    const text = await readEventCalendar(feedApp(), octoberFirst);
    const starts = expandSeries(text, `series-${seriesId}@club.example.org`);
    expect(starts).toEqual([
      ["2026-10-15T17:00:00.000Z", "CSE Lab 1"],
      ["2026-10-22T17:00:00.000Z", "CSE Lab 1"],
      ["2026-10-29T19:00:00.000Z", "Room 204"],
    ]);
    // The occurrence's own file holds the same series.
    const file = await readEventIcs(feedApp(), "WorkShop", first.slug);
    expect(expandSeries(file ?? "", `series-${seriesId}@club.example.org`)).toEqual(starts);
  });
});

describe("editing a series", () => {
  it("'all' rewrites untouched occurrences in place and keeps a moved one; 'this and following' splits the series", async () => {
    const template = session(`Sunday club ${uniqueSuffix()}`, "2026-11-01", { starts_at: "10:00" });
    const now = new Date("2026-10-25T00:00:00Z");
    const { seriesId } = await createSeries(
      testDb.db,
      template,
      rule({ repeat: "weekly", weekdays: "0", count: "5" }),
      { now },
    );
    const before = await occurrencesOf(testDb.db, seriesId);
    const [, second, third] = before;
    if (!second || !third) throw new Error("five occurrences");
    await editOccurrence(testDb.db, second.id, { ...template, starts_on: second.startsOn, venue: "Hall" }, "this");

    await editOccurrence(testDb.db, third.id, { ...template, starts_at: "11:00", details: "Now at eleven" }, "all", {
      now,
    });
    const afterAll = await occurrencesOf(testDb.db, seriesId);
    expect(afterAll.map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect(afterAll.map((row) => [row.startsAt, row.venue])).toEqual([
      ["11:00", "CSE Lab 1"],
      ["10:00", "Hall"],
      ["11:00", "CSE Lab 1"],
      ["11:00", "CSE Lab 1"],
      ["11:00", "CSE Lab 1"],
    ]);

    await editOccurrence(testDb.db, third.id, { ...template, starts_at: "11:00", venue: "Lab 3" }, "following", {
      now,
    });
    const [series] = await testDb.db.select().from(eventSeries).where(eq(eventSeries.id, seriesId));
    expect([series?.untilOn, series?.count]).toEqual(["2026-11-14", null]);
    const earlier = await occurrencesOf(testDb.db, seriesId);
    expect(earlier.map((row) => row.startsOn)).toEqual(["2026-11-01", "2026-11-08"]);
    const later = await testDb.db.select().from(events).where(eq(events.id, third.id));
    const laterSeries = later[0]?.seriesId;
    if (!laterSeries) throw new Error("no new series");
    const rest = await occurrencesOf(testDb.db, laterSeries);
    expect(rest.map((row) => [row.startsOn, row.venue])).toEqual([
      ["2026-11-15", "Lab 3"],
      ["2026-11-22", "Lab 3"],
      ["2026-11-29", "Lab 3"],
    ]);
  });
});

/** The series' occurrences as ical.js expands its VEVENTs: UTC start and location of each. */
function expandSeries(text: string, uid: string): [string, string][] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const entries = calendar
    .getAllSubcomponents("vevent")
    .filter((vevent) => vevent.getFirstPropertyValue("uid") === uid);
  const master = entries.find((vevent) => vevent.hasProperty("rrule"));
  if (!master) throw new Error(`no repeating entry for ${uid}`);
  const event = new ICAL.Event(master);
  for (const exception of entries.filter((vevent) => vevent.hasProperty("recurrence-id"))) {
    event.relateException(exception);
  }
  const iterator = event.iterator();
  const found: [string, string][] = [];
  for (let next = iterator.next(); next && found.length < 20; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next);
    found.push([details.startDate.toJSDate().toISOString(), String(details.item.location)]);
  }
  return found;
}
