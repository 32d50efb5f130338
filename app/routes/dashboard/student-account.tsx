import { data, Form } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { collections, editPath } from "~/domain/collections";
import { emailField } from "~/domain/fields";
import { accountOfStudent, linkAccount, unlinkAccount } from "~/domain/members.server";
import { requireAdminPage } from "~/domain/session.server";
import { studentStore } from "~/domain/students.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, confirmation, invalidForm, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/student-account";

/**
 * `/dashboard/students/{id}/account`: an admin links a student record to a person's account
 * (they then keep it up to date themselves) or unlinks it, each after a Yes.
 */
export const handle: RouteHandle = { hydrate: true };

const FORM_ID = "link-account-form";

export function meta() {
  return [{ title: "Student account" }, { name: "robots", content: "noindex" }];
}

async function studentOf(db: Parameters<typeof studentStore.get>[0], id: string) {
  const student = await studentStore.get(db, id);
  if (!student) throw data(null, { status: 404 });
  return student;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const student = await studentOf(app.db, params.id);
  return { id: student._id, name: student.name, account: (await accountOfStudent(app.db, student._id)) ?? null };
}

function linkQuestion(email: string) {
  return { title: "Link this account?", description: `${email} will keep this student record up to date.` };
}
const unlinkQuestion = {
  title: "Unlink the account?",
  description: "The person will no longer edit this record; it stays on the Students page.",
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(request, requireAdminPage(context));
  const student = await studentOf(app.db, params.id);
  const form = await readFormData(request);
  if (form.get("intent") === "unlink") {
    const unconfirmed = confirmation(
      form,
      { ...unlinkQuestion, hidden: { intent: "unlink" } },
      dashboardTexts.notSaved,
    );
    if (unconfirmed) return unconfirmed;
    await unlinkAccount(app.db, student._id);
    await recordAudit(app.db, actor, {
      action: "update",
      entity: "students",
      entityId: student._id,
      label: student.name,
      after: { account: null },
    });
    return data<ActionResult>({ tone: "success", message: "The account is unlinked." });
  }
  const email = emailField().safeParse(form.get("email"));
  const values = { email: String(form.get("email") ?? "") };
  if (!email.success) return invalidForm(values, { email: email.error.issues[0]?.message ?? "Email is not valid" });
  const unconfirmed = confirmation(form, linkQuestion(email.data), dashboardTexts.notSaved, values);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, "link the account", async () => {
    const linked = await linkAccount(app.db, student._id, email.data);
    if (!linked.ok) return data<ActionResult>({ tone: "error", message: linked.message, values }, 409);
    const after = { account: email.data };
    await recordAudit(app.db, actor, {
      action: "update",
      entity: "students",
      entityId: student._id,
      label: student.name,
      after,
    });
    return data<ActionResult>({ tone: "success", message: "The account is linked.", saved: true });
  });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

export default function StudentAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, account } = loaderData;
  const confirmed = useConfirmedSubmit<ActionResult>();
  const answer = confirmed.fetcher.data ?? actionData;
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const unlinking = confirmed.pending?.get("intent") === "unlink";
  const question = unlinking ? unlinkQuestion : linkQuestion(String(confirmed.pending?.get("email") ?? ""));
  const students = collections.students;
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: "Dashboard", to: "/dashboard" },
          { label: students.headings.list, to: `/dashboard/${students.screens.list}` },
          { label: name, to: editPath(students, id) },
          { label: "Account" },
        ]}
      />
      <h1 className="text-2xl font-bold text-navy-900">Account of {name}</h1>
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && (
        <ConfirmPanel {...actionData.confirm} formId={actionData.confirm.hidden ? undefined : FORM_ID} />
      )}
      <div className="card flex flex-col gap-3 p-6">
        {account ? (
          <>
            <p className="text-slate-800">
              Linked to <strong>{account.name}</strong> ({account.email}): they keep this record up to date.
            </p>
            <Form method="post" onSubmit={confirmed.askFromEvent}>
              <input type="hidden" name="intent" value="unlink" />
              <button type="submit" className="btn-danger">
                Unlink the account
              </button>
            </Form>
          </>
        ) : (
          <p className="text-slate-800">
            No account is linked: the person can claim this record when they sign in with its email.
          </p>
        )}
      </div>
      <Form
        method="post"
        id={FORM_ID}
        noValidate
        onSubmit={confirmed.check}
        className="card flex flex-col gap-4 p-6"
        key={answer?.saved ? "reset" : "form"}
      >
        <h2 className="text-lg font-semibold text-navy-900">{account ? "Link another account" : "Link an account"}</h2>
        <TextField
          label="Email of the account"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={answer?.saved ? "" : answer?.values?.email}
          error={answer?.errors?.email}
        />
        <button type="submit" className="btn-navy self-start" disabled={confirmed.busy}>
          Link
        </button>
      </Form>
      {confirmed.busy && <Spinner label={accountTexts.loading} />}
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...question}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
