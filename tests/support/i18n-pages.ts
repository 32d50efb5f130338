import { expect } from "vitest";
import type { Locale } from "~/i18n/locales";
import type { httpClient } from "./http-client";

/** A page's HTML with React's markers between text parts taken out. */
export const htmlOf = (html: string) => html.replaceAll("<!-- -->", "");

/** The same with the few entities React writes decoded: a catalog's text compares as it is. */
export const textOf = (html: string) =>
  htmlOf(html).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

export interface PageDefaults {
  /** Sent beside the language's cookie on every call (a session), read when the call is made. */
  cookie?: () => string;
  /** How the HTML is read: `htmlOf` (the default) or `textOf`. */
  read?: (html: string) => string;
}

export interface PageOptions {
  /** Instead of the defaults' cookie. */
  cookie?: string;
  /** The status the page must answer with. */
  status?: number;
}

/**
 * `page(path, "bn")`: a page of the server under test in one language (a `lang` cookie; null
 * sends none, so Accept-Language or English decides), its status checked (200 unless told).
 */
export function pagesOf(call: ReturnType<typeof httpClient>["call"], defaults: PageDefaults = {}) {
  const read = defaults.read ?? htmlOf;
  return async (path: string, lang: Locale | null, options: PageOptions = {}): Promise<string> => {
    const cookie = [lang && `lang=${lang}`, options.cookie ?? defaults.cookie?.()].filter(Boolean).join("; ");
    const response = await call(path, cookie ? { cookie } : {});
    expect(response.status, path).toBe(options.status ?? 200);
    return read(await response.text());
  };
}
