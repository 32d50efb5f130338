import { data, Form, useNavigation } from "react-router";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { useFormat, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import type { FailedJob } from "~/lib/job-queue.server";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/jobs";

/** Background work that gave up after its retries: what it was, why, and a way to try again. */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

/** The queues this screen names; another queue shows under its own name. */
const QUEUES = ["send-mail", "post-webhook"] as const;
const isKnownQueue = (queue: string): queue is (typeof QUEUES)[number] => (QUEUES as readonly string[]).includes(queue);

/** The newest failures; older ones are removed by the queue after its retention time. */
const FAILED_SHOWN = 100;

export const loader = screenLoader(async ({ context }: Route.LoaderArgs) => {
  return { failed: await context.get(appContext).jobs.listFailed(FAILED_SHOWN) };
});

export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: "messages.action.retryJob",
    run: async ({ form, app, actor, t }: IntentContext<Route.ActionArgs>) => {
      const queue = String(form.get("queue") ?? "");
      const id = String(form.get("id") ?? "");
      if (!(await app.jobs.retry(queue, id)))
        return data<ActionResult>({ tone: "info", message: t("tools.jobs.gone") }, 404);
      await recordAudit(app.db, actor, { action: "update", entity: "jobs", entityId: id, label: `Retry ${queue}` });
      return data<ActionResult>({ tone: "success", message: t("tools.jobs.retried") });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

type JobRow = Omit<FailedJob, "createdAt" | "failedAt"> & { _id: string; failedAt: string | Date | null };

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const navigation = useNavigation();
  const rows = loaderData.failed.map((job) => ({ ...job, _id: job.id }));
  const columns: TableColumn<JobRow>[] = [
    {
      header: t("tools.jobs.colWork"),
      cell: (job) => ({ kind: "text", text: isKnownQueue(job.queue) ? t(`tools.jobs.queue.${job.queue}`) : job.queue }),
    },
    { header: t("tools.jobs.colError"), cell: (job) => ({ kind: "text", text: job.error }) },
    { header: t("tools.jobs.colTries"), cell: (job) => ({ kind: "text", text: format.number(job.attempts) }) },
    {
      header: t("tools.jobs.colFailed"),
      cell: (job) => ({ kind: "text", text: job.failedAt ? format.dateTime(job.failedAt, timeZone) : "" }),
    },
  ];
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.jobs.heading")}</h1>
      <p className="max-w-2xl text-slate-700">{t("tools.jobs.intro")}</p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message ? { tone: actionData.tone, message: actionData.message } : null
        }
      />
      {navigation.state !== "idle" && <Spinner />}
      <DataTable
        caption={t("tools.jobs.heading")}
        columns={columns}
        rows={rows}
        empty={t("tools.jobs.empty")}
        actions={(job: JobRow) => (
          <Form method="post">
            <input type="hidden" name="queue" value={job.queue} />
            <input type="hidden" name="id" value={job.id} />
            <button type="submit" className="btn-navy" aria-label={t("tools.jobs.retryNamed", { error: job.error })}>
              {t("tools.jobs.retry")}
            </button>
          </Form>
        )}
      />
    </section>
  );
}
