import { useEffect, useState } from "react";
import { useT } from "~/i18n/react";
import type { Feedback } from "~/lib/form-actions";
import { useHydrated } from "~/lib/use-hydrated";
import { Alert } from "./alert";

const toastTones = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
} as const;

const TOAST_MS = 8000;

/**
 * The outcome of a dashboard action. Errors stay on the page next to the form; success and
 * information come as a toast (a polite live region) once JavaScript runs, and as a plain
 * alert without it.
 */
export function FeedbackMessage({ feedback }: { feedback: Feedback | null | undefined }) {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Each new outcome (a new object) shows the toast again, even with the same text.
  useEffect(() => {
    setOpen(Boolean(feedback));
    const timer = setTimeout(() => setOpen(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [feedback]);

  if (!feedback) return null;
  if (feedback.tone === "error" || !hydrated) return <Alert tone={feedback.tone}>{feedback.message}</Alert>;
  return (
    <section
      aria-label={t("public.feedback.notifications")}
      className="fixed right-4 bottom-4 z-50 w-[min(92vw,24rem)]"
    >
      {/* Where focus lands after a dialog whose opener is gone (a deleted row's button). */}
      <div role="status" tabIndex={-1} data-feedback-focus className="outline-offset-4">
        {open && (
          <div
            className={`flex items-start justify-between gap-4 rounded-lg border px-4 py-3 text-sm shadow-lg ${toastTones[feedback.tone]}`}
          >
            <p className="font-medium">{feedback.message}</p>
            <button
              type="button"
              aria-label={t("public.feedback.dismiss")}
              onClick={() => setOpen(false)}
              className="-m-2 inline-flex size-11 items-center justify-center rounded"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
