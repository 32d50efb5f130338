import { parseFeed } from "@rowanmanning/feed-parser";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSiteSettings } from "~/content/site";
import { todayIn } from "~/lib/format";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * The Atom feeds, the events calendar and the links to them, against the production build
 * (`npm run build`), on PGlite or on TEST_DATABASE_URL's server. Read back with a feed parser
 * and an iCalendar parser, as readers and calendar apps read them.
 */
const ADMIN = { name: "Feeds Admin", email: "feeds-admin@example.org", password: "admin-password-1" };
const CLUB = defaultSiteSettings.clubName;
const ZONE = "Asia/Dhaka";
const link = "https://example.org/file.pdf";
/** An admission notice, in Bangla: its address is percent-encoded. */
const BANGLA_NOTICE = "ভর্তি বিজ্ঞপ্তি";

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

/** The date `days` from today where the club is ("YYYY-MM-DD"). */
function clubDay(days: number): string {
  const [year, month, day] = todayIn(ZONE).split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The date and time an instant shows on the club's clocks, as "YYYY-MM-DD HH:MM". */
function onClubClocks(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const field = (type: string) => parts.find((part) => part.type === type)?.value;
  return `${field("year")}-${field("month")}-${field("day")} ${field("hour")}:${field("minute")}`;
}

async function add(path: string, body: unknown, cookie = adminCookie): Promise<string> {
  const response = await call(`/api/${path}`, { method: "POST", body, cookie });
  expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(201);
  return (await response.json()).insertedId;
}

const notice = (name: string, date: string, description = `About ${name}`) => ({
  name,
  publishing_date: date,
  pdfFile: link,
  description,
});

const event = (name: string, eventType: string, startsOn: string | null, startsAt: string, duration: string) => ({
  eventType,
  name,
  ...(startsOn ? { starts_on: startsOn } : {}),
  starts_at: startsAt,
  problem_number: 5,
  contest_duration: duration,
  details: `Details of ${name}`,
});

/** Upcoming events: each one's start on the club's clocks and the minutes the calendar should give it. */
const upcoming = [
  { name: "Boot camp today", type: "Boot Camp", day: 0, at: "00:00", duration: "3:00", minutes: 180 },
  { name: "Next contest", type: "Programming Contest", day: 3, at: "10:00", duration: "2 Hours", minutes: 120 },
  { name: "Early workshop", type: "WorkShop", day: 10, at: "05:30", duration: "90 minutes", minutes: 90 },
  { name: "Seminar of no set length", type: "Seminar", day: 20, at: "14:00", duration: "TBA", minutes: 60 },
];
const eventIds = new Map<string, string>();
const resultIds = new Map<string, string>();
const FILLER_NOTICES = 50;

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    AUTH_RATE_LIMIT_MAX: "1000",
  });
  server = running.server;
  adminCookie = await signUp(ADMIN);

  await add("add-notice", notice("Older notice", "2026-01-05"));
  await add("add-notice", notice("Newest notice: C++ & <vector>", "2026-05-28", "First line\nSecond line"));
  await add("add-notice", notice(BANGLA_NOTICE, "2026-03-01"));
  // Posted without an admin session: waits for review, newest date of all.
  await add("add-notice", notice("Waiting notice", "2026-09-01"), "");
  for (let i = 0; i < FILLER_NOTICES; i++) {
    const day = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10);
    await add("add-notice", notice(`Filler ${String(i).padStart(2, "0")}`, day));
  }

  resultIds.set(
    "Old contest",
    await add("add-result", { name: "Old contest", publishing_date: "2025-03-26", pdfFile: link }),
  );
  resultIds.set(
    "New contest",
    await add("add-result", {
      name: "New contest",
      publishing_date: "2026-02-21",
      pdfFile: link,
      description: "Final",
    }),
  );
  const submitted = await call("/api/products-collection", {
    method: "POST",
    body: { name: "Submitted result", "publishing-date": "2026-08-01", img: link, pdfLink: link },
  });
  expect(submitted.status).toBe(201);

  for (const item of upcoming) {
    eventIds.set(
      item.name,
      await add("add-event", event(item.name, item.type, clubDay(item.day), item.at, item.duration)),
    );
  }
  eventIds.set(
    "Past contest",
    await add("add-event", event("Past contest", "Programming Contest", clubDay(-1), "10:00", "2 Hours")),
  );
  eventIds.set(
    "Undated webinar",
    await add("add-event", event("Undated webinar", "Webinars", null, "18:00", "1 hour")),
  );
}, 180_000);

