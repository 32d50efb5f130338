import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "~/i18n/locales";
import { preferencesOf } from "~/i18n/preferences";

const languages = new AsyncLocalStorage<Locale>();

/**
 * Remembers the request's language for the rest of its action: the form's field errors and
 * the mails the action writes come out in it, without each route passing it along. Called by
 * `readFormData`, the first thing every form action does; the API never calls it, so its
 * answers stay English.
 */
export function rememberRequestLanguage(request: Request): void {
  languages.enterWith(preferencesOf(request).locale);
}

/** The language of the form being answered; undefined outside a form action (the API, background jobs). */
export function requestLanguage(): Locale | undefined {
  return languages.getStore();
}
