import { describe, expect, it } from "vitest";
import { parseDurationMinutes } from "~/lib/duration";
import { zonedInstant } from "~/lib/zoned-time";

describe("zonedInstant", () => {
  it("reads a date and time on the club's clocks, whatever the server's zone", () => {
    expect(zonedInstant("2026-12-12", "10:00", "Asia/Dhaka")?.toISOString()).toBe("2026-12-12T04:00:00.000Z");
    expect(zonedInstant("2026-12-13", "05:30", "Asia/Dhaka")?.toISOString()).toBe("2026-12-12T23:30:00.000Z");
    expect(zonedInstant("2026-12-12", "10:00", "UTC")?.toISOString()).toBe("2026-12-12T10:00:00.000Z");
  });

  it("follows a zone's daylight saving time on both sides of the change", () => {
    expect(zonedInstant("2026-03-28", "12:00", "Europe/Berlin")?.toISOString()).toBe("2026-03-28T11:00:00.000Z");
    expect(zonedInstant("2026-03-29", "12:00", "Europe/Berlin")?.toISOString()).toBe("2026-03-29T10:00:00.000Z");
  });

  it("is undefined for a date or time that is not one", () => {
    for (const [date, time] of [
      ["2026-02-30", "10:00"],
      ["12/12/2026", "10:00"],
      ["2026-12-12", "25:00"],
      ["2026-12-12", "TBA"],
      ["2026-12-12", "10:60"],
    ] as const) {
      expect(zonedInstant(date, time, "Asia/Dhaka"), `${date} ${time}`).toBeUndefined();
    }
  });
});

describe("parseDurationMinutes", () => {
  it("reads durations as people type them", () => {
    const cases: [string, number][] = [
      ["2 Hours", 120],
      ["2 hours", 120],
      ["1 hour", 60],
      ["90 minutes", 90],
      ["90 Minutes", 90],
      ["45 min", 45],
      ["1.5 hours", 90],
      ["1 hour 30 minutes", 90],
      ["2 hours and 15 mins", 135],
      ["2h30m", 150],
      ["3 hrs.", 180],
      ["3:00", 180],
      ["1:30", 90],
      ["2 days", 2880],
    ];
    for (const [text, minutes] of cases) expect(parseDurationMinutes(text), text).toBe(minutes);
  });

  it("is undefined for anything it can't read as a duration", () => {
    for (const text of ["", "TBA", "long", "about 2 hours", "2 months", "0 minutes", "3", "400 days", "2:75"]) {
      expect(parseDurationMinutes(text), text).toBeUndefined();
    }
  });
});
