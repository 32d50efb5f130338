/**
 * Site search's rules that need no database: what a query is, which words it looks for, and
 * how the words found are marked in a title or a snippet. The queries are search.server.ts.
 */

/** Fewer characters than this find too much to be of use: the page asks for more instead. */
export const SEARCH_MIN_LENGTH = 2;
/** Longer queries are cut here (the JSON API refuses them, naming `q`). */
export const SEARCH_MAX_LENGTH = 100;
/** Words looked for at most; more would only make the query slower, not better. */
const MAX_WORDS = 8;
export const SEARCH_PAGE_SIZE = 10;
/** Characters of a result's text shown around the first word found. */
export const SNIPPET_LENGTH = 180;
/**
 * Between a snippet's pieces: the page's own words (a batch, a date) and what was entered (the
 * bodies in search-sources.server.ts join their fields with it too).
 */
export const SNIPPET_SEPARATOR = " \u00b7 ";

export const SEARCH_TYPES = [
  "notice",
  "event",
  "result",
  "contest",
  "ranking",
  "student",
  "teacher",
  "executive",
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** A piece of a shown text: `match` pieces are the words searched for, shown marked. */
export interface TextPart {
  text: string;
  match?: true;
}

export interface SearchHit {
  type: SearchType;
  title: string;
  url: string;
  snippet: string;
  titleParts: TextPart[];
  snippetParts: TextPart[];
}

export type SearchQuery =
  | { kind: "empty" }
  | { kind: "too-short"; text: string }
  | { kind: "ok"; text: string; words: string[]; cut: boolean };

/**
 * The query as typed, made safe to look for: control characters out, spaces collapsed, cut
 * to the longest we take. "Too short" counts letters and digits, so `"  ."` asks for more.
 */
export function parseSearchQuery(raw: string | null | undefined): SearchQuery {
  const clean = (raw ?? "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!clean) return { kind: "empty" };
  const text = [...clean].slice(0, SEARCH_MAX_LENGTH).join("").trim();
  const words = [...new Set(text.toLowerCase().split(" "))].filter(isSearchable).slice(0, MAX_WORDS);
  const letters = words.join("").match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (letters < SEARCH_MIN_LENGTH) return { kind: "too-short", text };
  return { kind: "ok", text, words, cut: text.length < clean.length };
}

const isSearchable = (word: string) => /[\p{L}\p{N}]/u.test(word);

/** The word's runs of letters, marks and digits: the full-text terms it stands for (`c++` → `c`). */
export function termsOf(word: string): string[] {
  return word.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One pattern for all the words, longest first, so "code" inside "codeforces" marks the longer. */
function wordPattern(words: readonly string[]): RegExp | undefined {
  if (words.length === 0) return undefined;
  const sorted = [...words].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(escapeRegExp).join("|"), "giu");
}

/** The text cut into plain and matched parts, in order (their texts join back to `text`). */
export function highlightParts(text: string, words: readonly string[]): TextPart[] {
  const pattern = wordPattern(words);
  if (!pattern) return text ? [{ text }] : [];
  const parts: TextPart[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > at) parts.push({ text: text.slice(at, found.index) });
    parts.push({ text: found[0], match: true });
    at = found.index + found[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * A window of the text around the first word found (its start when none is), cut at spaces
 * and marked with an ellipsis where it was cut.
 */
export function snippetOf(text: string, words: readonly string[], length = SNIPPET_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= length) return clean;
  const first = wordPattern(words)?.exec(clean)?.index ?? 0;
  let start = Math.max(0, Math.min(first - Math.floor(length / 3), clean.length - length));
  let end = start + length;
  if (start > 0) start = nextSpace(clean, start);
  if (end < clean.length) end = clean.lastIndexOf(" ", end) > start ? clean.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${clean.slice(start, end).trim()}${end < clean.length ? "…" : ""}`;
}

const nextSpace = (text: string, from: number) => {
  const space = text.indexOf(" ", from);
  return space === -1 || space - from > 20 ? from : space + 1;
};

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** The parts as HTML for the JSON API: every character escaped, the matches in `<mark>`. */
export function partsToHtml(parts: readonly TextPart[]): string {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
  return parts.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join("");
}
