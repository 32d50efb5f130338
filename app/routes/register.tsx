import { type FormEvent, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { AuthCard } from "~/components/auth-card";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { accountTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { authErrorMessage, callAuthEndpoint, redirectWithCookies } from "~/domain/auth.server";
import { DISPLAY_NAME_MAX } from "~/domain/users";
import { registerInput } from "~/domain/users.server";
import { flashCookie } from "~/lib/flash.server";
import type { ActionResult } from "~/lib/form-actions";
import { parseForm, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/register";

export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: "Register" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await readFormData(request);
  // The retyped password is checked here too, for visitors without JavaScript: nothing is submitted.
  const parsed = parseForm(registerInput, form);
  // Passwords are never sent back to the page.
  const values = { name: parsed.values.name ?? "", email: parsed.values.email ?? "" };
  // The page shows one alert (spec: the register form's error alert): the first wrong field's message.
  if (!parsed.ok) return data<ActionResult>({ tone: "error", message: Object.values(parsed.errors)[0], values }, 400);
  const { name, email, password } = parsed.data;
  const result = await callAuthEndpoint(app.auth, request, "/sign-up/email", { name, email, password });
  if (!result.ok)
    return data<ActionResult>({ tone: "error", message: authErrorMessage(result), values }, result.status);
  return redirectWithCookies("/", [...result.cookies, flashCookie("register")]);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [mismatch, setMismatch] = useState(false);

  function checkPasswords(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const differ = form.get("password") !== form.get("passwordRetype");
    setMismatch(differ);
    if (differ) event.preventDefault();
  }

  const error = mismatch ? accountTexts.passwordMismatch : actionData?.message;
  return (
    <AuthCard heading={accountTexts.registerHeading}>
      {error && <Alert tone="error">{error}</Alert>}
      <Form method="post" onSubmit={checkPasswords} className="flex flex-col gap-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={DISPLAY_NAME_MAX}
          defaultValue={actionData?.values?.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values?.email}
        />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" required />
        <TextField label="Retype password" name="passwordRetype" type="password" autoComplete="new-password" required />
        <button type="submit" className="btn-navy" disabled={busy}>
          {accountTexts.registerButton}
        </button>
      </Form>
      <Link to="/login" className="text-sm font-medium text-navy-700 underline">
        {accountTexts.toLogin}
      </Link>
      {busy && <Spinner label={accountTexts.loading} />}
    </AuthCard>
  );
}
