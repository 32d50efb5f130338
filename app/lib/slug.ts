/** The longest slug: an address stays readable, and a suffix ("-2") still fits. */
export const SLUG_MAX_LENGTH = 80;

/** Accents of Latin letters (é → e); the vowel signs of Bangla are marks too, and stay. */
const LATIN_ACCENTS = /(\p{Script=Latin})\p{M}+/gu;

/**
 * The slug of a page's address (a notice, a member): lowercase Latin letters, digits and
 * Bangla, runs of anything else one hyphen. Accents are folded ("Café" → "cafe") and
 * apostrophes vanish ("Freshers'" → "freshers"); Bangla is kept as written ("ভাষা দিবস" →
 * "ভাষা-দিবস"), so a Bangla name gets its own readable address. Only a name with none of
 * these becomes `fallback`.
 */
export function slugify(name: string, fallback: string): string {
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
  return slug || fallback;
}

/**
 * A slug for `name` that is not in `taken`: the plain slug, else "-2", "-3"… appended,
 * trimming the base so the result still fits SLUG_MAX_LENGTH.
 */
export function uniqueSlug(name: string, taken: ReadonlySet<string>, fallback: string): string {
  const base = slugify(name, fallback);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
