import { useEffect, useId, useRef } from "react";
import { useT } from "~/i18n/react";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  onYes: () => void;
  onNo: () => void;
  /** After the dialog has closed: where focus goes next (the browser alone would leave it on the page). */
  onClosed?: () => void;
}

/**
 * The dashboard's Yes / No confirmation (spec section 4); Escape means No.
 * The browser's own modal <dialog> traps focus, hides the page from assistive technology and
 * returns focus on close, at no cost in JavaScript (see docs/decisions/007-speed.md).
 */
export function ConfirmDialog({ open, title, description, onYes, onNo, onClosed }: ConfirmDialogProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) {
      dialog.close();
      onClosed?.();
    }
  }, [open, onClosed]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onNo();
      }}
      className="card m-auto w-[min(92vw,28rem)] p-6 backdrop:bg-navy-950/60"
    >
      <h2 id={titleId} className="text-lg font-semibold text-navy-900">
        {title}
      </h2>
      <p id={descriptionId} className="mt-2 text-slate-700">
        {description}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className="btn border border-slate-300 text-slate-800 hover:bg-slate-50" onClick={onNo}>
          {t("dashboard.no")}
        </button>
        <button type="button" className="btn-navy" onClick={onYes}>
          {t("dashboard.yes")}
        </button>
      </div>
    </dialog>
  );
}
