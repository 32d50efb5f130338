import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useLocation, useRevalidator } from "react-router";
import { isPermission, permissionTexts } from "~/core/roles";
import { useT } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A dashboard screen that failed, shown inside the dashboard's frame so the navigation and the
 * signed-in top bar stay: a missing page or record says the spec's 'Page not found', a screen
 * for other roles says whose it is, anything else (a dropped connection, a server error) offers Retry.
 */
export function DashboardError({ error }: { error: unknown }) {
  const t = useT();
  const status = isRouteErrorResponse(error) ? error.status : null;
  if (status === 404) {
    return (
      <ErrorPanel heading={t("common.error.pageNotFound")}>
        <Link to="/dashboard" className="btn-accent">
          {t("dashboard.error.backToDashboard")}
        </Link>
      </ErrorPanel>
    );
  }
  if (status === 403) {
    const permission: unknown = isRouteErrorResponse(error) ? error.data?.permission : undefined;
    const { heading, text } = permissionTexts[isPermission(permission) ? permission : "manage-site"];
    return (
      <ErrorPanel heading={t(heading)} text={t(text)}>
        <Link to="/dashboard" className="btn-accent">
          {t("dashboard.error.backToDashboard")}
        </Link>
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel heading={t("dashboard.error.failedHeading")} text={t("dashboard.error.failed")}>
      <RetryButton />
    </ErrorPanel>
  );
}

function ErrorPanel({ heading, text, children }: { heading: string; text?: string; children: ReactNode }) {
  return (
    <section role="alert" className="card mx-auto max-w-xl p-6 text-center sm:p-8">
      <title>{heading}</title>
      <h1 className="text-xl font-bold text-balance text-navy-900 sm:text-2xl">{heading}</h1>
      {text && <p className="mt-3 text-slate-700">{text}</p>}
      <div className="mt-6 flex justify-center">{children}</div>
    </section>
  );
}

/** Loads the screen's data again; before JavaScript runs, a link to the same address does it. */
function RetryButton() {
  const t = useT();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();
  if (!hydrated) {
    return (
      <a href={pathname + search} className="btn-navy">
        {t("dashboard.error.retry")}
      </a>
    );
  }
  const busy = revalidator.state === "loading";
  return (
    <button type="button" className="btn-navy" disabled={busy} onClick={() => revalidator.revalidate()}>
      {busy ? t("dashboard.error.retrying") : t("dashboard.error.retry")}
    </button>
  );
}
