import { data, Form } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { collections } from "~/domain/collections";
import { isReviewableKey, REVIEWABLE_KEYS, reviewTexts } from "~/domain/review";
import { approveSubmission, listReviewQueue, rejectSubmission } from "~/domain/review.server";
import { confirmStep } from "~/lib/confirm";
import { type ActionResult, keepFormOnFailure } from "~/lib/dashboard-action";
import { answerSafely } from "~/lib/dashboard-action.server";
import type { RouteHandle } from "~/lib/route-handle";
import { requireAdmin } from "~/lib/session.server";
import { useConfirmedSubmit } from "~/lib/use-confirmed-submit";
import type { Route } from "./+types/review";

export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: reviewTexts.heading }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return listReviewQueue(context.db);
}

const DECISIONS = ["approve", "reject"] as const;
type Decision = (typeof DECISIONS)[number];

function question(decision: Decision, name: string) {
  return decision === "approve"
    ? { title: "Approve this submission?", description: `“${name}” becomes public.` }
    : { title: "Reject this submission?", description: `“${name}” is removed for good.` };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const form = await request.formData();
  const key = String(form.get("collection") ?? "");
  const decision = String(form.get("decision") ?? "");
  const id = String(form.get("id") ?? "");
  if (!isReviewableKey(key) || !(DECISIONS as readonly string[]).includes(decision)) {
    return data<ActionResult>({ tone: "error", message: "Unknown review action." }, 400);
  }
  const step = confirmStep(form);
  if (step === "declined") return data<ActionResult>({ tone: "info", message: dashboardTexts.notSaved });
  if (step === "ask") {
    const name = String(form.get("name") ?? "");
    return data<ActionResult>({
      confirm: { ...question(decision as Decision, name), hidden: { collection: key, decision, id, name } },
    });
  }
  return answerSafely(context, `${decision} the submission`, async () => {
    const count =
      decision === "approve"
        ? await approveSubmission(context.db, key, id)
        : await rejectSubmission(context.db, key, id);
    if (!count) return data<ActionResult>({ tone: "info", message: reviewTexts.missing }, 404);
    const message = decision === "approve" ? reviewTexts.approved : reviewTexts.rejected;
    return data<ActionResult>({ tone: "success", message });
  });
}

export const clientAction = keepFormOnFailure;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const confirmed = useConfirmedSubmit<ActionResult>();
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const pendingDecision = (confirmed.pending?.get("decision") ?? "approve") as Decision;
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const empty = REVIEWABLE_KEYS.every((key) => loaderData[key].length === 0);

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
        const rows = loaderData[key] as { _id: string; name: string }[];
        if (rows.length === 0) return null;
        return (
          <section key={key} aria-labelledby={`review-${key}`} className="flex flex-col gap-2">
            <h2 id={`review-${key}`} className="text-lg font-semibold text-navy-900">
              {collection.headings.list} waiting ({rows.length})
            </h2>
            <DataTable<{ _id: string; name: string }>
              caption={`${collection.headings.list} waiting for review`}
              columns={collection.columns}
              rows={rows}
              empty={reviewTexts.empty}
              actions={(row) =>
                DECISIONS.map((decision) => (
                  <Form key={decision} method="post" onSubmit={confirmed.askFromEvent}>
                    <input type="hidden" name="collection" value={key} />
                    <input type="hidden" name="decision" value={decision} />
                    <input type="hidden" name="id" value={row._id} />
                    <input type="hidden" name="name" value={row.name} />
                    <button
                      type="submit"
                      className={decision === "approve" ? "btn-accent" : "btn-danger"}
                      aria-label={`${decision === "approve" ? "Approve" : "Reject"} ${row.name}`}
                    >
                      {decision === "approve" ? "Approve" : "Reject"}
                    </button>
                  </Form>
                ))
              }
            />
          </section>
        );
      })}
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...question(pendingDecision, pendingName)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
      />
    </section>
  );
}
