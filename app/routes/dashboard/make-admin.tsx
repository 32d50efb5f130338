import { Form } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { requireAdminPage } from "~/domain/session.server";
import { roleChangeQuestion } from "~/domain/users";
import { answerRoleChangeForm } from "~/domain/users.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/make-admin";

export const handle: RouteHandle = { hydrate: true };

const FORM_ID = "make-admin-form";

export function meta() {
  return [{ title: "Make Admin" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(request, requireAdminPage(context));
  return answerRoleChangeForm(context.get(appContext), await readFormData(request), "make-admin", actor);
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

export default function MakeAdmin({ actionData }: Route.ComponentProps) {
  const confirmed = useConfirmedSubmit<ActionResult>();
  const answer = confirmed.fetcher.data ?? actionData;
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const pendingEmail = String(confirmed.pending?.get("email") ?? "");
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: "Dashboard", to: "/dashboard" },
          { label: "Users", to: "/dashboard/users" },
          { label: "Make Admin" },
        ]}
      />
      <h1 className="text-2xl font-bold text-navy-900">Make Admin</h1>
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} formId={FORM_ID} />}
      <Form
        method="post"
        id={FORM_ID}
        noValidate
        onSubmit={confirmed.check}
        className="card flex flex-col gap-4 p-6"
        key={answer?.saved ? "reset" : "form"}
      >
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={answer?.saved ? "" : answer?.values?.email}
          error={answer?.errors?.email}
        />
        <button type="submit" className="btn-navy self-start" disabled={confirmed.busy}>
          Make Admin
        </button>
      </Form>
      {confirmed.busy && <Spinner label={accountTexts.loading} />}
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...roleChangeQuestion("make-admin", pendingEmail)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
