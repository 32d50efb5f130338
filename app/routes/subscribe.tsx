import { data, Form, Link } from "react-router";
import { Alert } from "~/components/alert";
import { HoneypotField } from "~/components/honeypot-field";
import { PageHeader } from "~/components/page-header";
import { SubscriptionChoices } from "~/components/subscription-choices";
import { TextField } from "~/components/text-field";
import { appContext } from "~/context";
import { mailingContextOf } from "~/domain/mail.server";
import { HONEYPOT_FIELD } from "~/domain/submissions";
import { subscribeInput, subscriptionTexts } from "~/domain/subscriptions";
import { readSubscriptionForm, requestSubscription } from "~/domain/subscriptions.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { ActionResult } from "~/lib/form-actions";
import { readFormData } from "~/lib/form-actions.server";
import { countAttempt } from "~/lib/rate-limit.server";
import type { Route } from "./+types/subscribe";

export function meta() {
  return [
    { title: subscriptionTexts.heading },
    { name: "description", content: "Get the club's notices, events and contest results by email." },
  ];
}

/**
 * Anyone subscribes with an email; the answer is the same whether the address was new,
 * waiting for its confirmation or already subscribed (only the mail it gets differs).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const verdict = await countAttempt(app.db, "subscribe", request.headers.get(CLIENT_IP_HEADER) ?? "unknown", {
    max: app.config.PUBLIC_FORM_RATE_LIMIT_MAX,
    windowSeconds: app.config.PUBLIC_FORM_RATE_LIMIT_WINDOW_SECONDS,
  });
  const form = await readFormData(request);
  const parsed = readSubscriptionForm(subscribeInput, form);
  if (verdict.limited) {
    return data<ActionResult>(
      { tone: "error", message: subscriptionTexts.tooMany, values: parsed.values },
      { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
    );
  }
  if (!parsed.ok) return parsed.answer;
  // A bot that fills the hidden field is told what a person is told, and nothing is sent.
  if (String(form.get(HONEYPOT_FIELD) ?? "").trim() === "") {
    await requestSubscription(await mailingContextOf(app), parsed.data);
  }
  return data<ActionResult>({ tone: "success", message: subscriptionTexts.checkInbox, saved: true });
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? {};
  return (
    <>
      <PageHeader eyebrow="Stay in touch" title={subscriptionTexts.heading}>
        <p>New notices, events and contest results, in your inbox as they are published or once a week.</p>
      </PageHeader>
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {actionData?.message && <Alert tone={actionData.tone ?? "info"}>{actionData.message}</Alert>}
        {!actionData?.saved && (
          <Form method="post" noValidate className="card relative flex flex-col gap-5 p-6">
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email}
              error={actionData?.errors?.email}
            />
            <SubscriptionChoices
              topics={actionData?.values ? (values.topics ?? "").split(",").filter(Boolean) : ["notices"]}
              frequency={values.frequency || "immediately"}
              errors={actionData?.errors}
            />
            <HoneypotField />
            <button type="submit" className="btn-navy self-start">
              Subscribe
            </button>
          </Form>
        )}
        <p className="text-sm text-slate-700">
          Members can also choose from their{" "}
          <Link to="/dashboard/notifications" className="underline">
            dashboard
          </Link>
          . Prefer a feed?{" "}
          <a href="/feeds/notices.xml" className="underline">
            Notices
          </a>
          ,{" "}
          <a href="/feeds/events.xml" className="underline">
            events
          </a>{" "}
          and{" "}
          <a href="/feeds/results.xml" className="underline">
            results
          </a>{" "}
          as Atom feeds, or{" "}
          <a href="/feeds/events.ics" className="underline">
            the events calendar
          </a>
          .
        </p>
      </div>
    </>
  );
}
