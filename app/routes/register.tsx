import { type FormEvent, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { AuthCard } from "~/components/auth-card";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { accountTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { DISPLAY_NAME_MAX } from "~/domain/users";
import { displayNameSchema } from "~/domain/users.server";
import { authErrorMessage, callAuthEndpoint, redirectWithCookies } from "~/lib/auth.server";
import { flashCookie } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/register";

export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: "Register" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const values = { name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") };
  const password = String(form.get("password") ?? "");
  // The same check the browser makes, for visitors without JavaScript: nothing is submitted.
  if (password !== String(form.get("passwordRetype") ?? "")) {
    return data({ error: accountTexts.passwordMismatch, values }, { status: 400 });
  }
  const name = displayNameSchema.safeParse(values.name);
  if (!name.success) return data({ error: name.error.issues[0]?.message ?? "", values }, { status: 400 });

  const result = await callAuthEndpoint(app.auth, request, "/sign-up/email", {
    name: name.data,
    email: values.email,
    password,
  });
  if (!result.ok) return data({ error: authErrorMessage(result), values }, { status: result.status });
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

  const error = mismatch ? accountTexts.passwordMismatch : actionData?.error;
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
          defaultValue={actionData?.values.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
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
