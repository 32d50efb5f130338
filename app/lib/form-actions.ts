import { DEFAULT_LOCALE, isLocale } from "~/i18n/locales";
import { translate } from "~/i18n/registry";

/**
 * One way for every form action to answer, in the browser's terms: the outcome, the field
 * errors, the values as typed (kept when something fails, even without JavaScript) and the
 * confirmation protocol every save, delete and role change goes through.
 */

export interface Feedback {
  tone: "success" | "info" | "error";
  message: string;
}

/** A question the server asks before it acts; `hidden` are the values a Yes sends again (a row action's). */
export interface ConfirmQuestion {
  title: string;
  description: string;
  hidden?: Record<string, string>;
}

/** What a form action answers; the page shows whichever parts are there. */
export interface ActionResult extends Partial<Feedback> {
  /** Field errors by field name (the API's `errors`). */
  errors?: Record<string, string>;
  /** The values as typed, so a failed or unconfirmed save keeps them (without JavaScript). */
  values?: Record<string, string>;
  /** Without JavaScript: the request needs a Yes first; the page asks this (see ConfirmPanel). */
  confirm?: ConfirmQuestion;
  /** The save went through (an add form then empties, an edit form shows the saved values). */
  saved?: boolean;
  /** The request never reached the server (see keepPageAfterUnsentForm). */
  unsent?: boolean;
}

/**
 * Saving, deleting and changing roles needs a Yes (spec section 4). With JavaScript the
 * dialog asks and the request carries `confirmed=yes`; without it the server answers a
 * request lacking the field with a second step that asks the same question.
 */
export const CONFIRM_FIELD = "confirmed";

export type ConfirmStep = "ask" | "declined" | "confirmed";

export function confirmStep(form: FormData): ConfirmStep {
  const value = form.get(CONFIRM_FIELD);
  if (value === "yes") return "confirmed";
  if (value === "no") return "declined";
  return "ask";
}

/** The most rows one bulk action (delete, approve, reject the selected) takes. */
export const BULK_MAX = 100;

/** The ids a bulk action names: ticked boxes (`ids`), or the same ids sent again, comma-joined, by the confirm step. */
export function selectedIds(form: FormData): string[] {
  const ids = form.getAll("ids").flatMap((value) => String(value).split(","));
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}

/**
 * A clientAction runs outside React, on a hydrated page: its document names the language,
 * whose catalog the browser loaded before hydrating (entry.client.tsx).
 */
function inPageLanguage(key: "messages.form.unreachable" | "messages.form.serverFailed"): string {
  const lang = document.documentElement.lang;
  return translate(isLocale(lang) ? lang : DEFAULT_LOCALE, key);
}

/**
 * A route's clientAction: a network failure or an unexpected server error becomes an error
 * message on the page, in its language, instead of the error screen, so the form keeps its
 * values. Redirects and answers the server meant (401, 403) still go their usual way.
 */
export async function keepFormOnFailure({
  serverAction,
}: {
  serverAction: () => Promise<unknown>;
}): Promise<ActionResult> {
  try {
    return (await serverAction()) as ActionResult;
  } catch (error) {
    if (error instanceof Response || (typeof error === "object" && error !== null && "status" in error)) throw error;
    if (error instanceof TypeError)
      return { tone: "error", message: inPageLanguage("messages.form.unreachable"), unsent: true };
    return { tone: "error", message: inPageLanguage("messages.form.serverFailed") };
  }
}

/**
 * A route's shouldRevalidate: after a form that never reached the server, the page's data is
 * not fetched again; offline that would fail too and swap the form (and what was typed) for
 * an error screen, or make a signed-in person look signed out.
 */
export function keepPageAfterUnsentForm({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  return (actionResult as ActionResult | undefined)?.unsent ? false : defaultShouldRevalidate;
}

/**
 * The shouldRevalidate of data only a form changes (the signed-in person, the site's
 * settings, the dashboard's menu and review badge: root and the dashboard's frame). Moving
 * from page to page doesn't fetch it again: a shared request that fails (a dropped connection)
 * would fail it too and take the frame down with the screen; the screen alone shows the error.
 */
export function revalidateAfterForms(args: {
  formMethod?: string;
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (!args.formMethod || args.formMethod.toUpperCase() === "GET") return false;
  return keepPageAfterUnsentForm(args);
}
