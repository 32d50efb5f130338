import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { AuthCard } from "~/components/auth-card";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { appContext } from "~/core/context";
import { getSessionUser } from "~/core/session.server";
import { authErrorText, googleErrorText } from "~/features/accounts/account-messages.server";
import { callAuthEndpoint, type LoadAuth, redirectWithCookies } from "~/features/accounts/auth.server";
import { GOOGLE_PROVIDER_ID, googleConfigured } from "~/features/accounts/auth-settings.server";
import { hasStaffRole, loginInput } from "~/features/accounts/users.server";
import { sayMessage } from "~/i18n/message.server";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { type ServerTranslate, translatorFor } from "~/i18n/translate.server";
import type { Config } from "~/lib/config.server";
import { flashCookie } from "~/lib/flash.server";
import type { ActionResult } from "~/lib/form-actions";
import { parseForm, readFormData } from "~/lib/form-actions.server";
import { loginPath, safeRedirectPath } from "~/lib/redirect";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslator(matches)("accounts.login.title") }];
}

/** A refused sign-in's Retry-After (429) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = await getSessionUser(request, app);
  if (user) throw redirect(redirectTo ?? (user.role ? "/dashboard" : "/"));
  const errorCode = url.searchParams.get("error");
  return {
    redirectTo,
    googleError: errorCode
      ? googleErrorText(translatorFor(request).t, errorCode, app.config.OIDC_ALLOWED_DOMAIN)
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { t, locale } = translatorFor(request);
  const form = await readFormData(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  if (form.get("intent") === "google") return startGoogleSignIn(app.auth, request, app.config, redirectTo, t);

  const parsed = parseForm(loginInput, form, locale);
  const values = { email: parsed.values.email ?? "" };
  if (!parsed.ok) {
    const [first] = Object.values(parsed.errors);
    const message = first ? sayMessage(first, locale) : t("messages.form.invalid");
    return data<ActionResult>({ tone: "error", message, values }, 400);
  }
  const result = await callAuthEndpoint(app.auth, request, "/sign-in/email", { ...parsed.data, rememberMe: true });
  if (!result.ok) {
    const answer = { tone: "error", message: authErrorText(t, result.body), values } as const;
    return data<ActionResult>(answer, { status: result.status, headers: result.retryAfter });
  }

  const userId = (result.body.user as { id: string }).id;
  const destination = redirectTo ?? ((await hasStaffRole(app.db, userId)) ? "/dashboard" : "/");
  return redirectWithCookies(destination, [...result.cookies, flashCookie("login")]);
}

/** Sends the browser to the OIDC provider; it comes back through /login/callback. */
async function startGoogleSignIn(
  auth: LoadAuth,
  request: Request,
  config: Config,
  redirectTo: string | null,
  t: ServerTranslate,
) {
  if (!googleConfigured(config))
    return data<ActionResult>({ tone: "error", message: t("accounts.login.googleNotConfigured") }, 503);
  const callback = redirectTo ? `/login/callback?${new URLSearchParams({ redirectTo })}` : "/login/callback";
  const result = await callAuthEndpoint(auth, request, "/sign-in/oauth2", {
    providerId: GOOGLE_PROVIDER_ID,
    callbackURL: callback,
    errorCallbackURL: loginPath(redirectTo),
    disableRedirect: true,
  });
  if (!result.ok || typeof result.body.url !== "string") {
    return data<ActionResult>(
      { tone: "error", message: authErrorText(t, result.body) },
      result.ok ? 502 : result.status,
    );
  }
  return redirectWithCookies(result.body.url, result.cookies);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = actionData?.message ?? loaderData.googleError;
  const redirectTo = loaderData.redirectTo ?? "";
  return (
    <AuthCard heading={t("accounts.login.heading")}>
      {error && <Alert tone="error">{error}</Alert>}
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label={t("accounts.field.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values?.email}
        />
        <TextField
          label={t("accounts.field.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="btn-navy" disabled={busy}>
          {t("accounts.login.submit")}
        </button>
      </Form>
      <Link to="/register" className="text-sm font-medium text-navy-700 underline">
        {t("accounts.login.toRegister")}
      </Link>
      <Form method="post" className="border-t border-slate-200 pt-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <button
          type="submit"
          name="intent"
          value="google"
          className="btn w-full border border-slate-300 text-slate-800 hover:bg-slate-50"
          disabled={busy}
        >
          {t("accounts.login.google")}
        </button>
      </Form>
      {busy && <Spinner />}
    </AuthCard>
  );
}
