import { describe, expect, it } from "vitest";
import { paperFonts } from "~/lib/pdf-text/paper-fonts.server";
import { scriptRuns } from "~/lib/pdf-text/shaping.server";

/** How the papers' text is cut into script runs and shaped (HarfBuzz, Noto Sans Bengali's files). */
const runsOf = (text: string) => scriptRuns(text).map(({ start, end, bengali }) => [text.slice(start, end), bengali]);

describe("script runs", () => {
  it("cut where Bengali meets another script; spaces, digits and signs stay in the run they are in", () => {
    expect(runsOf("ICPC প্রস্তুতি 2026")).toEqual([
      ["ICPC ", false],
      ["প্রস্তুতি 2026", true],
    ]);
    expect(runsOf("(মো.) Rahim")).toEqual([
      ["(মো.) ", true],
      ["Rahim", false],
    ]);
    expect(runsOf("২০৩১ সাল।")).toEqual([["২০৩১ সাল।", true]]);
    expect(runsOf("")).toEqual([]);
  });
});

describe("shaping Bengali", () => {
  const codePoint = (char: string) => char.codePointAt(0) ?? 0;

  it("draws a conjunct as one glyph of its own", async () => {
    const { regular } = await paperFonts();
    const shaped = regular.shape("ক্ষ");
    expect(shaped.glyphs).toHaveLength(1);
    expect(shaped.glyphs[0]?.id).not.toBe(regular.glyphOf(codePoint("ক")));
  });

  it("draws the vowel sign i before the consonant it follows, and reph after the consonant it precedes", async () => {
    const { regular } = await paperFonts();
    const ki = regular.shape("কি").glyphs.map((glyph) => glyph.id);
    expect(ki).toHaveLength(2);
    expect(ki[1]).toBe(regular.glyphOf(codePoint("ক")));
    const rk = regular.shape("র্ক").glyphs.map((glyph) => glyph.id);
    expect(rk).toHaveLength(2);
    expect(rk[0]).toBe(regular.glyphOf(codePoint("ক")));
    expect(rk[1]).not.toBe(regular.glyphOf(codePoint("র")));
  });

  it("places a mark under its base by the font's anchors: no advance of its own, moved back onto the base", async () => {
    const { bold } = await paperFonts();
    const [base, mark] = bold.shape("কু").glyphs;
    expect(base?.xAdvance).toBeGreaterThan(0);
    expect(mark?.xAdvance).toBe(0);
    expect(mark?.xOffset).toBeLessThan(0);
  });

  it("shapes the Bengali in a mixed line as Bengali", async () => {
    const { regular } = await paperFonts();
    const alone = regular.shape("প্রস্তুতি").glyphs.map((glyph) => glyph.id);
    const mixed = regular.shape("ICPC প্রস্তুতি").glyphs.map((glyph) => glyph.id);
    expect(mixed.slice(-alone.length)).toEqual(alone);
    expect(alone.length).toBeLessThan([..."প্রস্তুতি"].length);
  });

  it("takes each letter it has no glyph for as a question mark, a whole grapheme at a time", async () => {
    const { regular } = await paperFonts();
    expect(regular.printable("王小明  রহিম\tউদ্দিন")).toEqual({ text: "??? রহিম উদ্দিন", complete: false });
    expect(regular.printable("Zoë মোঃ রহিম")).toEqual({ text: "Zoë মোঃ রহিম", complete: true });
  });
});
