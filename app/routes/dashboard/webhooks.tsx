import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { SelectField } from "~/components/select-field";
import { Spinner } from "~/components/spinner";
import { SubscriptionChoices } from "~/components/subscription-choices";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { requireAdminPage } from "~/domain/session.server";
import { topicLabel } from "~/domain/subscriptions";
import { WEBHOOK_KIND_LABELS, type WebhookSummary, webhookInput } from "~/domain/webhooks";
import { createWebhook, listWebhooks, removeWebhook } from "~/domain/webhooks.server";
import { fieldErrors } from "~/lib/field-errors";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, confirmation, formValues, invalidForm, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/webhooks";

/** Where publications are posted besides mail: a Discord or Slack-compatible channel, a Telegram chat. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: webhookTexts.heading }, { name: "robots", content: "noindex" }];
}

const webhookTexts = {
  heading: "Webhooks",
  intro:
    "Each new notice, event or result on the chosen topics is posted to these chats as it is published. " +
    "The address or bot token is stored encrypted and never shown again.",
  added: "Webhook added. New publications on its topics are posted there.",
  removed: "Webhook removed.",
  missing: "That webhook is already gone.",
  empty: "No webhooks yet.",
  hidden: "Address saved (hidden)",
};

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { webhooks: await listWebhooks(context.get(appContext).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(request, requireAdminPage(context));
  const form = await readFormData(request);
  if (form.get("intent") === "create") {
    const values = formValues(form, ["kind", "name", "url", "botToken", "chatId"]);
    const topics = form.getAll("topics").map(String);
    const parsed = webhookInput.safeParse({ ...values, topics });
    const kept = { ...values, topics: topics.join(",") };
    if (!parsed.success) return invalidForm(kept, fieldErrors(parsed.error));
    return answerSafely(
      app.log,
      "add the webhook",
      async () => {
        await createWebhook(app.db, app.secret, parsed.data);
        // Not the address or token: they are the webhook's secret.
        const { kind, name, topics } = parsed.data;
        await recordAudit(app.db, actor, {
          action: "create",
          entity: "webhooks",
          label: name,
          after: { kind, topics },
        });
        return data<ActionResult>({ tone: "success", message: webhookTexts.added, saved: true });
      },
      kept,
    );
  }
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "");
  const unconfirmed = confirmation(form, { ...removeQuestion(name), hidden: { id, name } }, dashboardTexts.notSaved);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, "remove the webhook", async () => {
    if (!(await removeWebhook(app.db, id)))
      return data<ActionResult>({ tone: "info", message: webhookTexts.missing }, 404);
    await recordAudit(app.db, actor, { action: "delete", entity: "webhooks", entityId: id, label: name });
    return data<ActionResult>({ tone: "success", message: webhookTexts.removed });
  });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function removeQuestion(name: string) {
  return { title: "Remove this webhook?", description: `Nothing more is posted to “${name}”.` };
}

type WebhookRow = WebhookSummary & { _id: string };

const columns: TableColumn<WebhookRow>[] = [
  { header: "Name", cell: (hook) => ({ kind: "text", text: hook.name }) },
  { header: "Kind", cell: (hook) => ({ kind: "text", text: WEBHOOK_KIND_LABELS[hook.kind] }) },
  {
    header: "Where",
    cell: (hook) => ({ kind: "text", text: hook.chatId ? `Chat ${hook.chatId}` : webhookTexts.hidden }),
  },
  { header: "Topics", cell: (hook) => ({ kind: "text", text: hook.topics.map(topicLabel).join(", ") }) },
];

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit();
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
      <h1 className="text-2xl font-bold text-navy-900">{webhookTexts.heading}</h1>
      <p className="max-w-2xl text-slate-700">{webhookTexts.intro}</p>
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
          label="Kind"
          value={kind}
          choices={Object.entries(WEBHOOK_KIND_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <TextField label="Name" name="name" required defaultValue={values.name} error={actionData?.errors?.name} />
        {/* Before JavaScript every field shows; the server reads those of the chosen kind. */}
        {(!hydrated || kind !== "telegram") && (
          <TextField
            label="Webhook URL (Discord or Slack-compatible)"
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
              label="Bot token (Telegram)"
              name="botToken"
              autoComplete="off"
              defaultValue={values.botToken}
              error={actionData?.errors?.botToken}
            />
            <TextField
              label="Chat ID (Telegram)"
              name="chatId"
              autoComplete="off"
              defaultValue={values.chatId}
              error={actionData?.errors?.chatId}
            />
          </>
        )}
        <SubscriptionChoices topics={(values.topics ?? "").split(",").filter(Boolean)} errors={actionData?.errors} />
        <button type="submit" className="btn-navy self-start" disabled={navigation.state !== "idle"}>
          Add webhook
        </button>
      </Form>
      {(confirmed.busy || navigation.state !== "idle") && <Spinner label={accountTexts.loading} />}
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} />}
      <DataTable
        caption={webhookTexts.heading}
        columns={columns}
        rows={rows}
        empty={webhookTexts.empty}
        actions={(hook: WebhookRow) => (
          <Form method="post" onSubmit={confirmed.askFromEvent}>
            <input type="hidden" name="id" value={hook.id} />
            <input type="hidden" name="name" value={hook.name} />
            <button type="submit" className="btn-danger" aria-label={`Remove ${hook.name}`}>
              Remove
            </button>
          </Form>
        )}
      />
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...removeQuestion(pendingName)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
