import fs from "node:fs/promises";
import { createRequire } from "node:module";

/**
 * A font cut down to the glyphs a document draws, by HarfBuzz's subsetter (the
 * harfbuzz-subset.wasm that harfbuzzjs ships, driven through its C functions: harfbuzzjs has no
 * JavaScript wrapper for it). Glyph ids are kept, so the shaper's ids are the PDF's; the glyphs
 * left out become empty. Hinting and the layout tables go: a PDF reader needs only outlines and
 * advances.
 */

interface SubsetExports {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

const MEMORY_MODE_WRITABLE = 2;
const SETS_DROP_TABLE_TAG = 3;
const FLAGS_NO_HINTING = 0x1;
const FLAGS_RETAIN_GIDS = 0x2;
const FLAGS_NO_LAYOUT_CLOSURE = 0x200;
const DROPPED_TABLES = ["GSUB", "GPOS", "GDEF", "kern", "morx", "DSIG"];

const tag = (name: string) => [...name].reduce((value, char) => value * 256 + (char.codePointAt(0) ?? 32), 0);

let subsetter: Promise<SubsetExports> | undefined;

function loadSubsetter(): Promise<SubsetExports> {
  subsetter ??= (async () => {
    const file = createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz-subset.wasm");
    const { instance } = await WebAssembly.instantiate(await fs.readFile(file));
    const exports = instance.exports as unknown as SubsetExports;
    exports._initialize();
    return exports;
  })();
  return subsetter;
}

/** A TrueType font with only these glyphs drawn (and the parts of composite glyphs they use), ids unchanged. */
export async function subsetFont(font: Uint8Array, glyphIds: Iterable<number>): Promise<Uint8Array> {
  const hb = await loadSubsetter();
  const input = hb.hb_subset_input_create_or_fail();
  if (!input) throw new Error("HarfBuzz could not start a subset");
  const fontCopy = hb.malloc(font.byteLength);
  let face = 0;
  let subset = 0;
  let blob = 0;
  try {
    new Uint8Array(hb.memory.buffer).set(font, fontCopy);
    const source = hb.hb_blob_create(fontCopy, font.byteLength, MEMORY_MODE_WRITABLE, 0, 0);
    face = hb.hb_face_create(source, 0);
    hb.hb_blob_destroy(source);
    const glyphs = hb.hb_subset_input_glyph_set(input);
    for (const id of glyphIds) hb.hb_set_add(glyphs, id);
    const dropped = hb.hb_subset_input_set(input, SETS_DROP_TABLE_TAG);
    for (const name of DROPPED_TABLES) hb.hb_set_add(dropped, tag(name));
    hb.hb_subset_input_set_flags(input, FLAGS_NO_HINTING | FLAGS_RETAIN_GIDS | FLAGS_NO_LAYOUT_CLOSURE);
    subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error("HarfBuzz could not subset the font");
    blob = hb.hb_face_reference_blob(subset);
    const data = hb.hb_blob_get_data(blob, 0);
    const length = hb.hb_blob_get_length(blob);
    return new Uint8Array(hb.memory.buffer, data, length).slice();
  } finally {
    if (blob) hb.hb_blob_destroy(blob);
    if (subset) hb.hb_face_destroy(subset);
    if (face) hb.hb_face_destroy(face);
    hb.hb_subset_input_destroy(input);
    hb.free(fontCopy);
  }
}
