import { type ReactNode, useRef } from "react";
import { data, Form, Link } from "react-router";
import { Alert } from "~/components/alert";
import { HoneypotField } from "~/components/honeypot-field";
import { PageHeader } from "~/components/page-header";
import { SubscriptionChoices } from "~/components/subscription-choices";
import { TextField } from "~/components/text-field";
import { useAnswerFocus } from "~/components/use-answer-focus";
import { appContext } from "~/core/context";
import { mailingContextOf } from "~/core/mail.server";
import { countAttempt } from "~/core/rate-limit.server";
import { subscribeInput } from "~/features/notifications/subscriptions";
import { readSubscriptionForm, requestSubscription } from "~/features/notifications/subscriptions.server";
import { HONEYPOT_FIELD } from "~/features/review/submissions";
import { metaTranslator } from "~/i18n/meta";
import { Message, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { ActionResult } from "~/lib/form-actions";
import { readFormData } from "~/lib/form-actions.server";
import type { Route } from "./+types/subscribe";

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: metaTranslator(matches)("accounts.subscribe.title") },
    { name: "description", content: metaTranslator(matches)("accounts.subscribe.description") },
  ];
}

/** A refused subscription's Retry-After (429) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/**
 * Anyone subscribes with an email; the answer is the same whether the address was new,
 * waiting for its confirmation or already subscribed (only the mail it gets differs).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { t, locale } = translatorFor(request);
  const verdict = await countAttempt(app.db, "subscribe", request.headers.get(CLIENT_IP_HEADER) ?? "unknown", {
    max: app.config.PUBLIC_FORM_RATE_LIMIT_MAX,
    windowSeconds: app.config.PUBLIC_FORM_RATE_LIMIT_WINDOW_SECONDS,
  });
  const form = await readFormData(request);
  const parsed = readSubscriptionForm(subscribeInput, form, locale);
  if (verdict.limited) {
    return data<ActionResult>(
      { tone: "error", message: t("accounts.subscribe.tooMany"), values: parsed.values },
      { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
    );
  }
  if (!parsed.ok) return parsed.answer;
  // A bot that fills the hidden field is told what a person is told, and nothing is sent.
  if (String(form.get(HONEYPOT_FIELD) ?? "").trim() === "") {
    await requestSubscription(await mailingContextOf(app, locale), parsed.data);
  }
  return data<ActionResult>({ tone: "success", message: t("accounts.subscribe.checkInbox"), saved: true });
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  const t = useT();
  const values = actionData?.values ?? {};
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLDivElement>(null);
  const focus = useAnswerFocus(actionData, { form, message, fields: ["email", "topics", "frequency"] });
  return (
    <>
      <PageHeader eyebrow={t("accounts.subscribe.eyebrow")} title={t("accounts.subscribe.title")}>
        <p>{t("accounts.subscribe.intro")}</p>
      </PageHeader>
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {actionData?.message && (
          <Alert ref={message} autoFocus={focus.message} tone={actionData.tone ?? "info"}>
            {actionData.message}
          </Alert>
        )}
        {!actionData?.saved && (
          <Form ref={form} method="post" noValidate className="card relative flex flex-col gap-5 p-6">
            <TextField
              label={t("accounts.field.email")}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values.email}
              error={actionData?.errors?.email}
              autoFocus={focus.field === "email"}
            />
            <SubscriptionChoices
              topics={actionData?.values ? (values.topics ?? "").split(",").filter(Boolean) : ["notices"]}
              frequency={values.frequency || "immediately"}
              errors={actionData?.errors}
              autoFocusGroup={focus.field}
            />
            <HoneypotField />
            <button type="submit" className="btn-navy self-start">
              {t("accounts.subscribe.submit")}
            </button>
          </Form>
        )}
        <p className="text-sm text-slate-700">
          <Message
            id="accounts.subscribe.elsewhere"
            components={{
              0: <Link to="/dashboard/notifications" className="underline" />,
              1: <FeedLink href="/feeds/notices.xml" />,
              2: <FeedLink href="/feeds/events.xml" />,
              3: <FeedLink href="/feeds/results.xml" />,
              4: <FeedLink href="/feeds/events.ics" />,
            }}
          />
        </p>
      </div>
    </>
  );
}

/** A feed's link; the message gives it its words. Plain <a>: a feed is a file, not a page of the app. */
function FeedLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} className="underline">
      {children}
    </a>
  );
}
