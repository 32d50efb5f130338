import { z } from "zod";
import { dateField, linkField, requiredText } from "./fields";

/** The notice board shows months as these three-letter labels (spec section 3). */
export const MONTH_ABBREVIATIONS = [
  "JAN",
  "FEB",
  "MAR",
  "APR",
  "MAY",
  "JUN",
  "JUL",
  "AUG",
  "SEP",
  "OCT",
  "NOV",
  "DEC",
] as const;

export type MonthAbbreviation = (typeof MONTH_ABBREVIATIONS)[number];

/**
 * Spec field names, as `GET /api/all-notice` returns them; `slug` names the notice's sub-route.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function noticeRecord() {
  return z.strictObject({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    publishing_date: z.string(),
    /** The month's three-letter label (JAN…DEC). */
    chrMonth: z.string(),
    day: z.string(),
    pdfFile: z.string(),
    description: z.string(),
  });
}

export type ApiNotice = z.infer<ReturnType<typeof noticeRecord>>;

export const SLUG_MAX_LENGTH = 80;
const FALLBACK_SLUG = "notice";
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Derives the board's month label and day from a `YYYY-MM-DD` date. The day keeps its
 * two digits ("05") because the notice list renders it as it is stored.
 */
export function noticeDateParts(publishingDate: string): { chrMonth: MonthAbbreviation; day: string } {
  const match = ISO_DATE.exec(publishingDate.trim());
  const [, year, month, day] = match ?? [];
  if (!year || !month || !day || !isRealDate(Number(year), Number(month), Number(day))) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(publishingDate)}`);
  }
  return { chrMonth: MONTH_ABBREVIATIONS[Number(month) - 1] as MonthAbbreviation, day };
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Accents of Latin letters (é → e); the vowel signs of Bangla are marks too, and stay. */
const LATIN_ACCENTS = /(\p{Script=Latin})\p{M}+/gu;

/**
 * The slug of a notice's sub-route: lowercase Latin letters, digits and Bangla, runs of
 * anything else one hyphen. Accents are folded ("Café" → "cafe") and apostrophes vanish
 * ("Freshers'" → "freshers"); Bangla is kept as written ("ভাষা দিবস" → "ভাষা-দিবস"), so a
 * Bangla notice gets its own readable address. Only a name with none of these becomes "notice".
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(LATIN_ACCENTS, "$1")
    .normalize("NFC")
    .replace(/['\u2019]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\p{Script=Bengali}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || FALLBACK_SLUG;
}

/**
 * A slug for `name` that is not in `taken`: the plain slug, else "-2", "-3"… appended,
 * trimming the base so the result still fits SLUG_MAX_LENGTH.
 */
export function uniqueSlug(name: string, taken: ReadonlySet<string>): string {
  const base = slugify(name);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Body of POST /api/add-notice and PUT /api/notices/{id}, the dashboard's notice form and
 * the public /notice-form. A client's chrMonth and day are ignored: the server derives them.
 */
export const noticeInput = z.object({
  name: requiredText("Name", 200),
  publishing_date: dateField("Publishing date"),
  pdfFile: linkField("PDF link"),
  description: requiredText("Description"),
});

export type NoticeInput = z.infer<typeof noticeInput>;
