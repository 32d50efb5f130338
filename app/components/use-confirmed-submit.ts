import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { dashboardTexts } from "~/content/accounts";
import type { Feedback } from "~/lib/form-actions";
import { CONFIRM_FIELD } from "~/lib/form-actions";

/**
 * The dashboard's Yes / No flow with JavaScript: a submit is held until the dialog is
 * answered; Yes sends it through a fetcher (no page load), No shows 'Changes are not saved'.
 * `feedback` is the latest outcome of either.
 */
export function useConfirmedSubmit<Result extends Partial<Feedback> & { confirm?: unknown }>() {
  const fetcher = useFetcher<Result>();
  const [pending, setPending] = useState<FormData | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // A form sent unconfirmed, for the server to check; its answer `confirm` opens the dialog.
  const checking = useRef<FormData | null>(null);

  useEffect(() => {
    if (fetcher.data?.tone && fetcher.data.message) {
      setFeedback({ tone: fetcher.data.tone, message: fetcher.data.message });
    }
    if (fetcher.state === "idle" && checking.current) {
      if (fetcher.data?.confirm) setPending(checking.current);
      checking.current = null;
    }
  }, [fetcher.data, fetcher.state]);

  return {
    fetcher,
    pending,
    feedback,
    busy: fetcher.state !== "idle",
    /**
     * Lets the server check a form first (the same step that asks without JavaScript), so
     * the browser needs no copy of the validation; the dialog opens when it is valid.
     */
    check(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      const form = new FormData(event.currentTarget);
      checking.current = form;
      fetcher.submit(form, { method: "post" });
    },
    askFromEvent(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      setPending(new FormData(event.currentTarget));
    },
    yes() {
      if (pending) {
        pending.set(CONFIRM_FIELD, "yes");
        fetcher.submit(pending, { method: "post" });
      }
      setPending(null);
    },
    no() {
      setPending(null);
      setFeedback({ tone: "info", message: dashboardTexts.notSaved });
    },
  };
}
