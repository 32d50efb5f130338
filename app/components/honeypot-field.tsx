import { HONEYPOT_FIELD } from "~/features/review/submissions";
import { useT } from "~/i18n/react";

/**
 * The public forms' bot trap: off screen, hidden from screen readers, out of the tab order
 * and never autofilled, so only a bot fills it in (the server then refuses the submission).
 */
export function HoneypotField() {
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor="contact-website">{t("accounts.publicForm.honeypot")}</label>
      <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
