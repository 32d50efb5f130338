import { data, Form } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSummary } from "~/components/table-search";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { type AppContext, appContext } from "~/context";
import { collections } from "~/domain/collections";
import { BULK_REJECT_MAX, isReviewableKey, REVIEWABLE_KEYS, type ReviewableKey, reviewTexts } from "~/domain/review";
import { approveSubmission, listReviewQueue, rejectSubmission, rejectSubmissions } from "~/domain/review.server";
import { requireAdminPage } from "~/domain/session.server";
import { type ActionResult, keepFormOnFailure } from "~/lib/form-actions";
import { answerSafely, confirmation } from "~/lib/form-actions.server";
import { PAGE_NUMBER } from "~/lib/pagination";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/review";

export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: reviewTexts.heading }, { name: "robots", content: "noindex" }];
}

/** Each collection pages on its own: `?notices=2&results=1`. */
function queuePages(url: URL): Record<ReviewableKey, number> {
  const { searchParams } = url;
  const pageOf = (key: ReviewableKey) => {
    const raw = searchParams.get(key) ?? "";
    return PAGE_NUMBER.test(raw) ? Math.max(1, Number(raw)) : 1;
  };
  return { notices: pageOf("notices"), results: pageOf("results") };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const pages = queuePages(url);
  return { pages, queue: await listReviewQueue(app.db, pages) };
}

const DECISIONS = ["approve", "reject", "reject-selected"] as const;
type Decision = (typeof DECISIONS)[number];

function question(decision: Decision, name: string, count = 1) {
  if (decision === "approve") return { title: "Approve this submission?", description: `“${name}” becomes public.` };
  if (decision === "reject") return { title: "Reject this submission?", description: `“${name}” is removed for good.` };
  return {
    title: count === 1 ? "Reject 1 submission?" : `Reject ${count} submissions?`,
    description:
      count === 1 ? "The selected submission is removed for good." : "The selected submissions are removed for good.",
  };
}

/** The ids a bulk rejection names: ticked boxes, or the same ids sent again by the confirm step. */
function selectedIds(form: FormData): string[] {
  const ids = form.getAll("ids").flatMap((value) => String(value).split(","));
  return [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const form = await request.formData();
  const key = String(form.get("collection") ?? "");
  const decision = String(form.get("decision") ?? "") as Decision;
  if (!isReviewableKey(key) || !DECISIONS.includes(decision)) {
    return data<ActionResult>({ tone: "error", message: "Unknown review action." }, 400);
  }
  if (decision === "reject-selected") return rejectSelected(form, key, app);
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "");
  const asked = { ...question(decision, name), hidden: { collection: key, decision, id, name } };
  const unconfirmed = confirmation(form, asked, dashboardTexts.notSaved);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, `${decision} the submission`, async () => {
    const count =
      decision === "approve" ? await approveSubmission(app.db, key, id) : await rejectSubmission(app.db, key, id);
    if (!count) return data<ActionResult>({ tone: "info", message: reviewTexts.missing }, 404);
    const message = decision === "approve" ? reviewTexts.approved : reviewTexts.rejected;
    return data<ActionResult>({ tone: "success", message });
  });
}

async function rejectSelected(form: FormData, key: ReviewableKey, app: AppContext) {
  const ids = selectedIds(form);
  if (ids.length === 0) return data<ActionResult>({ tone: "error", message: reviewTexts.noneSelected }, 400);
  if (ids.length > BULK_REJECT_MAX) {
    return data<ActionResult>({ tone: "error", message: `Select at most ${BULK_REJECT_MAX} at a time.` }, 400);
  }
  const hidden = { collection: key, decision: "reject-selected", ids: ids.join(",") };
  const unconfirmed = confirmation(
    form,
    { ...question("reject-selected", "", ids.length), hidden },
    dashboardTexts.notSaved,
  );
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, "reject the selected submissions", async () => {
    const count = await rejectSubmissions(app.db, key, ids);
    if (!count) return data<ActionResult>({ tone: "info", message: reviewTexts.missing }, 404);
    return data<ActionResult>({ tone: "success", message: reviewTexts.rejectedMany(count) });
  });
}

export const clientAction = keepFormOnFailure;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, queue } = loaderData;
  const confirmed = useConfirmedSubmit<ActionResult>();
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const pendingDecision = (confirmed.pending?.get("decision") ?? "approve") as Decision;
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const pendingCount = confirmed.pending ? selectedIds(confirmed.pending).length : 0;
  const empty = REVIEWABLE_KEYS.every((key) => queue[key].total === 0);
  const pageHref = (key: ReviewableKey, page: number) =>
    `?${new URLSearchParams({ ...stringValues(pages), [key]: String(page) })}`;

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{reviewTexts.heading}</h1>
      <p className="text-slate-700">{reviewTexts.intro}</p>
      {confirmed.busy && <Spinner label={accountTexts.loading} />}
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} />}
      {empty && <p className="card p-6 text-slate-600">{reviewTexts.empty}</p>}
      {REVIEWABLE_KEYS.map((key) => {
        const collection = collections[key];
        const page = queue[key];
        const rows = page.items as { _id: string; name: string }[];
        if (page.total === 0) return null;
        const bulkFormId = `reject-selected-${key}`;
        return (
          <section key={key} aria-labelledby={`review-${key}`} className="flex flex-col gap-2">
            <h2 id={`review-${key}`} className="text-lg font-semibold text-navy-900">
              {reviewTexts.waiting(collection.noun, page.total)}
            </h2>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <TableSummary page={page} q="" />
              <Form id={bulkFormId} method="post" onSubmit={confirmed.askFromEvent}>
                <input type="hidden" name="collection" value={key} />
                <input type="hidden" name="decision" value="reject-selected" />
                <button type="submit" className="btn-danger">
                  {reviewTexts.rejectSelected}
                </button>
              </Form>
            </div>
            <DataTable<{ _id: string; name: string }>
              caption={reviewTexts.caption(collection.noun)}
              columns={collection.columns}
              rows={rows}
              empty={reviewTexts.empty}
              selection={{ formId: bulkFormId, label: (row) => `Select ${row.name}` }}
              actions={(row) =>
                (["approve", "reject"] as const).map((decision) => (
                  <Form key={decision} method="post" onSubmit={confirmed.askFromEvent}>
                    <input type="hidden" name="collection" value={key} />
                    <input type="hidden" name="decision" value={decision} />
                    <input type="hidden" name="id" value={row._id} />
                    <input type="hidden" name="name" value={row.name} />
                    <button
                      type="submit"
                      className={`${decision === "approve" ? "btn-accent" : "btn-danger"} w-24`}
                      aria-label={`${decision === "approve" ? "Approve" : "Reject"} ${row.name}`}
                    >
                      {decision === "approve" ? "Approve" : "Reject"}
                    </button>
                  </Form>
                ))
              }
            />
            <PaginationNav
              page={page.page}
              pageCount={page.pageCount}
              hrefFor={(number) => pageHref(key, number)}
              label={reviewTexts.pages(collection.noun)}
            />
          </section>
        );
      })}
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...question(pendingDecision, pendingName, pendingCount)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}

function stringValues(record: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, String(value)]));
}
