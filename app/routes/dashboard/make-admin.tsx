import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { roleChangeQuestionText } from "~/core/roles";
import { useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { DEFAULT_INTENT, dashboardAction, screenLoader } from "~/wiring/dashboard-screens.server";
import { roleChangeIntent } from "./__role-change.server";
import type { Route } from "./+types/make-admin";

export const handle: RouteHandle = { hydrate: true };

const FORM_ID = "make-admin-form";

export const meta = screenMeta;

export const loader = screenLoader((_args: Route.LoaderArgs) => null);

export const action = dashboardAction({
  [DEFAULT_INTENT]: roleChangeIntent<Route.ActionArgs>("make-admin"),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

export default function MakeAdmin({ actionData }: Route.ComponentProps) {
  const t = useT();
  const confirmed = useConfirmedSubmit<ActionResult>({ asked: actionData?.confirm, askedFormId: FORM_ID });
  const answer = confirmed.fetcher.data ?? actionData;
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const pendingEmail = String(confirmed.pending?.get("email") ?? "");
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: t("dashboard.title"), to: "/dashboard" },
          { label: t("dashboard.users.heading"), to: "/dashboard/users" },
          { label: t("dashboard.makeAdmin.heading") },
        ]}
      />
      <h1 className="text-2xl font-bold text-navy-900">{t("dashboard.makeAdmin.heading")}</h1>
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={roleChangeQuestionText(t, "make-admin", pendingEmail)} />
      <ConfirmedForm
        confirmed={confirmed}
        checkFirst
        id={FORM_ID}
        noValidate
        className="card flex flex-col gap-4 p-6"
        key={answer?.saved ? "reset" : "form"}
      >
        <TextField
          label={t("dashboard.makeAdmin.email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={answer?.saved ? "" : answer?.values?.email}
          error={answer?.errors?.email}
        />
        <button type="submit" className="btn-navy self-start" disabled={confirmed.busy}>
          {t("dashboard.makeAdmin.heading")}
        </button>
      </ConfirmedForm>
      {confirmed.busy && <Spinner />}
    </section>
  );
}
