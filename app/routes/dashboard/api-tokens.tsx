import { data, Form, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, apiTokenTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { API_TOKEN_NAME_MAX, type ApiTokenSummary, apiTokenInput } from "~/domain/api-tokens";
import { createApiToken, listApiTokens, revokeApiToken } from "~/domain/api-tokens.server";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { requireAdminPage } from "~/domain/session.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, confirmation, parseForm, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/api-tokens";

/** Personal API tokens for scripts and other clients: admins only, each sees their own. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: apiTokenTexts.heading }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireAdminPage(context);
  return { tokens: await listApiTokens(app.db, user.id) };
}

type TokenActionResult = ActionResult & { token?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireAdminPage(context);
  const form = await readFormData(request);
  if (form.get("intent") === "create") {
    const parsed = parseForm(apiTokenInput, form);
    if (!parsed.ok) return parsed.answer;
    return answerSafely(app.log, "create the token", async () => {
      const token = await createApiToken(app.auth, user.id, parsed.data.name);
      await recordAudit(app.db, actorOf(request, user), {
        action: "token-create",
        entity: "api-tokens",
        label: parsed.data.name,
      });
      return data<TokenActionResult>({ tone: "success", message: apiTokenTexts.created, token });
    });
  }
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "");
  const unconfirmed = confirmation(form, { ...revokeQuestion(name), hidden: { id, name } }, dashboardTexts.notSaved);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, "revoke the token", async () => {
    const revoked = await revokeApiToken(app.db, user.id, id);
    if (revoked) {
      await recordAudit(app.db, actorOf(request, user), {
        action: "token-revoke",
        entity: "api-tokens",
        entityId: id,
        label: name,
      });
    }
    return revoked
      ? data<TokenActionResult>({ tone: "success", message: apiTokenTexts.revoked })
      : data<TokenActionResult>({ tone: "info", message: apiTokenTexts.missing }, 404);
  });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function revokeQuestion(name: string) {
  return { title: "Revoke this token?", description: `“${name}” stops working at once, for good.` };
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Dhaka" });

const columns: TableColumn<ApiTokenSummary>[] = [
  { header: "Name", cell: (token) => ({ kind: "text", text: token.name }) },
  { header: "Starts with", cell: (token) => ({ kind: "text", text: `${token.start}…` }) },
  { header: "Created", cell: (token) => ({ kind: "text", text: dateTime(token.createdAt) }) },
  {
    header: "Last used",
    cell: (token) => ({ kind: "text", text: token.lastUsedAt ? dateTime(token.lastUsedAt) : apiTokenTexts.never }),
  },
];

export default function ApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit<TokenActionResult>();
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const result = actionData as TokenActionResult | undefined;
  const revokeFeedback =
    confirmed.feedback ?? (result?.tone && !result.token && !result.errors ? (result as Required<ActionResult>) : null);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{apiTokenTexts.heading}</h1>
      <p className="max-w-2xl text-slate-700">
        {apiTokenTexts.intro} {apiTokenTexts.sendAs}{" "}
        <code className="rounded bg-slate-100 px-1 text-sm whitespace-nowrap">{apiTokenTexts.header}</code>.
      </p>
      <Form method="post" className="card flex max-w-xl flex-col gap-4 p-6" key={result?.token ?? "form"}>
        <input type="hidden" name="intent" value="create" />
        <TextField
          label="Name"
          name="name"
          required
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
          error={result?.errors?.name}
        />
        <button type="submit" className="btn-navy self-start" disabled={navigation.state !== "idle"}>
          {apiTokenTexts.create}
        </button>
      </Form>
      {result?.token && (
        <div className="flex max-w-xl flex-col gap-2">
          <Alert tone="success">{apiTokenTexts.created}</Alert>
          <TextField
            label={apiTokenTexts.newToken}
            name="token"
            readOnly
            value={result.token}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 rounded-lg border border-slate-300 px-3 font-mono text-sm"
          />
        </div>
      )}
      {(confirmed.busy || navigation.state !== "idle") && <Spinner label={accountTexts.loading} />}
      <FeedbackMessage feedback={revokeFeedback} />
      {result?.confirm && <ConfirmPanel {...result.confirm} />}
      <DataTable
        caption={apiTokenTexts.heading}
        columns={columns}
        rows={loaderData.tokens}
        empty={apiTokenTexts.empty}
        actions={(token) => (
          <Form method="post" onSubmit={confirmed.askFromEvent}>
            <input type="hidden" name="id" value={token._id} />
            <input type="hidden" name="name" value={token.name} />
            <button type="submit" className="btn-danger" aria-label={`Revoke ${token.name}`}>
              Revoke
            </button>
          </Form>
        )}
      />
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...revokeQuestion(pendingName)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
