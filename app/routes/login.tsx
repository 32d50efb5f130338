import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { AuthCard } from "~/components/auth-card";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { accountTexts, googleErrorText } from "~/content/accounts";
import { appContext } from "~/context";
import {
  type Auth,
  authErrorMessage,
  callAuthEndpoint,
  GOOGLE_PROVIDER_ID,
  googleConfigured,
  redirectWithCookies,
} from "~/domain/auth.server";
import { getSessionUser } from "~/domain/session.server";
import { hasStaffRole, loginInput } from "~/domain/users.server";
import type { Config } from "~/lib/config.server";
import { flashCookie } from "~/lib/flash.server";
import type { ActionResult } from "~/lib/form-actions";
import { parseForm, readFormData } from "~/lib/form-actions.server";
import { loginPath, safeRedirectPath } from "~/lib/redirect";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: "Login" }];
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = await getSessionUser(request, app);
  if (user) throw redirect(redirectTo ?? (user.role ? "/dashboard" : "/"));
  const errorCode = url.searchParams.get("error");
  return {
    redirectTo,
    googleError: errorCode ? googleErrorText(errorCode, app.config.OIDC_ALLOWED_DOMAIN) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await readFormData(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  if (form.get("intent") === "google") return startGoogleSignIn(app.auth, request, app.config, redirectTo);

  const parsed = parseForm(loginInput, form);
  const values = { email: parsed.values.email ?? "" };
  if (!parsed.ok) return data<ActionResult>({ tone: "error", message: Object.values(parsed.errors)[0], values }, 400);
  const result = await callAuthEndpoint(app.auth, request, "/sign-in/email", { ...parsed.data, rememberMe: true });
  if (!result.ok)
    return data<ActionResult>({ tone: "error", message: authErrorMessage(result), values }, result.status);

  const userId = (result.body.user as { id: string }).id;
  const destination = redirectTo ?? ((await hasStaffRole(app.db, userId)) ? "/dashboard" : "/");
  return redirectWithCookies(destination, [...result.cookies, flashCookie("login")]);
}

/** Sends the browser to the OIDC provider; it comes back through /login/callback. */
async function startGoogleSignIn(auth: Auth, request: Request, config: Config, redirectTo: string | null) {
  if (!googleConfigured(config))
    return data<ActionResult>({ tone: "error", message: accountTexts.googleNotConfigured }, 503);
  const callback = redirectTo ? `/login/callback?${new URLSearchParams({ redirectTo })}` : "/login/callback";
  const result = await callAuthEndpoint(auth, request, "/sign-in/oauth2", {
    providerId: GOOGLE_PROVIDER_ID,
    callbackURL: callback,
    errorCallbackURL: loginPath(redirectTo),
    disableRedirect: true,
  });
  if (!result.ok || typeof result.body.url !== "string") {
    return data<ActionResult>({ tone: "error", message: authErrorMessage(result) }, result.ok ? 502 : result.status);
  }
  return redirectWithCookies(result.body.url, result.cookies);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = actionData?.message ?? loaderData.googleError;
  const redirectTo = loaderData.redirectTo ?? "";
  return (
    <AuthCard heading={accountTexts.loginHeading}>
      {error && <Alert tone="error">{error}</Alert>}
      <Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values?.email}
        />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" className="btn-navy" disabled={busy}>
          {accountTexts.loginButton}
        </button>
      </Form>
      <Link to="/register" className="text-sm font-medium text-navy-700 underline">
        {accountTexts.toRegister}
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
          {accountTexts.googleButton}
        </button>
      </Form>
      {busy && <Spinner label={accountTexts.loading} />}
    </AuthCard>
  );
}
