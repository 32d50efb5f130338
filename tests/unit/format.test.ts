import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatDate, formatNumber, formatTime, numberFormat, todayIn } from "~/lib/format";

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

describe("the formatters behind them", () => {
  it("are made once for each language and set of options, and format as Intl does", () => {
    const dhaka = { timeZone: "Asia/Dhaka", hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
    expect(dateTimeFormat("en-GB", dhaka)).toBe(dateTimeFormat("en-GB", { ...dhaka }));
    expect(dateTimeFormat("en-GB", dhaka)).not.toBe(dateTimeFormat("en-GB", { ...dhaka, timeZone: "UTC" }));
    expect(dateTimeFormat("bn-BD", dhaka)).not.toBe(dateTimeFormat("en-GB", dhaka));
    expect(dateTimeFormat("en-GB", dhaka).format(new Date("2026-11-24T03:05:00Z"))).toBe("09:05");
    expect(numberFormat("bn-BD")).toBe(numberFormat("bn-BD"));
    expect(numberFormat("bn-BD", { useGrouping: false })).not.toBe(numberFormat("bn-BD"));
    expect(formatNumber(1234, "bn-BD")).toBe("১,২৩৪");
    expect(formatNumber(1234)).toBe("1,234");
  });
});
