import type { MessageKey } from "~/i18n/catalogs";
import { useT } from "~/i18n/react";

/** Shown while a form is being sent; the label (a message, "Please wait…" unless said) is for screen readers. */
export function Spinner({ label = "accounts.loading" }: { label?: MessageKey }) {
  const t = useT();
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin text-navy-700" fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {t(label)}
    </span>
  );
}
