import fs from "node:fs/promises";

/**
 * Text shaping with HarfBuzz (harfbuzzjs, WebAssembly): the glyphs a font draws for a text and
 * where each goes. Bengali needs it: conjuncts are glyphs of their own, a vowel sign may be drawn
 * before the consonant it follows, and marks sit on their base by the font's anchors. (fontkit's
 * shaper, pdf-lib's usual companion, duplicated reph and misplaced marks where HarfBuzz did not.)
 */

type HarfBuzz = typeof import("harfbuzzjs");

let harfBuzz: Promise<HarfBuzz> | undefined;
/** The WebAssembly module is compiled on the first shaping, once per process. */
const loadHarfBuzz = () => {
  harfBuzz ??= import("harfbuzzjs");
  return harfBuzz;
};

export interface ShapedGlyph {
  /** The glyph's id in the font. */
  id: number;
  /** Where in the text (UTF-16 index) the characters it draws start. */
  cluster: number;
  /** In font units. */
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

export interface ShapedText {
  text: string;
  glyphs: ShapedGlyph[];
  /** The pen's travel, in font units. */
  advance: number;
}

export interface FontMetrics {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  /** xMin, yMin, xMax, yMax in font units (the head table's). */
  boundingBox: [number, number, number, number];
}

const BENGALI = /\p{Script=Bengali}/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** Joiners and selectors: HarfBuzz uses them and draws nothing for them. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

export interface ScriptRun {
  start: number;
  end: number;
  bengali: boolean;
}

/**
 * The text cut where its script changes between Bengali and any other (UTF-16 ranges). Spaces,
 * digits, punctuation and marks belong to the run they are in: each run is shaped with its
 * script's rules, which a whole "ICPC প্রস্তুতি" shaped as Latin would not get.
 */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: (ScriptRun & { decided: boolean })[] = [];
  let start = 0;
  for (const char of text) {
    const end = start + char.length;
    const bengali = NEUTRAL.test(char) ? undefined : BENGALI.test(char);
    const last = runs.at(-1);
    if (last && (bengali === undefined || bengali === last.bengali || !last.decided)) {
      // Neutral characters at the start take the first script that comes.
      last.end = end;
      if (bengali !== undefined && !last.decided) Object.assign(last, { bengali, decided: true });
    } else runs.push({ start, end, bengali: bengali ?? false, decided: bengali !== undefined });
    start = end;
  }
  return runs.map(({ decided: _, ...run }) => run);
}

/** A font file ready to shape with, held for the process: its bytes, HarfBuzz's face and its coverage. */
export class ShapingFont {
  private buffer: InstanceType<HarfBuzz["Buffer"]> | undefined;

  private constructor(
    private readonly harfBuzz: HarfBuzz,
    /** The font file as read: what a PDF embeds a subset of. */
    readonly bytes: Uint8Array,
    readonly postScriptName: string,
    private readonly font: InstanceType<HarfBuzz["Font"]>,
    private readonly coverage: Set<number>,
    readonly metrics: FontMetrics,
  ) {}

  static async load(file: string, postScriptName: string): Promise<ShapingFont> {
    const [harfBuzz, bytes] = await Promise.all([loadHarfBuzz(), fs.readFile(file)]);
    const face = new harfBuzz.Face(new harfBuzz.Blob(bytes));
    const font = new harfBuzz.Font(face);
    const head = face.referenceTable("head");
    if (!head) throw new Error(`${file} is not a font: it has no head table`);
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    const extents = font.hExtents();
    const metrics: FontMetrics = {
      unitsPerEm: face.upem,
      ascender: extents.ascender,
      descender: extents.descender,
      boundingBox: [view.getInt16(36), view.getInt16(38), view.getInt16(40), view.getInt16(42)],
    };
    return new ShapingFont(harfBuzz, bytes, postScriptName, font, new Set(face.collectUnicodes()), metrics);
  }

  /** Whether the font draws this character (joiners and selectors count as drawn). */
  covers(char: string): boolean {
    const codePoint = char.codePointAt(0) ?? 0;
    return this.coverage.has(codePoint) || IGNORABLE.test(char);
  }

  /**
   * The text with its whitespace as single spaces and each letter the font can't draw as "?"
   * (a whole grapheme: a Bangla syllable is not drawn half); `complete` is false when any was.
   */
  printable(text: string): { text: string; complete: boolean } {
    const segments = new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text.replace(/\s+/g, " "));
    const graphemes = [...segments].map(({ segment }) => segment);
    const drawable = (grapheme: string) => [...grapheme].every((char) => this.covers(char));
    return {
      text: graphemes.map((grapheme) => (drawable(grapheme) ? grapheme : "?")).join(""),
      complete: graphemes.every(drawable),
    };
  }

  /** The glyph's own advance (the font's horizontal metrics), in font units. */
  advanceOf(glyphId: number): number {
    return this.font.glyphHAdvance(glyphId);
  }

  /** The glyph a character maps to on its own, if any. */
  glyphOf(codePoint: number): number | undefined {
    return this.font.nominalGlyph(codePoint);
  }

  /** Shapes a line, each script run with its own rules and the rest of the line as context. */
  shape(text: string): ShapedText {
    const hb = this.harfBuzz;
    this.buffer ??= new hb.Buffer();
    const buffer = this.buffer;
    const glyphs: ShapedGlyph[] = [];
    for (const run of scriptRuns(text)) {
      buffer.reset();
      buffer.addText(text, run.start, run.end - run.start);
      buffer.guessSegmentProperties();
      if (run.bengali) buffer.setLanguage("bn");
      hb.shape(this.font, buffer);
      const positions = buffer.getGlyphPositions();
      buffer.getGlyphInfos().forEach((info, index) => {
        const position = positions[index];
        glyphs.push({
          id: info.codepoint,
          cluster: info.cluster,
          xAdvance: position?.xAdvance ?? 0,
          xOffset: position?.xOffset ?? 0,
          yOffset: position?.yOffset ?? 0,
        });
      });
    }
    return { text, glyphs, advance: glyphs.reduce((sum, glyph) => sum + glyph.xAdvance, 0) };
  }
}

const loaded = new Map<string, Promise<ShapingFont>>();

/** The font in this file, read and handed to HarfBuzz once per process, on first use. */
export function shapingFont(file: string, postScriptName: string): Promise<ShapingFont> {
  let font = loaded.get(file);
  if (!font) {
    font = ShapingFont.load(file, postScriptName);
    font.catch(() => loaded.delete(file));
    loaded.set(file, font);
  }
  return font;
}
