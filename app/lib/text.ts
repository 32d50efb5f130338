import type { Locale } from "../i18n/locales";

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

/** A snake_case name in camelCase, as drizzle keys a column (`starts_on` → `startsOn`). */
export const camelCase = (name: string): string =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

// Bangla's vowel signs are marks, not letters: counted with the letters, a Bangla word weighs
// about as much as the same word in Latin letters. Digits and signs belong to no language.
const BANGLA = /(?=[\p{L}\p{M}])\p{Script=Bengali}/gu;
const LATIN = /\p{Script=Latin}/gu;

/**
 * The `lang` of content shown as entered (names, descriptions, snippets), relative to the page's
 * language: text mostly in Bangla is "bn", text mostly in Latin letters "en", and either is
 * undefined where the page already says it, so a screen reader switches voice only for text
 * in the other language. Text without letters (a number, a date as entered) gets none.
 * Components use `useLangOf()` (app/i18n/react.tsx), which knows the page's language.
 */
export function langOf(text: string | null | undefined, page: Locale): Locale | undefined {
  if (!text) return undefined;
  const bangla = text.match(BANGLA)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  if (bangla === 0 && latin === 0) return undefined;
  const lang = bangla >= latin ? "bn" : "en";
  return lang === page ? undefined : lang;
}
