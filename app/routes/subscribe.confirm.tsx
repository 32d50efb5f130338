import { data, Link } from "react-router";
import { Alert } from "~/components/alert";
import { PageHeader } from "~/components/page-header";
import { SubscriptionLinkProblem } from "~/components/subscription-link-problem";
import { appContext } from "~/core/context";
import { confirmSubscription, subscriptionLinks } from "~/features/notifications/subscriptions.server";
import { privatePageMeta } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import type { Route } from "./+types/subscribe.confirm";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "accounts.subscription.title");
}

/** A signed link's answer is the link holder's own: never kept in a cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The link in the confirmation mail: opening it is the second half of the double opt-in. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const subscription = await confirmSubscription(app.db, app.secret, params.token);
  if (!subscription) return data({ managePath: null }, 404);
  const { manageUrl } = subscriptionLinks("", app.secret, subscription.id);
  return { managePath: manageUrl };
}

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("accounts.subscribe.eyebrow")} title={t("accounts.subscription.title")} />
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {loaderData.managePath ? (
          <>
            <Alert tone="success">{t("accounts.subscription.confirmed")}</Alert>
            <ul className="flex flex-wrap gap-3">
              <li>
                <Link to={loaderData.managePath} className="btn-navy">
                  {t("accounts.subscription.changeWhatIGet")}
                </Link>
              </li>
              <li>
                <Link to="/" className="btn border border-slate-300 text-navy-900">
                  {t("accounts.subscription.homePage")}
                </Link>
              </li>
            </ul>
          </>
        ) : (
          <SubscriptionLinkProblem message={t("accounts.subscription.badConfirmLink")} />
        )}
      </div>
    </>
  );
}
