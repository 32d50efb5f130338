import type { MessageValues } from "./catalogs";
import type { Locale } from "./locales";
import { isMessage, type Message } from "./message";
import { translatorOf } from "./translate.server";

/** A message in `locale`, its nested messages worded in the same language. */
export function sayMessage(text: Message, locale: Locale): string {
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(text.values ?? {})) {
    values[name] = isMessage(value) ? sayMessage(value, locale) : value;
  }
  return translatorOf(locale).t(text.key, values);
}

/** Field errors (`{ field: message }`) worded in `locale`: English for the API, the reader's language on a page. */
export function sayFieldErrors(errors: Record<string, Message>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, sayMessage(message, locale)]));
}
