import crypto from "node:crypto";
import {
  beginText,
  endText,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  PDFString,
  type RGB,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";
import { subsetFont } from "./font-subset.server";
import type { ShapedText, ShapingFont } from "./shaping.server";

export interface DrawTextOptions {
  /** The pen's start on the baseline, in points. */
  x: number;
  y: number;
  size: number;
  color: RGB;
}

/**
 * A shaping font in one PDF document: text is shaped by HarfBuzz and drawn glyph by glyph where
 * the shaper put each, with the font embedded (a subset, as a CID font) when the document is
 * saved. Each line is marked with its text (`/ActualText`): reordered Bengali vowel signs and
 * conjuncts have no one-to-one glyph-to-letter map, so that is how a reader copies, searches or
 * reads the line aloud as it was written.
 */
export class PdfTextFont {
  /** Each glyph drawn, with the letters it stands for when it stands for some on its own. */
  private readonly used = new Map<number, string | undefined>();
  private readonly resourceNames = new WeakMap<PDFPage, PDFName>();
  private ref: PDFRef | undefined;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: ShapingFont,
  ) {}

  /** See ShapingFont.printable: the letters this font can't draw become "?". */
  printable(text: string): { text: string; complete: boolean } {
    return this.font.printable(text);
  }

  widthOfTextAtSize(text: string, size: number): number {
    return (this.font.shape(text).advance * size) / this.font.metrics.unitsPerEm;
  }

  /** Draws one line of text (give it printable text) with its left end at (x, y). */
  drawText(page: PDFPage, text: string, { x, y, size, color }: DrawTextOptions): void {
    const shaped = this.font.shape(text);
    this.remember(shaped);
    const scale = size / this.font.metrics.unitsPerEm;
    // An inline property list: pdf-lib writes any object as an operand, though its type names fewer.
    const span = this.doc.context.obj({ ActualText: PDFHexString.fromText(text) }) as unknown as PDFName;
    const operators = [
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Span"), span]),
      beginText(),
      setFillingColor(color),
      setFontAndSize(this.resourceName(page), size),
    ];
    let pen = 0;
    let run: string[] = [];
    const flush = () => {
      if (run.length) operators.push(showText(PDFHexString.of(run.join(""))));
      run = [];
    };
    for (const glyph of shaped.glyphs) {
      // A glyph drawn where the one before it left the pen continues that string; any other starts anew.
      if (!run.length || glyph.xOffset !== 0 || glyph.yOffset !== 0) {
        flush();
        operators.push(setTextMatrix(1, 0, 0, 1, x + (pen + glyph.xOffset) * scale, y + glyph.yOffset * scale));
      }
      run.push(glyph.id.toString(16).padStart(4, "0"));
      pen += glyph.xAdvance;
      if (glyph.xOffset !== 0 || glyph.yOffset !== 0 || glyph.xAdvance !== this.font.advanceOf(glyph.id)) flush();
    }
    flush();
    operators.push(endText(), PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    page.pushOperators(...operators);
  }

  /** Writes the font (its subset, widths and glyph-to-letter map) into the document; nothing when unused. */
  async embed(): Promise<void> {
    if (!this.ref) return;
    const { doc, font } = this;
    const { context } = doc;
    const ids = [...this.used.keys()].sort((a, b) => a - b);
    const subset = await subsetFont(font.bytes, [0, ...ids]);
    const perMille = 1000 / font.metrics.unitsPerEm;
    const baseFont = `${subsetTag(ids)}+${font.postScriptName}`;
    const [xMin, yMin, xMax, yMax] = font.metrics.boundingBox.map((value) => Math.round(value * perMille));
    const descriptor = context.obj({
      Type: "FontDescriptor",
      FontName: baseFont,
      Flags: 4,
      FontBBox: [xMin, yMin, xMax, yMax],
      ItalicAngle: 0,
      Ascent: Math.round(font.metrics.ascender * perMille),
      Descent: Math.round(font.metrics.descender * perMille),
      CapHeight: Math.round(font.metrics.ascender * perMille),
      StemV: 80,
      FontFile2: context.register(context.flateStream(subset, { Length1: subset.length })),
    });
    const cidFont = context.obj({
      Type: "Font",
      Subtype: "CIDFontType2",
      BaseFont: baseFont,
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: ids.flatMap((id) => [id, [Math.round(font.advanceOf(id) * perMille)]]),
      CIDToGIDMap: "Identity",
    });
    const toUnicode = context.register(context.flateStream(toUnicodeCMap(this.used)));
    context.assign(
      this.ref,
      context.obj({
        Type: "Font",
        Subtype: "Type0",
        BaseFont: baseFont,
        Encoding: "Identity-H",
        DescendantFonts: [context.register(cidFont)],
        ToUnicode: toUnicode,
      }),
    );
  }

  private resourceName(page: PDFPage): PDFName {
    this.ref ??= this.doc.context.nextRef();
    let name = this.resourceNames.get(page);
    if (!name) {
      name = page.node.newFontDictionary(this.font.postScriptName, this.ref);
      this.resourceNames.set(page, name);
    }
    return name;
  }

  /**
   * Notes each glyph with the letters it stands for: a cluster's text when the cluster is one
   * glyph, else the letter that maps to the glyph by itself (a consonant beside its vowel sign).
   */
  private remember({ text, glyphs }: ShapedText): void {
    const starts = [...new Set(glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
    for (const [index, start] of starts.entries()) {
      const letters = text.slice(start, starts[index + 1] ?? text.length);
      const inCluster = glyphs.filter((glyph) => glyph.cluster === start);
      for (const glyph of inCluster) {
        if (this.used.get(glyph.id) !== undefined) continue;
        const own =
          inCluster.length === 1
            ? letters
            : [...letters].find((char) => this.font.glyphOf(char.codePointAt(0) ?? 0) === glyph.id);
        this.used.set(glyph.id, own);
      }
    }
  }
}

/** Six capitals naming the subset (PDF's "ABCDEF+Name"), the same for the same glyphs. */
function subsetTag(ids: number[]): string {
  const digest = crypto.createHash("sha256").update(ids.join(",")).digest();
  return [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join("");
}

const hex16 = (text: string) =>
  [...text]
    .flatMap((char) => {
      const units = char.length === 2 ? [char.charCodeAt(0), char.charCodeAt(1)] : [char.charCodeAt(0)];
      return units.map((unit) => unit.toString(16).padStart(4, "0"));
    })
    .join("");

/** The glyph-to-letters map a reader falls back on where a line has no /ActualText. */
function toUnicodeCMap(used: Map<number, string | undefined>): string {
  const entries = [...used].filter((entry): entry is [number, string] => Boolean(entry[1]));
  const blocks: string[] = [];
  for (let index = 0; index < entries.length; index += 100) {
    const block = entries.slice(index, index + 100);
    blocks.push(
      `${block.length} beginbfchar\n${block.map(([id, text]) => `<${id.toString(16).padStart(4, "0")}> <${hex16(text)}>`).join("\n")}\nendbfchar`,
    );
  }
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<0000> <FFFF>",
    "endcodespacerange",
    ...blocks,
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
}

/**
 * A document's shaping fonts: each is embedded once the drawing is done, as the document is saved.
 * Plain objects, not object streams: any PDF reader, however old, opens it.
 */
export class PdfTextWriter {
  private readonly fonts = new Map<ShapingFont, PdfTextFont>();

  constructor(readonly doc: PDFDocument) {}

  font(shaping: ShapingFont): PdfTextFont {
    let font = this.fonts.get(shaping);
    if (!font) {
      font = new PdfTextFont(this.doc, shaping);
      this.fonts.set(shaping, font);
    }
    return font;
  }

  async save(): Promise<Uint8Array<ArrayBuffer>> {
    for (const font of this.fonts.values()) await font.embed();
    // The copy types the bytes as a web Response takes them.
    return new Uint8Array(await this.doc.save({ useObjectStreams: false }));
  }
}
