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
  it("marks text written mostly in Bangla, and nothing else", () => {
    expect(langOf("ভাষা দিবস প্রোগ্রামিং কনটেস্ট")).toBe("bn");
    expect(langOf("ভাষা দিবস Contest ২০২১")).toBe("bn");
    expect(langOf("Intra University Contest (ভাষা)")).toBeUndefined();
    expect(langOf("Workshop 2026")).toBeUndefined();
    expect(langOf("")).toBeUndefined();
    expect(langOf(null)).toBeUndefined();
  });
});
