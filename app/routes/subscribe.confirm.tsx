import { Link } from "react-router";
import { Alert } from "~/components/alert";
import { PageHeader } from "~/components/page-header";
import { appContext } from "~/context";
import { subscriptionTexts } from "~/domain/subscriptions";
import { confirmSubscription } from "~/domain/subscriptions.server";
import type { Route } from "./+types/subscribe.confirm";

export function meta() {
  return [{ title: "Confirm your subscription" }, { name: "robots", content: "noindex" }];
}

/** A signed link's answer is the link holder's own: never kept in a cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The link in the confirmation mail: opening it is the second half of the double opt-in. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return { confirmed: await confirmSubscription(app.db, app.secret, params.token) };
}

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Stay in touch" title="Your subscription" />
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {loaderData.confirmed ? (
          <Alert tone="success">{subscriptionTexts.confirmed}</Alert>
        ) : (
          <>
            <Alert tone="error">{subscriptionTexts.badLink}</Alert>
            <p>
              <Link to="/subscribe" className="btn-navy">
                Subscribe again
              </Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}
