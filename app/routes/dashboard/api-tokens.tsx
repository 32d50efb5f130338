import { data, Form, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { API_TOKEN_NAME_MAX, type ApiTokenSummary, apiTokenInput } from "~/features/accounts/api-tokens";
import { createApiToken, listApiTokens, revokeApiToken } from "~/features/accounts/api-tokens.server";
import { Message, type Translate, useFormat, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { parseForm } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/api-tokens";

/** Personal API tokens for scripts and other clients: admins only, each sees their own. */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

/** How a token is sent: the same in every language. */
const AUTHORIZATION_HEADER = "Authorization: Bearer <token>";

export const loader = screenLoader(async ({ context }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  return { tokens: await listApiTokens(app.db, user.id) };
});

type TokenActionResult = ActionResult & { token?: string };

export const action = dashboardAction({
  create: intent({
    what: "messages.action.createToken",
    input: ({ form, locale }: TokensIntent) => {
      const parsed = parseForm(apiTokenInput, form, locale);
      return parsed.ok ? { ok: true, data: parsed.data } : parsed;
    },
    run: async ({ app, user, actor, t }, { name }) => {
      const token = await createApiToken(app.auth, user.id, name);
      await recordAudit(app.db, actor, { action: "token-create", entity: "api-tokens", label: name });
      return data<TokenActionResult>({ tone: "success", message: t("tools.apiTokens.created"), token });
    },
  }),
  [DEFAULT_INTENT]: intent({
    what: "messages.action.revokeToken",
    confirm: ({ form, t }: TokensIntent) => {
      const { id, name } = rowOf(form);
      return { question: { ...revokeQuestion(t, name), hidden: { id, name } } };
    },
    run: async ({ form, app, user, actor, t }) => {
      const { id, name } = rowOf(form);
      const revoked = await revokeApiToken(app.db, user.id, id);
      if (revoked) {
        await recordAudit(app.db, actor, { action: "token-revoke", entity: "api-tokens", entityId: id, label: name });
      }
      return revoked
        ? data<TokenActionResult>({ tone: "success", message: t("tools.apiTokens.revoked") })
        : data<TokenActionResult>({ tone: "info", message: t("tools.apiTokens.missing") }, 404);
    },
  }),
});

type TokensIntent = IntentContext<Route.ActionArgs>;

const rowOf = (form: FormData) => ({ id: String(form.get("id") ?? ""), name: String(form.get("name") ?? "") });

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function revokeQuestion(t: Translate, name: string) {
  return { title: t("tools.apiTokens.revokeTitle"), description: t("tools.apiTokens.revokeDescription", { name }) };
}

export default function ApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const dateTime = (iso: string) => format.dateTime(iso, timeZone);
  const columns: TableColumn<ApiTokenSummary>[] = [
    { header: t("tools.apiTokens.colName"), cell: (token) => ({ kind: "text", text: token.name }) },
    { header: t("tools.apiTokens.colStart"), cell: (token) => ({ kind: "text", text: `${token.start}…` }) },
    { header: t("tools.apiTokens.colCreated"), cell: (token) => ({ kind: "text", text: dateTime(token.createdAt) }) },
    {
      header: t("tools.apiTokens.colLastUsed"),
      cell: (token) => ({
        kind: "text",
        text: token.lastUsedAt ? dateTime(token.lastUsedAt) : t("tools.apiTokens.never"),
      }),
    },
  ];
  const navigation = useNavigation();
  const result = actionData as TokenActionResult | undefined;
  const confirmed = useConfirmedSubmit<TokenActionResult>({ asked: result?.confirm });
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const revokeFeedback =
    confirmed.feedback ?? (result?.tone && !result.token && !result.errors ? (result as Required<ActionResult>) : null);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.apiTokens.heading")}</h1>
      <p className="max-w-2xl text-slate-700">
        {t("tools.apiTokens.intro")}{" "}
        <Message
          id="tools.apiTokens.sendAs"
          values={{ header: AUTHORIZATION_HEADER }}
          components={{ 0: <code className="rounded bg-slate-100 px-1 text-sm whitespace-nowrap" /> }}
        />
      </p>
      <Form method="post" className="card flex max-w-xl flex-col gap-4 p-6" key={result?.token ?? "form"}>
        <input type="hidden" name="intent" value="create" />
        <TextField
          label={t("tools.apiTokens.name")}
          name="name"
          required
          maxLength={API_TOKEN_NAME_MAX}
          autoComplete="off"
          error={result?.errors?.name}
        />
        <button type="submit" className="btn-navy self-start" disabled={navigation.state !== "idle"}>
          {t("tools.apiTokens.create")}
        </button>
      </Form>
      {result?.token && (
        <div className="flex max-w-xl flex-col gap-2">
          <Alert tone="success">{t("tools.apiTokens.created")}</Alert>
          <TextField
            label={t("tools.apiTokens.newToken")}
            name="token"
            readOnly
            value={result.token}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 rounded-lg border border-slate-300 px-3 font-mono text-sm"
          />
        </div>
      )}
      {(confirmed.busy || navigation.state !== "idle") && <Spinner />}
      <FeedbackMessage feedback={revokeFeedback} />
      <Confirmation confirmed={confirmed} question={revokeQuestion(t, pendingName)} />
      <DataTable
        caption={t("tools.apiTokens.heading")}
        columns={columns}
        rows={loaderData.tokens}
        empty={t("tools.apiTokens.empty")}
        actions={(token) => (
          <ConfirmedForm confirmed={confirmed}>
            <input type="hidden" name="id" value={token._id} />
            <input type="hidden" name="name" value={token.name} />
            <button
              type="submit"
              className="btn-danger"
              aria-label={t("tools.apiTokens.revokeNamed", { name: token.name })}
            >
              {t("tools.apiTokens.revoke")}
            </button>
          </ConfirmedForm>
        )}
      />
    </section>
  );
}
