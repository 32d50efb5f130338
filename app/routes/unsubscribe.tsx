import { Form } from "react-router";
import { Alert } from "~/components/alert";
import { PageHeader } from "~/components/page-header";
import { SubscriptionLinkProblem } from "~/components/subscription-link-problem";
import { appContext } from "~/core/context";
import { subscriptionFromLink, unsubscribe } from "~/features/notifications/subscriptions.server";
import { privatePageMeta } from "~/i18n/meta";
import { Message, useT } from "~/i18n/react";
import type { Route } from "./+types/unsubscribe";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "accounts.unsubscribe.title");
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Opening the link asks first (a mail scanner that follows links unsubscribes nobody). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const subscription = await subscriptionFromLink(app.db, app.secret, params.token);
  // 200 either way: this page also answers a mail app's one-click POST, after which the link is gone.
  return { email: subscription?.email ?? null };
}

/**
 * The button below, and RFC 8058's one-click POST that mail apps send to the List-Unsubscribe
 * address (a form body `List-Unsubscribe=One-Click`, no cookies): either one unsubscribes.
 * An unknown or already used link answers the same, so it tells nothing.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const subscription = await subscriptionFromLink(app.db, app.secret, params.token);
  if (subscription) await unsubscribe(app.db, subscription.id);
  return { done: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("accounts.subscribe.eyebrow")} title={t("accounts.unsubscribe.title")} />
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {actionData?.done ? (
          <Alert tone="success">{t("accounts.unsubscribe.done")}</Alert>
        ) : loaderData.email ? (
          <Form method="post" className="card flex flex-col gap-4 p-6">
            <p>
              <Message
                id="accounts.unsubscribe.question"
                values={{ email: loaderData.email }}
                components={{ 0: <strong /> }}
              />
            </p>
            <button type="submit" className="btn-danger self-start">
              {t("accounts.unsubscribe.submit")}
            </button>
          </Form>
        ) : (
          <SubscriptionLinkProblem message={t("accounts.subscription.badLink")} />
        )}
      </div>
    </>
  );
}
