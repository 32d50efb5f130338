import { type RefObject, useEffect } from "react";
import type { ActionResult } from "~/lib/form-actions";

/** A field that takes focus: marked invalid, or named by the answer's errors (a group's first box). */
function firstInvalidField(form: HTMLElement, errors: Record<string, string>): HTMLElement | undefined {
  const named = new Set(Object.keys(errors));
  return [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"], [name]')].find(
    (field) =>
      field.getAttribute("aria-invalid") === "true" ||
      (named.has(field.getAttribute("name") ?? "") && (field as HTMLInputElement).type !== "hidden"),
  );
}

/** What takes focus in the page the server renders with an answer (`autoFocus`). */
export interface AnswerAutoFocus {
  /** The first field, in the form's order, that the answer names. */
  field?: string;
  /** No field is named: the message takes focus. */
  message: boolean;
}

/**
 * Where focus goes once a form's answer is on the page, so that a keyboard or screen reader
 * user lands on it rather than on the page's top or on a button far from it: the first field
 * the answer names (scrolled into view with its error), else the message, when the page gives
 * one that takes focus (a ref; tabIndex -1).
 *
 * A hydrated page's answer arrives without a page load: each new answer moves focus once. A
 * page without React comes back as a whole page: its fields and message take the returned
 * `autoFocus`, which the browser honours as the page loads (`fields` is the form's order).
 */
export function useAnswerFocus(
  answer: ActionResult | undefined,
  {
    form,
    message,
    fields = [],
  }: { form: RefObject<HTMLElement | null>; message?: RefObject<HTMLElement | null>; fields?: readonly string[] },
): AnswerAutoFocus {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new answer; the refs are stable
  useEffect(() => {
    if (!answer) return;
    const errors = answer.errors ?? {};
    const field = form.current && Object.keys(errors).length > 0 ? firstInvalidField(form.current, errors) : undefined;
    (field ?? message?.current)?.focus();
  }, [answer]);
  const named = Object.keys(answer?.errors ?? {});
  const field = fields.find((name) => named.includes(name)) ?? named[0];
  return { field, message: Boolean(answer?.message && message && !field) };
}
