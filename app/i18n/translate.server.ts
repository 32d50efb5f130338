import type { MessageKey, MessageValues } from "./catalogs";
import { i18nFor } from "./catalogs.server";
import { formattersFor } from "./format";
import type { Locale } from "./locales";
import { preferencesOf } from "./preferences";

export type ServerTranslate = (key: MessageKey, values?: MessageValues) => string;

/** A language's translator: `t`, its `locale` and its `format`ters. */
export type Translator = ReturnType<typeof translatorOf>;

/** The translator of one language, for loaders, actions and mails (what a page's hook gives a component). */
export function translatorOf(locale: Locale) {
  const i18n = i18nFor(locale);
  const t: ServerTranslate = (key, values) => i18n._(key, values);
  return { locale, t, format: formattersFor(locale) };
}

/** The request's language (its `?lang=`, cookie or Accept-Language) and its translator. */
export function translatorFor(request: Request) {
  return translatorOf(preferencesOf(request).locale);
}
