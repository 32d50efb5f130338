import { data } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { collectionKeys } from "~/core/collection";
import { appContext } from "~/core/context";
import { emailField } from "~/core/fields";
import { collections, editPath } from "~/features/collections/collections";
import { accountOfStudent, linkAccount, unlinkAccount } from "~/features/members/members.server";
import { studentStore } from "~/features/members/students.server";
import { messageOf } from "~/i18n/message";
import { Message, type Translate, useT } from "~/i18n/react";
import { issueMessage } from "~/lib/field-errors";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { invalidForm } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/student-account";

/**
 * `/dashboard/students/{id}/account`: an admin links a student record to a person's account
 * (they then keep it up to date themselves) or unlinks it, each after a Yes.
 */
export const handle: RouteHandle = { hydrate: true };

const FORM_ID = "link-account-form";

export const meta = screenMeta;

async function studentOf(db: Parameters<typeof studentStore.get>[0], id: string) {
  const student = await studentStore.get(db, id);
  if (!student) throw data(null, { status: 404 });
  return student;
}

export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const student = await studentOf(app.db, params.id);
  return { id: student._id, name: student.name, account: (await accountOfStudent(app.db, student._id)) ?? null };
});

function linkQuestion(t: Translate, email: string) {
  return {
    title: t("dashboard.studentAccount.linkTitle"),
    description: t("dashboard.studentAccount.linkDescription", { email }),
  };
}

function unlinkQuestion(t: Translate) {
  return {
    title: t("dashboard.studentAccount.unlinkTitle"),
    description: t("dashboard.studentAccount.unlinkDescription"),
  };
}

type AccountIntent = IntentContext<Route.ActionArgs>;

export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: "messages.action.linkAccount",
    input: async ({ args, app, form, locale }: AccountIntent) => {
      const student = await studentOf(app.db, args.params.id);
      const email = emailField().safeParse(form.get("email"));
      const values = { email: String(form.get("email") ?? "") };
      if (email.success) return { ok: true, data: { student, email: email.data }, values };
      const [issue] = email.error.issues;
      const message = issue ? issueMessage(issue) : messageOf("dashboard.studentAccount.invalidEmail");
      return { ok: false, answer: invalidForm(values, { email: message }, locale) };
    },
    confirm: ({ t }, { email }) => ({ question: linkQuestion(t, email) }),
    run: async ({ app, actor, t, form }, { student, email }) => {
      const linked = await linkAccount(app.db, student._id, email);
      const values = { email: String(form.get("email") ?? "") };
      if (!linked.ok) return data<ActionResult>({ tone: "error", message: linked.message, values }, 409);
      await recordAudit(app.db, actor, {
        action: "update",
        entity: "students",
        entityId: student._id,
        label: student.name,
        after: { account: email },
      });
      return data<ActionResult>({ tone: "success", message: t("dashboard.studentAccount.linked"), saved: true });
    },
  }),
  unlink: intent({
    what: "messages.action.unlinkAccount",
    input: async ({ args, app }: AccountIntent) => ({ ok: true, data: await studentOf(app.db, args.params.id) }),
    confirm: ({ t }) => ({ question: { ...unlinkQuestion(t), hidden: { intent: "unlink" } } }),
    run: async ({ app, actor, t }, student) => {
      await unlinkAccount(app.db, student._id);
      await recordAudit(app.db, actor, {
        action: "update",
        entity: "students",
        entityId: student._id,
        label: student.name,
        after: { account: null },
      });
      return data<ActionResult>({ tone: "success", message: t("dashboard.studentAccount.unlinked") });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

export default function StudentAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, account } = loaderData;
  const t = useT();
  const confirmed = useConfirmedSubmit<ActionResult>({
    asked: actionData?.confirm,
    askedFormId: actionData?.confirm?.hidden ? undefined : FORM_ID,
  });
  const answer = confirmed.fetcher.data ?? actionData;
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const unlinking = confirmed.pending?.get("intent") === "unlink";
  const question = unlinking ? unlinkQuestion(t) : linkQuestion(t, String(confirmed.pending?.get("email") ?? ""));
  const students = collections.students;
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: t("dashboard.title"), to: "/dashboard" },
          { label: t(collectionKeys.text(students, "list")), to: `/dashboard/${students.screens.list}` },
          { label: name, to: editPath(students, id) },
          { label: t("dashboard.screen.account") },
        ]}
      />
      <h1 className="text-2xl font-bold text-navy-900">{t("dashboard.studentAccount.heading", { name })}</h1>
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={question} />
      <div className="card flex flex-col gap-3 p-6">
        {account ? (
          <>
            <p className="text-slate-800">
              <Message
                id="dashboard.studentAccount.linkedTo"
                values={{ name: account.name, email: account.email }}
                components={{ 0: <strong /> }}
              />
            </p>
            <ConfirmedForm confirmed={confirmed}>
              <input type="hidden" name="intent" value="unlink" />
              <button type="submit" className="btn-danger">
                {t("dashboard.studentAccount.unlink")}
              </button>
            </ConfirmedForm>
          </>
        ) : (
          <p className="text-slate-800">{t("dashboard.studentAccount.noAccount")}</p>
        )}
      </div>
      <ConfirmedForm
        confirmed={confirmed}
        checkFirst
        id={FORM_ID}
        noValidate
        className="card flex flex-col gap-4 p-6"
        key={answer?.saved ? "reset" : "form"}
      >
        <h2 className="text-lg font-semibold text-navy-900">
          {t(account ? "dashboard.studentAccount.linkAnother" : "dashboard.studentAccount.linkOne")}
        </h2>
        <TextField
          label={t("dashboard.studentAccount.email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={answer?.saved ? "" : answer?.values?.email}
          error={answer?.errors?.email}
        />
        <button type="submit" className="btn-navy self-start" disabled={confirmed.busy}>
          {t("dashboard.studentAccount.link")}
        </button>
      </ConfirmedForm>
      {confirmed.busy && <Spinner />}
    </section>
  );
}
