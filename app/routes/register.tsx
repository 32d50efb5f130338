import { type FormEvent, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { AuthCard } from "~/components/auth-card";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { appContext } from "~/core/context";
import { authErrorText } from "~/features/accounts/account-messages.server";
import { callAuthEndpoint, redirectWithCookies } from "~/features/accounts/auth.server";
import { DISPLAY_NAME_MAX } from "~/features/accounts/users";
import { registerInput } from "~/features/accounts/users.server";
import { sayMessage } from "~/i18n/message.server";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import { flashCookie } from "~/lib/flash.server";
import type { ActionResult } from "~/lib/form-actions";
import { parseForm, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/register";

export const handle: RouteHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslator(matches)("accounts.register.title") }];
}

/** A refused sign-up's Retry-After (429) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { t, locale } = translatorFor(request);
  const form = await readFormData(request);
  // The retyped password is checked here too, for visitors without JavaScript: nothing is submitted.
  const parsed = parseForm(registerInput, form, locale);
  // Passwords are never sent back to the page.
  const values = { name: parsed.values.name ?? "", email: parsed.values.email ?? "" };
  // The page shows one alert (spec: the register form's error alert): the first wrong field's message.
  if (!parsed.ok) {
    const [first] = Object.values(parsed.errors);
    const message = first ? sayMessage(first, locale) : t("messages.form.invalid");
    return data<ActionResult>({ tone: "error", message, values }, 400);
  }
  const { name, email, password } = parsed.data;
  const result = await callAuthEndpoint(app.auth, request, "/sign-up/email", { name, email, password });
  if (!result.ok) {
    const answer = { tone: "error", message: authErrorText(t, result.body), values } as const;
    return data<ActionResult>(answer, { status: result.status, headers: result.retryAfter });
  }
  return redirectWithCookies("/", [...result.cookies, flashCookie("register")]);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [mismatch, setMismatch] = useState(false);

  function checkPasswords(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const differ = form.get("password") !== form.get("passwordRetype");
    setMismatch(differ);
    if (differ) event.preventDefault();
  }

  const error = mismatch ? t("accounts.register.passwordMismatch") : actionData?.message;
  return (
    <AuthCard heading={t("accounts.register.heading")}>
      {error && <Alert tone="error">{error}</Alert>}
      <Form method="post" onSubmit={checkPasswords} className="flex flex-col gap-4">
        <TextField
          label={t("accounts.field.name")}
          name="name"
          autoComplete="name"
          required
          maxLength={DISPLAY_NAME_MAX}
          defaultValue={actionData?.values?.name}
        />
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
          autoComplete="new-password"
          required
        />
        <TextField
          label={t("accounts.register.retypePassword")}
          name="passwordRetype"
          type="password"
          autoComplete="new-password"
          required
        />
        <button type="submit" className="btn-navy" disabled={busy}>
          {t("accounts.register.submit")}
        </button>
      </Form>
      <Link to="/login" className="text-sm font-medium text-navy-700 underline">
        {t("accounts.register.toLogin")}
      </Link>
      {busy && <Spinner />}
    </AuthCard>
  );
}
