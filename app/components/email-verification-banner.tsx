import { useLocation } from "react-router";
import { useT } from "~/i18n/react";

/**
 * Shown on every page to a signed-in person whose address is not proved yet: what it keeps
 * them from, and a plain form (it works without JavaScript) that mails a new link.
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <section aria-label={t("accounts.verify.region")} className="border-b border-amber-300 bg-amber-50">
      <div className="container-page flex flex-wrap items-center gap-3 py-3 text-sm text-slate-900">
        <p className="min-w-0 flex-1 basis-64 break-words">{t("accounts.verify.banner", { email })}</p>
        <form method="post" action="/email-verification">
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          <button type="submit" className="btn-navy min-h-11">
            {t("accounts.verify.resend")}
          </button>
        </form>
      </div>
    </section>
  );
}
