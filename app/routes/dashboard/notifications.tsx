import { data, Form, useNavigation } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { SubscriptionChoices } from "~/components/subscription-choices";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { mailingContextOf } from "~/core/mail.server";
import { preferencesInput } from "~/features/notifications/subscriptions";
import {
  readSubscriptionForm,
  subscribeMember,
  subscriptionOfUser,
  unsubscribe,
} from "~/features/notifications/subscriptions.server";
import { Message, type Translate, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/notifications";

/** Every signed-in person's own email subscription, at their account's address. */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

export const loader = screenLoader(async ({ context }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  const subscription = await subscriptionOfUser(app.db, user);
  return {
    email: user.email,
    subscription: subscription
      ? {
          topics: subscription.topics,
          frequency: subscription.frequency,
          confirmed: subscription.confirmedAt !== null,
        }
      : null,
  };
});

const saveIntent = intent({
  what: "messages.action.saveNotifications",
  input: ({ form, locale }: IntentContext<Route.ActionArgs>) => readSubscriptionForm(preferencesInput, form, locale),
  run: async ({ app, user, actor, t, locale }, preferences) => {
    const outcome = await subscribeMember(await mailingContextOf(app, locale), user, preferences);
    const entry = { action: "update", entity: "subscriptions", label: user.email, after: preferences } as const;
    await recordAudit(app.db, actor, entry);
    return data<ActionResult>({
      tone: "success",
      message:
        outcome === "saved"
          ? t("tools.notifications.saved")
          : t("tools.notifications.confirmSent", { email: user.email }),
    });
  },
});

export const action = dashboardAction({
  save: saveIntent,
  [DEFAULT_INTENT]: saveIntent,
  unsubscribe: intent({
    what: "messages.action.unsubscribe",
    confirm: ({ t }: IntentContext<Route.ActionArgs>) => ({
      question: { ...unsubscribeQuestion(t), hidden: { intent: "unsubscribe" } },
    }),
    run: async ({ app, user, actor, t }) => {
      const subscription = await subscriptionOfUser(app.db, user);
      if (subscription) {
        await unsubscribe(app.db, subscription.id);
        const entry = {
          action: "delete",
          entity: "subscriptions",
          entityId: subscription.id,
          label: user.email,
        } as const;
        await recordAudit(app.db, actor, entry);
      }
      return data<ActionResult>({ tone: "success", message: t("tools.notifications.unsubscribed") });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

const unsubscribeQuestion = (t: Translate) => ({
  title: t("tools.notifications.unsubscribeTitle"),
  description: t("tools.notifications.unsubscribeDescription"),
});

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit({ asked: actionData?.confirm });
  const busy = navigation.state !== "idle" || confirmed.busy;
  const { subscription, email } = loaderData;
  const values = actionData?.values;
  const status = !subscription
    ? t("tools.notifications.none")
    : subscription.confirmed
      ? t("tools.notifications.active")
      : t("tools.notifications.waiting");
  const saved = actionData?.tone && actionData.message ? { tone: actionData.tone, message: actionData.message } : null;
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.notifications.title")}</h1>
      <p className="text-slate-700">
        <Message id="tools.notifications.mailGoesTo" values={{ email, status }} components={{ 0: <strong /> }} />
      </p>
      <FeedbackMessage feedback={confirmed.feedback ?? saved} />
      <Confirmation confirmed={confirmed} question={unsubscribeQuestion(t)} />
      <Form method="post" noValidate className="card flex flex-col gap-5 p-6">
        <SubscriptionChoices
          topics={
            values?.topics !== undefined
              ? values.topics.split(",").filter(Boolean)
              : (subscription?.topics ?? ["notices"])
          }
          frequency={values?.frequency ?? subscription?.frequency ?? "immediately"}
          errors={actionData?.errors}
        />
        <button type="submit" name="intent" value="save" className="btn-navy self-start" disabled={busy}>
          {subscription ? t("tools.notifications.save") : t("tools.notifications.subscribe")}
        </button>
      </Form>
      {subscription && (
        <ConfirmedForm confirmed={confirmed} className="mt-4 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="unsubscribe" />
          <button type="submit" className="btn-danger" disabled={busy}>
            {t("tools.notifications.unsubscribe")}
          </button>
        </ConfirmedForm>
      )}
      {busy && <Spinner />}
    </section>
  );
}
