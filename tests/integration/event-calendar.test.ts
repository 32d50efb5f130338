import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * One event's .ics file and the "Add to Google Calendar" link on its page, against the
 * production build (`npm run build`), on PGlite or on TEST_DATABASE_URL's server. The file is
 * read back with an iCalendar parser, as calendar apps read it.
 */
const ADMIN = { name: "Calendar Admin", email: "calendar-admin@example.org", password: "admin-password-1" };
const CONTEST_PAGE = "/events/programming-contest/victory-day-contest";
const SEMINAR = "ভাষা দিবস সেমিনার";

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);
const ids = new Map<string, string>();

/** 10:00 on 16 December 2030 where the club is (Dhaka, UTC+6): 04:00 UTC. */
function contest(name: string, extra: Record<string, unknown> = {}) {
  return {
    eventType: "Programming Contest",
    name,
    starts_on: "2030-12-16",
    starts_at: "10:00",
    problem_number: 8,
    contest_duration: "3 Hours",
    details: `Details of ${name}`,
    ...extra,
  };
}

async function addEvent(body: Record<string, unknown>): Promise<void> {
  const response = await call("/api/add-event", { method: "POST", body, cookie: adminCookie });
  expect(response.status, JSON.stringify(body)).toBe(201);
  ids.set(String(body.name), (await response.json()).insertedId);
}

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    AUTH_RATE_LIMIT_MAX: "1000",
  });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  await addEvent(contest("Victory Day Contest", { ends_at: "2030-12-16T13:30", venue: "CSE Lab 2" }));
  await addEvent(contest("Called off contest", { status: "cancelled" }));
  await addEvent(contest("Draft contest", { status: "draft" }));
  const { starts_on: _, ...undated } = contest("Undated contest");
  await addEvent(undated);
  await addEvent(contest(SEMINAR, { eventType: "Seminar" }));
}, 180_000);

afterAll(() => running?.close());

async function fetchIcs(path: string) {
  const response = await call(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return { response, vevent: events[0]! };
}

const instant = (vevent: ICAL.Component, name: string) =>
  (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();

describe("an event's .ics file", () => {
  it("holds the one event, at its time in Dhaka in UTC, linking its page, as a download named by its slug", async () => {
    const { response, vevent } = await fetchIcs(`${CONTEST_PAGE}/event.ics`);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="victory-day-contest.ics"');
    const pageUrl = `${server.baseUrl}${CONTEST_PAGE}`;
    expect(vevent.getFirstPropertyValue("uid")).toBe(`${ids.get("Victory Day Contest")}@127.0.0.1`);
    expect(vevent.getFirstPropertyValue("summary")).toBe("Victory Day Contest");
    expect(instant(vevent, "dtstart")).toBe("2030-12-16T04:00:00.000Z");
    // The end the event names, not its start plus its three hours.
    expect(instant(vevent, "dtend")).toBe("2030-12-16T07:30:00.000Z");
    expect(vevent.getFirstPropertyValue("description")).toBe(`Details of Victory Day Contest\n\n${pageUrl}`);
    expect(vevent.getFirstPropertyValue("location")).toBe("CSE Lab 2");
    expect(vevent.getFirstPropertyValue("url")).toBe(pageUrl);
    expect(vevent.getFirstPropertyValue("status")).toBeNull();
  });

  it("marks a cancelled event cancelled", async () => {
    const { vevent } = await fetchIcs("/events/programming-contest/called-off-contest/event.ics");
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.getFirstPropertyValue("location")).toBeNull();
  });

  it("names a Bangla event's file in the header's UTF-8 form, beside a plain name", async () => {
    const events: { name: string; slug: string }[] = await (await call("/api/events")).json();
    const slug = events.find((event) => event.name === SEMINAR)?.slug ?? "";
    expect(slug).toMatch(/^[^a-z]+$/);
    const { response, vevent } = await fetchIcs(`/events/seminar/${encodeURIComponent(slug)}/event.ics`);
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="event.ics"; filename*=UTF-8''${encodeURIComponent(`${slug}.ics`)}`,
    );
    expect(vevent.getFirstPropertyValue("url")).toBe(`${server.baseUrl}/events/seminar/${encodeURIComponent(slug)}`);
  });

  it("is not found for a draft, an undated event, an unknown event or category, or the wrong category", async () => {
    for (const path of [
      "/events/programming-contest/draft-contest/event.ics",
      "/events/programming-contest/undated-contest/event.ics",
      "/events/programming-contest/no-such-contest/event.ics",
      "/events/no-such-category/victory-day-contest/event.ics",
      "/events/workshop/victory-day-contest/event.ics",
    ]) {
      expect((await call(path)).status, path).toBe(404);
    }
  });
});

describe("an event page's calendar links", () => {
  it("links the .ics and Google Calendar's new-event form filled in with the event", async () => {
    const response = await call(CONTEST_PAGE);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`href="${CONTEST_PAGE}/event.ics"`);
    const google = html.match(/<a href="(https:\/\/calendar\.google\.com\/[^"]*)"([^>]*)>(.*?)<\/a>/);
    expect(google).not.toBeNull();
    const [, href = "", attributes, text] = google!;
    const link = new URL(href.replace(/&amp;/g, "&"));
    expect(link.searchParams.get("action")).toBe("TEMPLATE");
    expect(link.searchParams.get("text")).toBe("Victory Day Contest");
    expect(link.searchParams.get("dates")).toBe("20301216T040000Z/20301216T073000Z");
    expect(link.searchParams.get("details")).toBe(`Details of Victory Day Contest\n\n${server.baseUrl}${CONTEST_PAGE}`);
    expect(link.searchParams.get("location")).toBe("CSE Lab 2");
    expect(attributes).toContain('target="_blank"');
    expect(attributes).toContain('rel="noreferrer"');
    expect(text).toMatch(/Add to Google Calendar.*\(opens in a new tab\)/);
  });

  it("has none for an event without a date", async () => {
    const response = await call("/events/programming-contest/undated-contest");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("event.ics");
    expect(html).not.toContain("calendar.google.com");
  });
});
