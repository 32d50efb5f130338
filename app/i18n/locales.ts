/** The interface's languages. English is the default and holds the spec's texts word for word. */
export const LOCALES = ["en", "bn"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's own name: a reader who can't read the page still finds theirs. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", bn: "বাংলা" };

/** What Intl formats with: Bangladesh's Bangla (Bangla digits) and British English (day month year). */
export const INTL_LOCALES: Record<Locale, string> = { en: "en-GB", bn: "bn-BD" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export const LANGUAGE_COOKIE = "lang";
export const THEME_COOKIE = "theme";
/** A page's address in one language, whatever the reader's cookie says: what hreflang links name. */
export const LANGUAGE_PARAM = "lang";
