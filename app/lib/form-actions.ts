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

export const NETWORK_ERROR_MESSAGE =
  "Could not reach the server. Please check your connection and try again; what you typed is kept.";
export const SERVER_ERROR_MESSAGE = "The server could not finish this. Please try again; what you typed is kept.";

/**
 * A route's clientAction: a network failure or an unexpected server error becomes an error
 * message on the page instead of the error screen, so the form keeps its values. Redirects
 * and answers the server meant (401, 403) still go their usual way.
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
    return { tone: "error", message: error instanceof TypeError ? NETWORK_ERROR_MESSAGE : SERVER_ERROR_MESSAGE };
  }
}