afterAll(() => running?.close());

async function fetchFeed(path: string) {
  const response = await call(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  const xml = await response.text();
  return { feed: parseFeed(xml), response };
}

describe("Atom feeds", () => {
  it("notices: published only, newest first, at most 50, with absolute links that open the notice", async () => {
    const { feed } = await fetchFeed("/feeds/notices.xml");
    const base = server.baseUrl;
    expect(feed.title).toBe(`${CLUB} notices`);
    expect(feed.url).toBe(`${base}/notice`);
    expect(feed.self).toBe(`${base}/feeds/notices.xml`);
    const titles = feed.items.map((item) => item.title);
    expect(titles).toHaveLength(50);
    expect(titles.slice(0, 4)).toEqual([
      "Newest notice: C++ & <vector>",
      BANGLA_NOTICE,
      "Older notice",
      `Filler ${FILLER_NOTICES - 1}`,
    ]);
    expect(titles).not.toContain("Waiting notice");
    // The three oldest of 53 published notices fall off the end.
    expect(titles).not.toContain("Filler 02");
    expect(titles.at(-1)).toBe("Filler 03");

    const [newest, bangla] = feed.items;
    expect(newest?.published?.toISOString()).toBe("2026-05-27T18:00:00.000Z"); // midnight in Dhaka
    expect(newest?.updated).toEqual(newest?.published);
    expect(feed.updated).toEqual(newest?.updated);
    expect(newest?.content).toContain("First line<br>Second line");
    expect(newest?.authors.map((author) => author.name)).toEqual([CLUB]);
    expect(newest?.id).toMatch(/^tag:127\.0\.0\.1,2026:notice\/[0-9a-f-]{36}$/);
    for (const item of [newest, bangla]) {
      expect(item?.url?.startsWith(`${base}/notice/`), item?.url ?? "").toBe(true);
      const page = await call(new URL(item?.url ?? "").pathname);
      expect(page.status, item?.url ?? "").toBe(200);
      expect(await page.text()).toContain(
        item?.title?.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
      );
    }
    expect(bangla?.url).toMatch(/^[\x21-\x7e]+$/); // percent-encoded

    const again = await fetchFeed("/feeds/notices.xml");
    expect(again.feed.items.map((item) => item.id)).toEqual(feed.items.map((item) => item.id));
  });

  it("results: published only, newest first, each linking to its anchor on /results", async () => {
    const { feed } = await fetchFeed("/feeds/results.xml");
    expect(feed.title).toBe(`${CLUB} contest results`);
    expect(feed.url).toBe(`${server.baseUrl}/results`);
    expect(feed.items.map((item) => item.title)).toEqual(["New contest", "Old contest"]);
    const newId = resultIds.get("New contest");
    expect(feed.items[0]?.url).toBe(`${server.baseUrl}/results#result-${newId}`);
    expect(feed.items[0]?.content).toContain("Final");
    expect(feed.items[0]?.published?.toISOString()).toBe("2026-02-20T18:00:00.000Z");
    expect(await (await call("/results")).text()).toContain(`id="result-${newId}"`);
  });

  it("events: every event by its start (an undated one by when it was added), latest first, linking its category", async () => {
    const { feed } = await fetchFeed("/feeds/events.xml");
    expect(feed.title).toBe(`${CLUB} events`);
    expect(feed.self).toBe(`${server.baseUrl}/feeds/events.xml`);
    expect(feed.items.map((item) => item.title)).toEqual([
      "Seminar of no set length",
      "Early workshop",
      "Next contest",
      "Undated webinar",
      "Boot camp today",
      "Past contest",
    ]);
    const dates = feed.items.map((item) => item.updated?.getTime() ?? 0);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const byTitle = new Map(feed.items.map((item) => [item.title, item]));
    const next = byTitle.get("Next contest");
    expect(onClubClocks(next!.published!)).toBe(`${clubDay(3)} 10:00`);
    expect(next?.url).toBe(`${server.baseUrl}/events/programming-contest/next-contest`);
    expect(next?.content).toContain("Details of Next contest");
    expect(byTitle.get("Early workshop")?.url).toBe(`${server.baseUrl}/events/workshop/early-workshop`);
    expect(byTitle.get("Undated webinar")?.url).toBe(`${server.baseUrl}/events/webinars/undated-webinar`);
    expect(byTitle.get("Next contest")?.id).toBe(`tag:127.0.0.1,2026:event/${eventIds.get("Next contest")}`);
  });

  it("answers a reader's poll of an unchanged feed with 304", async () => {
    const { response } = await fetchFeed("/feeds/events.xml");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const poll = await call("/feeds/events.xml", { headers: { "If-None-Match": `W/${etag}` } });
    expect(poll.status).toBe(304);
  });
});

describe("events calendar", () => {
  async function fetchCalendar() {
    const response = await call("/feeds/events.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    return new ICAL.Component(ICAL.parse(await response.text()));
  }

  it("lists the upcoming events only, each at its time in Dhaka, with a stable UID", async () => {
    const calendar = await fetchCalendar();
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`${CLUB} events`);
    expect(calendar.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT1H");
    expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT1H");
    const events = calendar.getAllSubcomponents("vevent");
    expect(events.map((vevent) => vevent.getFirstPropertyValue("summary"))).toEqual(upcoming.map((item) => item.name));
    for (const [index, vevent] of events.entries()) {
      const item = upcoming[index]!;
      const start = (vevent.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate();
      const end = (vevent.getFirstPropertyValue("dtend") as ICAL.Time).toJSDate();
      expect(onClubClocks(start), item.name).toBe(`${clubDay(item.day)} ${item.at}`);
      expect((end.getTime() - start.getTime()) / 60_000, item.name).toBe(item.minutes);
      expect(vevent.getFirstPropertyValue("uid")).toBe(`${eventIds.get(item.name)}@127.0.0.1`);
      expect(vevent.getFirstPropertyValue("description")).toBe(`Details of ${item.name}`);
      expect(vevent.getFirstPropertyValue("categories")).toBe(item.type);
      expect(vevent.getFirstPropertyValue("url")).toMatch(new RegExp(`^${server.baseUrl}/events/[a-z-]+/[a-z0-9-]+$`));
    }
    const again = await fetchCalendar();
    expect(again.getAllSubcomponents("vevent").map((vevent) => vevent.getFirstPropertyValue("uid"))).toEqual(
      events.map((vevent) => vevent.getFirstPropertyValue("uid")),
    );
  });

  it("answers HEAD without an account, as calendar apps check it", async () => {
    const response = await call("/feeds/events.ics", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  });
});

describe("links to the feeds", () => {
  it("public pages announce the three feeds in their head", async () => {
    for (const path of ["/", "/notice", "/events", "/results"]) {
      const html = await (await call(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      for (const [feed, title] of [
        ["notices", `${CLUB} notices`],
        ["events", `${CLUB} events`],
        ["results", `${CLUB} contest results`],
      ]) {
        expect(head, `${path} ${feed}`).toContain(
          `<link rel="alternate" type="application/atom+xml" title="${title}" href="/feeds/${feed}.xml"/>`,
        );
      }
    }
  });

  it("the events pages link to the calendar and the events feed", async () => {
    for (const path of ["/events", "/events/workshop"]) {
      const html = await (await call(path)).text();
      expect(html).toMatch(/<a href="\/feeds\/events\.ics"[^>]*>(<svg.*?<\/svg>)?Add the events to your calendar<\/a>/);
      expect(html).toMatch(
        /<a href="\/feeds\/events\.xml"[^>]*>(<svg.*?<\/svg>)?Follow the events in a feed reader<\/a>/,
      );
    }
  });

  it("keeps the feeds out of the sitemap: they are not pages", async () => {
    expect(await (await call("/sitemap.xml")).text()).not.toContain("/feeds/");
  });
});
