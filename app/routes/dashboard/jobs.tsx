import { data, Form, useNavigation } from "react-router";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { accountTexts } from "~/content/accounts";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { actorOf, recordAudit } from "~/domain/audit.server";
import { requireAdminPage } from "~/domain/session.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, readFormData } from "~/lib/form-actions.server";
import { formatDateTime } from "~/lib/format";
import type { FailedJob } from "~/lib/job-queue.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/jobs";

/** Background work that gave up after its retries: what it was, why, and a way to try again. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: jobTexts.heading }, { name: "robots", content: "noindex" }];
}

const jobTexts = {
  heading: "Failed jobs",
  intro:
    "Mail and webhook posts are tried again with growing pauses; those listed here failed every try. " +
    "Fix the cause (the SMTP server, the webhook's address), then try again.",
  empty: "No failed jobs.",
  retried: "Sent back to its queue: it runs again in a moment.",
  gone: "That job is not failed any more (it may have been retried already).",
  queues: { "send-mail": "Send a mail", "post-webhook": "Post to a webhook" } as Record<string, string>,
};

/** The newest failures; older ones are removed by the queue after its retention time. */
const FAILED_SHOWN = 100;

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return { failed: await context.get(appContext).jobs.listFailed(FAILED_SHOWN) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(request, requireAdminPage(context));
  const app = context.get(appContext);
  const form = await readFormData(request);
  const queue = String(form.get("queue") ?? "");
  const id = String(form.get("id") ?? "");
  return answerSafely(app.log, "retry the job", async () => {
    if (!(await app.jobs.retry(queue, id))) return data<ActionResult>({ tone: "info", message: jobTexts.gone }, 404);
    await recordAudit(app.db, actor, { action: "update", entity: "jobs", entityId: id, label: `Retry ${queue}` });
    return data<ActionResult>({ tone: "success", message: jobTexts.retried });
  });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

type JobRow = Omit<FailedJob, "createdAt" | "failedAt"> & { _id: string; failedAt: string | Date | null };

const columns: TableColumn<JobRow>[] = [
  { header: "Work", cell: (job) => ({ kind: "text", text: jobTexts.queues[job.queue] ?? job.queue }) },
  { header: "Error", cell: (job) => ({ kind: "text", text: job.error }) },
  { header: "Tries", cell: (job) => ({ kind: "text", text: String(job.attempts) }) },
  {
    header: "Failed",
    cell: (job) => ({ kind: "text", text: job.failedAt ? formatDateTime(job.failedAt, clubTimeZone) : "" }),
  },
];

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const rows = loaderData.failed.map((job) => ({ ...job, _id: job.id }));
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{jobTexts.heading}</h1>
      <p className="max-w-2xl text-slate-700">{jobTexts.intro}</p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message ? { tone: actionData.tone, message: actionData.message } : null
        }
      />
      {navigation.state !== "idle" && <Spinner label={accountTexts.loading} />}
      <DataTable
        caption={jobTexts.heading}
        columns={columns}
        rows={rows}
        empty={jobTexts.empty}
        actions={(job: JobRow) => (
          <Form method="post">
            <input type="hidden" name="queue" value={job.queue} />
            <input type="hidden" name="id" value={job.id} />
            <button type="submit" className="btn-navy" aria-label={`Retry: ${job.error}`}>
              Retry
            </button>
          </Form>
        )}
      />
    </section>
  );
}
