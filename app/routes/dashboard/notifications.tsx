import { data, Form, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { SubscriptionChoices } from "~/components/subscription-choices";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { mailingContextOf } from "~/domain/mail.server";
import { signedInUser } from "~/domain/session.server";
import { preferencesInput, subscriptionTexts } from "~/domain/subscriptions";
import { readSubscriptionForm, subscribeMember, subscriptionOfUser, unsubscribe } from "~/domain/subscriptions.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, confirmation, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/notifications";

/** Every signed-in person's own email subscription, at their account's address. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: "Email notifications" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = signedInUser(context);
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
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = signedInUser(context);
  const form = await readFormData(request);
  if (form.get("intent") === "unsubscribe") {
    const asked = { ...unsubscribeQuestion, hidden: { intent: "unsubscribe" } };
    const unconfirmed = confirmation(form, asked, dashboardTexts.notSaved);
    if (unconfirmed) return unconfirmed;
    const subscription = await subscriptionOfUser(app.db, user);
    if (subscription) {
      await unsubscribe(app.db, subscription.id);
      const entry = {
        action: "delete",
        entity: "subscriptions",
        entityId: subscription.id,
        label: user.email,
      } as const;
      await recordAudit(app.db, actorOf(request, user), entry);
    }
    return data<ActionResult>({ tone: "success", message: subscriptionTexts.unsubscribed });
  }
  const parsed = readSubscriptionForm(preferencesInput, form);
  if (!parsed.ok) return parsed.answer;
  return answerSafely(
    app.log,
    "save your notifications",
    async () => {
      const outcome = await subscribeMember(await mailingContextOf(app), user, parsed.data);
      const entry = { action: "update", entity: "subscriptions", label: user.email, after: parsed.data } as const;
      await recordAudit(app.db, actorOf(request, user), entry);
      return data<ActionResult>({
        tone: "success",
        message: outcome === "saved" ? subscriptionTexts.saved : notificationTexts.confirmSent(user.email),
      });
    },
    parsed.values,
  );
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

const unsubscribeQuestion = {
  title: "Unsubscribe from everything?",
  description: "No more mail from the club. To start again you confirm your address from a new mail.",
};

const notificationTexts = {
  confirmSent: (email: string) =>
    `Saved. We sent a link to ${email}: open it to confirm the address, and the mail starts.`,
  waiting: "Waiting for you to open the confirmation link we mailed.",
  active: "Subscribed.",
  none: "You get no mail from the club now. Choose topics below to start.",
};

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit();
  const busy = navigation.state !== "idle" || confirmed.busy;
  const { subscription, email } = loaderData;
  const values = actionData?.values;
  const status = !subscription
    ? notificationTexts.none
    : subscription.confirmed
      ? notificationTexts.active
      : notificationTexts.waiting;
  const saved = actionData?.tone && actionData.message ? { tone: actionData.tone, message: actionData.message } : null;
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">Email notifications</h1>
      <p className="text-slate-700">
        Mail goes to <strong>{email}</strong>. {status}
      </p>
      <FeedbackMessage feedback={confirmed.feedback ?? saved} />
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} />}
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
          {subscription ? "Save my choices" : "Subscribe"}
        </button>
      </Form>
      {subscription && (
        <Form method="post" onSubmit={confirmed.askFromEvent} className="mt-4 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="unsubscribe" />
          <button type="submit" className="btn-danger" disabled={busy}>
            Unsubscribe from everything
          </button>
        </Form>
      )}
      {busy && <Spinner label={accountTexts.loading} />}
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...unsubscribeQuestion}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
