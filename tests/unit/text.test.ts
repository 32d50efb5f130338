import { describe, expect, it } from "vitest";
import { LONG_PREVIEW, langOf, previewText, SHORT_PREVIEW } from "~/lib/text";

describe("previewText", () => {
  it("keeps a text that fits as it is (whitespace tidied)", () => {
    expect(previewText("  Short   text.  ", SHORT_PREVIEW)).toBe("Short text.");
    const exact = "x".repeat(SHORT_PREVIEW);
    expect(previewText(exact, SHORT_PREVIEW)).toBe(exact);
  });

  it("cuts at the last whole word and adds an ellipsis, within the limit", () => {
    const text = "The quick brown fox jumps over the lazy dog";
    expect(previewText(text, 20)).toBe("The quick brown fox…");
    expect(previewText(text, 19)).toBe("The quick brown…");
    for (const limit of [SHORT_PREVIEW, LONG_PREVIEW]) {
      const long = "word ".repeat(100);
      const preview = previewText(long, limit);
      expect(preview.length).toBeLessThanOrEqual(limit);
      expect(preview.endsWith("word…")).toBe(true);
    }
  });

  it("drops punctuation left dangling before the ellipsis", () => {
    expect(previewText("Alpha beta, gamma delta epsilon", 13)).toBe("Alpha beta…");
  });

  it("cuts inside a single word longer than the limit", () => {
    expect(previewText("a".repeat(30), 10)).toBe(`${"a".repeat(9)}…`);
  });
});

describe("langOf", () => {
  const bangla = ["ভাষা দিবস প্রোগ্রামিং কনটেস্ট", "ভাষা দিবস Contest ২০২১", "সুমাইয়া আক্তার"];
  const english = ["Intra University Contest (ভাষা)", "Workshop 2026", "Sumaiya Akter", "Café René"];
  const noLetters = ["", null, undefined, "2026", "২০২৬", "05/12/2026", "১২.০৩.২০২৬ - 14:00", "  · — ", "😀"];

  it("on an English page marks Bangla text and nothing else", () => {
    for (const text of bangla) expect(langOf(text, "en"), text).toBe("bn");
    for (const text of [...english, ...noLetters]) expect(langOf(text, "en"), String(text)).toBeUndefined();
  });

  it("on a Bangla page marks text in Latin letters and nothing else", () => {
    for (const text of english) expect(langOf(text, "bn"), text).toBe("en");
    for (const text of [...bangla, ...noLetters]) expect(langOf(text, "bn"), String(text)).toBeUndefined();
  });

  it("weighs a Bangla word's vowel signs with its letters, and digits not at all", () => {
    // ভাষা দিবস is 8 letters and signs: against Contest's 7 Bangla, whichever digits follow;
    // a tie too; against Contestants' 11 English.
    expect(langOf("ভাষা দিবস Contest 2021", "en")).toBe("bn");
    expect(langOf("ভাষা দিবস Contests", "en")).toBe("bn");
    expect(langOf("ভাষা দিবস Contestants", "bn")).toBe("en");
    expect(langOf("ICPC ২০২৬", "bn")).toBe("en");
    expect(langOf("ব্যাচ 4", "en")).toBe("bn");
  });
});
