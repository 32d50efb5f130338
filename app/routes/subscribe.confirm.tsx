import { data, Link } from "react-router";
import { Alert } from "~/components/alert";
import { PageHeader } from "~/components/page-header";
import { SubscriptionLinkProblem } from "~/components/subscription-link-problem";
import { appContext } from "~/context";
import { subscriptionTexts } from "~/domain/subscriptions";
import { confirmSubscription, subscriptionLinks } from "~/domain/subscriptions.server";
import type { Route } from "./+types/subscribe.confirm";

export function meta() {
  return [{ title: "Your email subscription" }, { name: "robots", content: "noindex" }];
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
  return (
    <>
      <PageHeader eyebrow="Stay in touch" title="Your email subscription" />
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {loaderData.managePath ? (
          <>
            <Alert tone="success">{subscriptionTexts.confirmed}</Alert>
            <ul className="flex flex-wrap gap-3">
              <li>
                <Link to={loaderData.managePath} className="btn-navy">
                  Change what I get
                </Link>
              </li>
              <li>
                <Link to="/" className="btn border border-slate-300 text-navy-900">
                  Home page
                </Link>
              </li>
            </ul>
          </>
        ) : (
          <SubscriptionLinkProblem message={subscriptionTexts.badConfirmLink} />
        )}
      </div>
    </>
  );
}
