/**
 * Saving and deleting in the dashboard needs a Yes (spec section 4). With JavaScript the
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
