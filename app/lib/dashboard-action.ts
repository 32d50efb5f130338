import type { Feedback } from "~/components/feedback";

/** What a dashboard action answers; the page shows whichever parts are there. */
export interface ActionResult extends Partial<Feedback> {
  /** Field errors by field name (the API's `errors`). */
  errors?: Record<string, string>;
  /** The values as typed, so a failed or unconfirmed save keeps them (without JavaScript). */
  values?: Record<string, string>;
  /** Without JavaScript: the request needs a Yes first; the page asks this (see ConfirmPanel). */
  confirm?: { title: string; description: string; hidden?: Record<string, string> };
  /** The save went through (an edit form then shows the saved values). */
  saved?: boolean;
}

export const NETWORK_ERROR_MESSAGE =
  "Could not reach the server. Please check your connection and try again; what you typed is kept.";
export const SERVER_ERROR_MESSAGE = "The server could not finish this. Please try again; what you typed is kept.";

/**
 * A dashboard route's clientAction: a network failure or an unexpected server error becomes
 * an error message on the page instead of the error screen, so the form keeps its values.
 * Redirects and answers the server meant (401, 403) still go their usual way.
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
