import type { I18n } from "@lingui/core";
import type { MessageKey, MessageValues } from "./catalogs";
import type { Locale } from "./locales";

/**
 * Code that runs outside React (a route's `meta`) translates through whichever translators
 * the running side has: the server's, one per language; the browser's, the page's own.
 */
let translatorOf: (locale: Locale) => I18n | undefined = () => undefined;

export function provideTranslators(lookup: (locale: Locale) => I18n | undefined) {
  translatorOf = lookup;
}

export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return translatorOf(locale)?._(key, values) ?? key;
}
