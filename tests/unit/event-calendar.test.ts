import { describe, expect, it } from "vitest";
import {
  type CalendarEventFields,
  eventIcsPath,
  eventPageUrl,
  googleCalendarLink,
} from "~/features/events/event-calendar";

const PAGE = "https://club.example.org/events/programming-contest/victory-day-contest";

/** A contest at 10:00 on the club's clocks (Dhaka, UTC+6) on 12 December 2026. */
function contest(extra: Partial<CalendarEventFields> = {}): CalendarEventFields {
  return {
    eventType: "Programming Contest",
    slug: "victory-day-contest",
    name: "Victory Day Contest",
    details: "Bring your laptop.",
    venue: "CSE Lab 2",
    starts_on: "2026-12-12",
    starts_at: "10:00",
    ends_at: null,
    contest_duration: "2 Hours",
    ...extra,
  };
}

/** The query of a Google Calendar link, decoded. */
function fieldsOf(link: string | undefined): Record<string, string> {
  expect(link).toBeDefined();
  const url = new URL(link ?? "");
  expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
  return Object.fromEntries(url.searchParams);
}

/** The club's time zone these events are on (the setting's default). */
const DHAKA = "Asia/Dhaka";

describe("googleCalendarLink", () => {
  it("fills in Google's new-event form: name, UTC times, details with the page, venue", () => {
    const link = googleCalendarLink(contest(), PAGE, DHAKA);
    // The times go unescaped, as Google documents them.
    expect(link).toContain("&dates=20261212T040000Z/20261212T060000Z&");
    expect(fieldsOf(link)).toEqual({
      action: "TEMPLATE",
      text: "Victory Day Contest",
      dates: "20261212T040000Z/20261212T060000Z",
      details: `Bring your laptop.\n\n${PAGE}`,
      location: "CSE Lab 2",
    });
  });

  it("escapes what would break the address, and leaves out an empty venue", () => {
    const fields = fieldsOf(
      googleCalendarLink(contest({ name: "C++ & Java #1", details: "a=b&c", venue: " " }), PAGE, DHAKA),
    );
    expect(fields.text).toBe("C++ & Java #1");
    expect(fields.details).toBe(`a=b&c\n\n${PAGE}`);
    expect(fields).not.toHaveProperty("location");
  });

  it("ends at the end the event names, else after its duration, else after an hour", () => {
    const dates = (extra: Partial<CalendarEventFields>) =>
      fieldsOf(googleCalendarLink(contest(extra), PAGE, DHAKA)).dates;
    // Records carry the end as an instant (13:30 in Dhaka).
    expect(dates({ ends_at: "2026-12-12T07:30:00Z" })).toBe("20261212T040000Z/20261212T073000Z");
    expect(dates({ ends_at: "2026-12-13T03:00:00Z" })).toBe("20261212T040000Z/20261213T030000Z");
    // An end before the start is a typo: the duration counts.
    expect(dates({ ends_at: "2026-12-12T03:00:00Z" })).toBe("20261212T040000Z/20261212T060000Z");
    expect(dates({ contest_duration: "90 minutes" })).toBe("20261212T040000Z/20261212T053000Z");
    expect(dates({ contest_duration: "TBA" })).toBe("20261212T040000Z/20261212T050000Z");
    // 05:30 in Dhaka is the evening before in UTC.
    expect(dates({ starts_at: "05:30" })).toBe("20261211T233000Z/20261212T013000Z");
  });

  it("makes an event whose time doesn't read as one an all-day event", () => {
    expect(fieldsOf(googleCalendarLink(contest({ starts_at: "TBA" }), PAGE, DHAKA)).dates).toBe("20261212/20261213");
  });

  it("reads the event's start on the club's clocks, whichever zone the setting names; its end is an instant", () => {
    const london = fieldsOf(googleCalendarLink(contest({ ends_at: "2026-12-12T13:30:00Z" }), PAGE, "Europe/London"));
    expect(london.dates).toBe("20261212T100000Z/20261212T133000Z");
  });

  it("has no link for an event without a date", () => {
    expect(googleCalendarLink(contest({ starts_on: null }), PAGE, DHAKA)).toBeUndefined();
  });
});

describe("event calendar addresses", () => {
  it("puts the .ics beside the page, and escapes a Bangla slug in the page's absolute address", () => {
    expect(eventIcsPath(contest())).toBe("/events/programming-contest/victory-day-contest/event.ics");
    expect(eventPageUrl("https://club.example.org", contest({ eventType: "Seminar", slug: "ভাষা-দিবস" }))).toBe(
      "https://club.example.org/events/seminar/%E0%A6%AD%E0%A6%BE%E0%A6%B7%E0%A6%BE-%E0%A6%A6%E0%A6%BF%E0%A6%AC%E0%A6%B8",
    );
  });
});
