import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { SelectField } from "~/components/select-field";
import { Spinner } from "~/components/spinner";
import { SubscriptionChoices } from "~/components/subscription-choices";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { topicLabel } from "~/features/notifications/subscriptions";
import { WEBHOOK_KINDS, type WebhookSummary, webhookInput } from "~/features/notifications/webhooks";
import {
  createWebhook,
  listWebhooks,
  removeWebhook,
  webhookAddressErrors,
} from "~/features/notifications/webhooks.server";
import { type Translate, useT } from "~/i18n/react";
import { fieldErrors } from "~/lib/field-errors";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { formValues, invalidForm } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useHydrated } from "~/lib/use-hydrated";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/webhooks";

/** Where publications are posted besides mail: a Discord or Slack-compatible channel, a Telegram chat. */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

export const loader = screenLoader(async ({ context }: Route.LoaderArgs) => {
  return { webhooks: await listWebhooks(context.get(appContext).db) };
});

export const action = dashboardAction({
  create: intent({
    what: "messages.action.addWebhook",
    input: ({ form, app, locale }: WebhooksIntent) => {
      const values = formValues(form, ["kind", "name", "url", "botToken", "chatId"]);
      const topics = form.getAll("topics").map(String);
      const kept = { ...values, topics: topics.join(",") };
      const parsed = webhookInput.safeParse({ ...values, topics });
      if (!parsed.success) return { ok: false, answer: invalidForm(kept, fieldErrors(parsed.error), locale) };
      const addressErrors = webhookAddressErrors(parsed.data, {
        allowPrivateNetworks: app.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      });
      if (addressErrors) return { ok: false, answer: invalidForm(kept, addressErrors, locale) };
      return { ok: true, data: parsed.data, values: kept };
    },
    run: async ({ app, actor, t }, webhook) => {
      await createWebhook(app.db, app.secret, webhook);
      // Not the address or token: they are the webhook's secret.
      const { kind, name, topics } = webhook;
      await recordAudit(app.db, actor, { action: "create", entity: "webhooks", label: name, after: { kind, topics } });
      return data<ActionResult>({ tone: "success", message: t("tools.webhooks.added"), saved: true });
    },
  }),
  [DEFAULT_INTENT]: intent({
    what: "messages.action.removeWebhook",
    confirm: ({ form, t }: WebhooksIntent) => {
      const { id, name } = rowOf(form);
      return { question: { ...removeQuestion(t, name), hidden: { id, name } } };
    },
    run: async ({ form, app, actor, t }) => {
      const { id, name } = rowOf(form);
      if (!(await removeWebhook(app.db, id)))
        return data<ActionResult>({ tone: "info", message: t("tools.webhooks.missing") }, 404);
      await recordAudit(app.db, actor, { action: "delete", entity: "webhooks", entityId: id, label: name });
      return data<ActionResult>({ tone: "success", message: t("tools.webhooks.removed") });
    },
  }),
});

type WebhooksIntent = IntentContext<Route.ActionArgs>;

const rowOf = (form: FormData) => ({ id: String(form.get("id") ?? ""), name: String(form.get("name") ?? "") });

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function removeQuestion(t: Translate, name: string) {
  return { title: t("tools.webhooks.removeTitle"), description: t("tools.webhooks.removeDescription", { name }) };
}

type WebhookRow = WebhookSummary & { _id: string };

function columnsOf(t: Translate): TableColumn<WebhookRow>[] {
  return [
    { header: t("tools.webhooks.colName"), cell: (hook) => ({ kind: "text", text: hook.name }) },
    {
      header: t("tools.webhooks.colKind"),
      cell: (hook) => ({ kind: "text", text: t(`tools.webhooks.kindLabel.${hook.kind}`) }),
    },
    {
      header: t("tools.webhooks.colWhere"),
      cell: (hook) => ({
        kind: "text",
        text: hook.chatId ? t("tools.webhooks.chat", { id: hook.chatId }) : t("tools.webhooks.hidden"),
      }),
    },
    {
      header: t("tools.webhooks.colTopics"),
      cell: (hook) => ({ kind: "text", text: hook.topics.map((topic) => topicLabel(t, topic)).join(", ") }),
    },
  ];
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit({ asked: actionData?.confirm });
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const values = actionData?.saved ? {} : (actionData?.values ?? {});
  const addFeedback =
    actionData?.tone && actionData.message && (actionData.saved || actionData.errors)
      ? { tone: actionData.tone, message: actionData.message }
      : null;
  const hydrated = useHydrated();
  const [kind, setKind] = useState(values.kind ?? "discord");
  const rows: WebhookRow[] = loaderData.webhooks.map((hook) => ({ ...hook, _id: hook.id }));
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.webhooks.heading")}</h1>
      <p className="max-w-2xl text-slate-700">{t("tools.webhooks.intro")}</p>
      <FeedbackMessage feedback={addFeedback ?? confirmed.feedback} />
      <Form
        method="post"
        noValidate
        className="card flex max-w-xl flex-col gap-4 p-6"
        key={actionData?.saved ? "saved" : "form"}
        onChange={(event) => {
          const field = event.target;
          if (field instanceof HTMLSelectElement && field.name === "kind") setKind(field.value);
        }}
      >
        <input type="hidden" name="intent" value="create" />
        <SelectField
          id="webhook-kind"
          name="kind"
          label={t("tools.webhooks.kind")}
          value={kind}
          choices={WEBHOOK_KINDS.map((value) => ({ value, label: t(`tools.webhooks.kindLabel.${value}`) }))}
        />
        <TextField
          label={t("tools.webhooks.name")}
          name="name"
          required
          defaultValue={values.name}
          error={actionData?.errors?.name}
        />
        {/* Before JavaScript every field shows; the server reads those of the chosen kind. */}
        {(!hydrated || kind !== "telegram") && (
          <TextField
            label={t("tools.webhooks.url")}
            name="url"
            type="url"
            autoComplete="off"
            defaultValue={values.url}
            error={actionData?.errors?.url}
          />
        )}
        {(!hydrated || kind === "telegram") && (
          <>
            <TextField
              label={t("tools.webhooks.botToken")}
              name="botToken"
              autoComplete="off"
              defaultValue={values.botToken}
              error={actionData?.errors?.botToken}
            />
            <TextField
              label={t("tools.webhooks.chatId")}
              name="chatId"
              autoComplete="off"
              defaultValue={values.chatId}
              error={actionData?.errors?.chatId}
            />
          </>
        )}
        <SubscriptionChoices topics={(values.topics ?? "").split(",").filter(Boolean)} errors={actionData?.errors} />
        <button type="submit" className="btn-navy self-start" disabled={navigation.state !== "idle"}>
          {t("tools.webhooks.add")}
        </button>
      </Form>
      {(confirmed.busy || navigation.state !== "idle") && <Spinner />}
      <Confirmation confirmed={confirmed} question={removeQuestion(t, pendingName)} />
      <DataTable
        caption={t("tools.webhooks.heading")}
        columns={columnsOf(t)}
        rows={rows}
        empty={t("tools.webhooks.empty")}
        actions={(hook: WebhookRow) => (
          <ConfirmedForm confirmed={confirmed}>
            <input type="hidden" name="id" value={hook.id} />
            <input type="hidden" name="name" value={hook.name} />
            <button
              type="submit"
              className="btn-danger"
              aria-label={t("tools.webhooks.removeNamed", { name: hook.name })}
            >
              {t("tools.webhooks.remove")}
            </button>
          </ConfirmedForm>
        )}
      />
    </section>
  );
}
