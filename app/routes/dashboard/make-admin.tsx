import { data, Form, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { promoteToAdmin, roleChangeInput } from "~/domain/users.server";
import { requireAdminPage } from "~/lib/session.server";
import type { Route } from "./+types/make-admin";

export function meta() {
  return [{ title: "Make Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return null;
}

type Feedback = { tone: "success" | "info" | "error"; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const form = await request.formData();
  const input = roleChangeInput.safeParse({ email: form.get("email") });
  if (!input.success) return data<Feedback>({ tone: "error", message: input.error.issues[0]?.message ?? "" }, 400);
  const result = await promoteToAdmin(app.db, input.data.email);
  return result.modifiedCount
    ? data<Feedback>({ tone: "success", message: dashboardTexts.makeAdminSuccess })
    : data<Feedback>({ tone: "info", message: result.message ?? "" });
}

export default function MakeAdmin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <section className="card flex max-w-xl flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold text-navy-900">Make Admin</h1>
      {actionData && <Alert tone={actionData.tone}>{actionData.message}</Alert>}
      <Form method="post" className="flex flex-col gap-4" key={actionData?.tone === "success" ? "reset" : "form"}>
        <TextField label="Email" name="email" type="email" autoComplete="off" required />
        <button type="submit" className="btn-navy self-start" disabled={busy}>
          Make Admin
        </button>
      </Form>
      {busy && <Spinner label={accountTexts.loading} />}
    </section>
  );
}
