import { describe, expect, it } from "vitest";
import { formatDate, formatTime, todayIn } from "~/lib/format";

describe("formatDate", () => {
  it("writes a calendar date in words, without time-zone shifts", () => {
    expect(formatDate("2026-12-05")).toBe("5 December 2026");
    expect(formatDate("2021-02-21")).toBe("21 February 2021");
  });
  it("shows anything else as given", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatDate("2021-13-01")).toBe("2021-13-01");
  });
});

describe("formatTime", () => {
  it("uses a 12-hour clock", () => {
    expect(formatTime("00:15")).toBe("12:15 AM");
    expect(formatTime("09:30")).toBe("9:30 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
    expect(formatTime("21:05")).toBe("9:05 PM");
  });
  it("shows free text as given", () => {
    expect(formatTime("after lunch")).toBe("after lunch");
    expect(formatTime("25:00")).toBe("25:00");
  });
});

describe("todayIn", () => {
  it("is the calendar date in the club's time zone", () => {
    const lateEveningUtc = new Date("2026-11-21T20:00:00Z");
    expect(todayIn("Asia/Dhaka", lateEveningUtc)).toBe("2026-11-22");
    expect(todayIn("UTC", lateEveningUtc)).toBe("2026-11-21");
  });
});
