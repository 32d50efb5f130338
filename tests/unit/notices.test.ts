import { describe, expect, it } from "vitest";
import { MONTH_ABBREVIATIONS, noticeDateParts } from "~/features/collections/notices";
import { SLUG_MAX_LENGTH, slugify as slugifyWith, uniqueSlug as uniqueSlugWith } from "~/lib/slug";

const slugify = (name: string) => slugifyWith(name, "notice");
const uniqueSlug = (name: string, taken: ReadonlySet<string>) => uniqueSlugWith(name, taken, "notice");

describe("noticeDateParts", () => {
  it("derives the month label and keeps the two-digit day", () => {
    expect(noticeDateParts("2026-02-21")).toEqual({ chrMonth: "FEB", day: "21" });
    expect(noticeDateParts("2026-01-05")).toEqual({ chrMonth: "JAN", day: "05" });
    expect(noticeDateParts("2026-12-31")).toEqual({ chrMonth: "DEC", day: "31" });
  });

  it("covers every month from JAN to DEC", () => {
    const months = Array.from(
      { length: 12 },
      (_, i) => noticeDateParts(`2026-${String(i + 1).padStart(2, "0")}-01`).chrMonth,
    );
    expect(months).toEqual([...MONTH_ABBREVIATIONS]);
    expect(MONTH_ABBREVIATIONS).toHaveLength(12);
  });

  it("rejects text that is not a real YYYY-MM-DD date", () => {
    for (const bad of ["", "2026-2-21", "21-02-2026", "2026-13-01", "2026-02-30", "2026-02-21T10:00", "yesterday"]) {
      expect(() => noticeDateParts(bad), bad).toThrow(RangeError);
    }
  });

  it("accepts a leap day", () => {
    expect(noticeDateParts("2028-02-29")).toEqual({ chrMonth: "FEB", day: "29" });
  });
});

describe("slugify", () => {
  it("lowercases and joins words with single hyphens", () => {
    expect(slugify("Registration open: Intra University Programming Contest 2026")).toBe(
      "registration-open-intra-university-programming-contest-2026",
    );
    expect(slugify("  C++ --- STL   Workshop!! ")).toBe("c-stl-workshop");
  });

  it("folds accents and drops apostrophes", () => {
    expect(slugify("Café Résumé")).toBe("cafe-resume");
    expect(slugify("Freshers' Reception")).toBe("freshers-reception");
    expect(slugify("Members’ meeting")).toBe("members-meeting");
  });

  it("keeps Bangla as written, vowel signs and digits included, and falls back to 'notice' when nothing is left", () => {
    expect(slugify("ভাষা দিবস Contest ২০২১ 2021")).toBe("ভাষা-দিবস-contest-২০২১-2021");
    expect(slugify("নোটিশ")).toBe("নোটিশ");
    expect(slugify("প্রোগ্রামিং কনটেস্ট।")).toBe("প্রোগ্রামিং-কনটেস্ট");
    expect(uniqueSlug("নোটিশ", new Set(["নোটিশ"]))).toBe("নোটিশ-2");
    expect(slugify("")).toBe("notice");
    expect(slugify("!!!")).toBe("notice");
  });

  it("caps the length without leaving a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} bcd`);
    expect(slug).toBe("a".repeat(79));
    const long = slugify("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("uniqueSlug", () => {
  it("returns the plain slug when free, else numbers it", () => {
    expect(uniqueSlug("Annual meeting", new Set())).toBe("annual-meeting");
    expect(uniqueSlug("Annual meeting", new Set(["annual-meeting"]))).toBe("annual-meeting-2");
    expect(uniqueSlug("Annual meeting", new Set(["annual-meeting", "annual-meeting-2"]))).toBe("annual-meeting-3");
  });

  it("keeps numbered slugs within the length limit", () => {
    const name = "x".repeat(100);
    const slug = uniqueSlug(name, new Set([slugify(name)]));
    expect(slug).toBe(`${"x".repeat(SLUG_MAX_LENGTH - 2)}-2`);
  });
});
