/** Preview lengths the spec names for descriptions and details. */
export const SHORT_PREVIEW = 100;
export const LONG_PREVIEW = 150;

const ELLIPSIS = "…";

/**
 * Cuts `text` to at most `maxLength` characters (ellipsis included) at a word boundary.
 * A single word longer than the limit is cut inside the word rather than dropped.
 */
export function previewText(text: string, maxLength: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= maxLength) return clean;
  const room = clean.slice(0, maxLength - ELLIPSIS.length + 1);
  const lastSpace = room.lastIndexOf(" ");
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room.slice(0, maxLength - ELLIPSIS.length);
  return `${cut.replace(/[\s,.;:!?-]+$/, "")}${ELLIPSIS}`;
}

const BANGLA_LETTER = /\p{Script=Bengali}/gu;
const ANY_LETTER = /\p{L}/gu;

/**
 * `"bn"` for text written mostly in Bangla, so a screen reader reads it with a Bangla voice;
 * undefined (the page's English) otherwise. Content shows as entered, in either language.
 */
export function langOf(text: string | null | undefined): "bn" | undefined {
  if (!text) return undefined;
  const bangla = text.match(BANGLA_LETTER)?.length ?? 0;
  const letters = text.match(ANY_LETTER)?.length ?? 0;
  return bangla > 0 && bangla * 2 >= letters ? "bn" : undefined;
}
