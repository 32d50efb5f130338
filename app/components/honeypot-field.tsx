import { HONEYPOT_FIELD, submissionTexts } from "~/domain/submissions";

/**
 * The public forms' bot trap: off screen, hidden from screen readers, out of the tab order
 * and never autofilled, so only a bot fills it in (the server then refuses the submission).
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor="contact-website">{submissionTexts.honeypotLabel}</label>
      <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
