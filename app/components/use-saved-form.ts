import { useEffect, useRef, useState } from "react";
import type { ActionResult } from "~/lib/form-actions";
import { useAnswerFocus } from "./use-answer-focus";
import { useConfirmedSubmit } from "./use-confirmed-submit";

/**
 * The state of a dashboard form saved after a Yes (the collections' forms, the settings' tabs):
 * the answer that counts (the fetcher's with JavaScript, the page's own without), its field
 * errors and message, a key that remounts the fields with the saved values after each save,
 * and the focus taken to the first field the server named. `formId` is the form's id: without
 * JavaScript the server's question is answered at its end.
 */
export function useSavedForm(actionData: ActionResult | undefined, formId: string) {
  const confirmed = useConfirmedSubmit<ActionResult>({ asked: actionData?.confirm, askedFormId: formId });
  const formRef = useRef<HTMLFormElement>(null);
  const [savedCount, setSavedCount] = useState(0);
  const fetched = confirmed.fetcher.data;
  useEffect(() => {
    if (fetched?.saved) setSavedCount((count) => count + 1);
  }, [fetched]);
  // A save's success is a toast: only errors move focus here.
  useAnswerFocus(fetched, { form: formRef });
  const answer = fetched ?? actionData;
  return {
    confirmed,
    formRef,
    savedCount,
    answer,
    errors: answer?.saved ? {} : (answer?.errors ?? {}),
    feedback: confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null),
  };
}
