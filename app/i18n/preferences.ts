import {
  DEFAULT_LOCALE,
  isLocale,
  isTheme,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAM,
  type Locale,
  THEME_COOKIE,
  type Theme,
} from "./locales";

/** The reader's choices the server renders with: the language and, when they picked one, the theme. */
export interface Preferences {
  locale: Locale;
  /** Null: follow the system (the stylesheet's prefers-color-scheme). */
  theme: Theme | null;
}

/**
 * The language is, in order: the address's `?lang=` (hreflang links), the reader's cookie
 * (the switch), then the browser's Accept-Language on a first visit.
 */
export function readPreferences(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
  search = "",
): Preferences {
  const cookies = cookieValues(cookieHeader);
  const fromAddress = new URLSearchParams(search).get(LANGUAGE_PARAM);
  const fromCookie = cookies.get(LANGUAGE_COOKIE);
  const locale = isLocale(fromAddress)
    ? fromAddress
    : isLocale(fromCookie)
      ? fromCookie
      : localeOfAcceptLanguage(acceptLanguage);
  const theme = cookies.get(THEME_COOKIE);
  return { locale, theme: isTheme(theme) ? theme : null };
}

export function preferencesOf(request: Request): Preferences {
  return readPreferences(
    request.headers.get("cookie"),
    request.headers.get("accept-language"),
    new URL(request.url).search,
  );
}

/** One page-cache entry per language and theme: the HTML differs in both. */
export function pageVariantOf({ locale, theme }: Preferences): string {
  return `${locale}.${theme ?? "system"}`;
}

/** The highest-weighted language we have; "bn", "bn-BD" and "bn-IN" are all Bangla. */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale {
  let best: { locale: Locale; weight: number } | undefined;
  for (const part of (header ?? "").split(",").slice(0, 20)) {
    const [tag = "", ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary)) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (!(weight > 0)) continue;
    if (!best || weight > best.weight) best = { locale: primary, weight };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

function cookieValues(header: string | null | undefined): Map<string, string> {
  const values = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    const name = pair.slice(0, separator).trim();
    if (!values.has(name)) values.set(name, pair.slice(separator + 1).trim());
  }
  return values;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A reader's choice, kept a year; readable by no script (the server renders with it). */
export function preferenceCookie(name: string, value: string): string {
  return `${name}=${value}; Path=/; Max-Age=${YEAR_SECONDS}; HttpOnly; SameSite=Lax`;
}
