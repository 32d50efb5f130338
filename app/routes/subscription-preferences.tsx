import { data, Form, Link } from "react-router";
import { Alert } from "~/components/alert";
import { PageHeader } from "~/components/page-header";
import { SubscriptionChoices } from "~/components/subscription-choices";
import { SubscriptionLinkProblem } from "~/components/subscription-link-problem";
import { appContext } from "~/core/context";
import { preferencesInput } from "~/features/notifications/subscriptions";
import {
  readSubscriptionForm,
  savePreferences,
  subscriptionFromLink,
} from "~/features/notifications/subscriptions.server";
import { privatePageMeta } from "~/i18n/meta";
import { Message, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { readFormData } from "~/lib/form-actions.server";
import type { Route } from "./+types/subscription-preferences";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "accounts.subscription.title");
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Reached from the link at the bottom of every mail: no account needed, the signed link is the key. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const subscription = await subscriptionFromLink(app.db, app.secret, params.token);
  if (!subscription) return data({ subscription: null }, 404);
  const { email, topics, frequency, confirmedAt } = subscription;
  return { subscription: { email, topics, frequency, confirmed: confirmedAt !== null } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { t, locale } = translatorFor(request);
  const subscription = await subscriptionFromLink(app.db, app.secret, params.token);
  if (!subscription) return data<ActionResult>({ tone: "error", message: t("accounts.subscription.badLink") }, 404);
  const parsed = readSubscriptionForm(preferencesInput, await readFormData(request), locale);
  if (!parsed.ok) return parsed.answer;
  await savePreferences(app.db, subscription.id, parsed.data, locale);
  return data<ActionResult>({ tone: "success", message: t("accounts.subscription.saved") });
}

export default function SubscriptionPreferences({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const { subscription } = loaderData;
  const values = actionData?.values;
  return (
    <>
      <PageHeader eyebrow={t("accounts.subscribe.eyebrow")} title={t("accounts.subscription.title")} />
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {actionData?.message && <Alert tone={actionData.tone ?? "info"}>{actionData.message}</Alert>}
        {!subscription ? (
          !actionData && <SubscriptionLinkProblem message={t("accounts.subscription.badLink")} />
        ) : (
          <>
            <p className="text-slate-700">
              <Message
                id={
                  subscription.confirmed
                    ? "accounts.subscription.mailGoesTo"
                    : "accounts.subscription.mailGoesToOnceConfirmed"
                }
                values={{ email: subscription.email }}
                components={{ 0: <strong /> }}
              />
            </p>
            <Form method="post" noValidate className="card flex flex-col gap-5 p-6">
              <SubscriptionChoices
                topics={values?.topics !== undefined ? values.topics.split(",").filter(Boolean) : subscription.topics}
                frequency={values?.frequency ?? subscription.frequency}
                errors={actionData?.errors}
              />
              <button type="submit" className="btn-navy self-start">
                {t("accounts.subscription.save")}
              </button>
            </Form>
            <p>
              <Link to={`/unsubscribe/${params.token}`} className="btn-danger">
                {t("accounts.subscription.unsubscribeAll")}
              </Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}
