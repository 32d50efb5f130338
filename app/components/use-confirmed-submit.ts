import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/i18n/react";
import type { ConfirmQuestion, Feedback } from "~/lib/form-actions";
import { CONFIRM_FIELD } from "~/lib/form-actions";

/**
 * The dashboard's Yes / No flow with JavaScript: a submit is held until the dialog is
 * answered; Yes sends it through a fetcher (no page load), No shows 'Changes are not saved'.
 * `feedback` is the latest outcome of either.
 *
 * Without JavaScript the server asks instead, as a second step: `asked` is its question (the
 * action's `confirm`), and `askedFormId` the form whose fields it sends again, whose Yes and No
 * then come at that form's end. The page's `<Confirmation>` and `<ConfirmedForm>`s read both
 * from here, so the question and where it belongs are said once.
 */
export function useConfirmedSubmit<Result extends Partial<Feedback> & { confirm?: unknown }>({
  asked,
  askedFormId,
}: {
  asked?: ConfirmQuestion;
  askedFormId?: string;
} = {}) {
  const t = useT();
  const fetcher = useFetcher<Result>();
  const [pending, setPending] = useState<FormData | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  // A form sent unconfirmed, for the server to check; its answer `confirm` opens the dialog.
  const checking = useRef<FormData | null>(null);
  // The control that opened the dialog, and whether a confirmed save is still on its way.
  const opener = useRef<HTMLElement | null>(null);
  const saving = useRef(false);
  // Where the opener sits in the table (which row, which of its controls), for when its row is deleted.
  const openerRow = useRef<RowPlace | null>(null);

  useEffect(() => {
    if (fetcher.data?.tone && fetcher.data.message) {
      setFeedback({ tone: fetcher.data.tone, message: fetcher.data.message });
    }
    if (fetcher.state === "idle" && checking.current) {
      if (fetcher.data?.confirm) setPending(checking.current);
      checking.current = null;
    }
    if (fetcher.state === "idle" && saving.current) {
      saving.current = false;
      // After the page has taken the answer in: a saved form is remounted, a deleted row gone.
      requestAnimationFrame(() => focusAfterDialog(opener, openerRow.current));
    }
  }, [fetcher.data, fetcher.state]);

  const remember = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    opener.current = submitter instanceof HTMLElement ? submitter : (document.activeElement as HTMLElement | null);
    openerRow.current = rowPlaceOf(opener.current);
  };
  // No or Escape: straight back to the opener. Yes: once the save is answered (see above).
  const dialogClosed = useCallback(() => {
    if (!saving.current) focusAfterDialog(opener, openerRow.current);
  }, []);

  return {
    fetcher,
    asked,
    askedFormId: asked ? askedFormId : undefined,
    pending,
    feedback,
    busy: fetcher.state !== "idle",
    /** For ConfirmDialog's `onClosed`: focus goes back to where the person was. */
    dialogClosed,
    /**
     * Lets the server check a form first (the same step that asks without JavaScript), so
     * the browser needs no copy of the validation; the dialog opens when it is valid.
     */
    check(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      remember(event);
      const form = new FormData(event.currentTarget);
      checking.current = form;
      fetcher.submit(form, { method: "post" });
    },
    askFromEvent(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      remember(event);
      // The pressed button's name and value too (a bulk form's Approve or Reject).
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      setPending(new FormData(event.currentTarget, submitter instanceof HTMLButtonElement ? submitter : null));
    },
    yes() {
      if (pending) {
        pending.set(CONFIRM_FIELD, "yes");
        saving.current = true;
        fetcher.submit(pending, { method: "post" });
      }
      setPending(null);
    },
    no() {
      setPending(null);
      setFeedback({ tone: "info", message: t("dashboard.notSaved") });
    },
  };
}

const ROW = "[data-row]";
const ROW_CONTROL = "a[href], button, input";

interface RowPlace {
  row: number;
  control: number;
}

function rowPlaceOf(element: HTMLElement | null): RowPlace | null {
  const row = element?.closest(ROW);
  if (!row || !element) return null;
  return {
    row: [...document.querySelectorAll(ROW)].indexOf(row),
    control: [...row.querySelectorAll(ROW_CONTROL)].indexOf(element),
  };
}

/**
 * Focus after a dialog: the control that opened it when it is still there and usable (a No,
 * a saved form); when its row was deleted, the row that took its place (or the new last row);
 * else the outcome's message, else the heading.
 */
function focusAfterDialog(opener: { current: HTMLElement | null }, place: RowPlace | null) {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected && !target.matches(":disabled")) {
    target.focus();
    return;
  }
  const rows = document.querySelectorAll(ROW);
  const nextRow = place ? rows[Math.min(place.row, rows.length - 1)] : undefined;
  // The same control of the next row: after a Delete, that row's Delete.
  const nextControl = place && nextRow?.querySelectorAll<HTMLElement>(ROW_CONTROL)[place.control];
  if (nextControl) {
    nextControl.focus();
    return;
  }
  const fallback =
    document.querySelector<HTMLElement>("[data-feedback-focus]") ?? document.querySelector<HTMLElement>("main h1");
  if (!fallback) return;
  if (!fallback.hasAttribute("tabindex")) fallback.tabIndex = -1;
  fallback.focus();
}
