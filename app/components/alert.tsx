import type { ReactNode, Ref } from "react";

const tones = {
  error: "border-red-300 bg-red-50 text-red-800",
  success: "border-green-300 bg-green-50 text-green-800",
  info: "border-sky-300 bg-sky-50 text-sky-900",
} as const;

/**
 * Errors interrupt (role=alert); success and information are announced politely. Given a ref,
 * it takes focus (a form's answer moves focus to it: see useAnswerFocus).
 */
export function Alert({
  tone,
  children,
  ref,
  autoFocus,
}: {
  tone: keyof typeof tones;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** Taken as the page loads (see useAnswerFocus). */
  autoFocus?: boolean;
}) {
  return (
    <div
      ref={ref}
      // biome-ignore lint/a11y/noAutofocus: a form's answer, on the page the form's post brought back
      autoFocus={autoFocus}
      tabIndex={ref ? -1 : undefined}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
