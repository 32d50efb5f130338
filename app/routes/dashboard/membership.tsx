import { data, Form } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable, SelectAll } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { FormField } from "~/components/form-field";
import { PaginationNav } from "~/components/pagination-nav";
import { SelectField } from "~/components/select-field";
import { Spinner } from "~/components/spinner";
import { TableSummary } from "~/components/table-search";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { clubTimeZone } from "~/content/site";
import { type AppContext, appContext } from "~/context";
import { type Actor, actorOf, recordAudit } from "~/domain/audit.server";
import { type FormFieldDef, imageCell, textCell } from "~/domain/collection";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus, membershipTexts } from "~/domain/membership";
import {
  createRound,
  decideApplications,
  listApplications,
  listRounds,
  openRound,
  roundInput,
} from "~/domain/membership.server";
import { requirePermissionPage } from "~/domain/session.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm, selectedIds } from "~/lib/form-actions";
import { answerSafely, confirmation, parseForm, readFormData, selectionProblem } from "~/lib/form-actions.server";
import { formatDate, todayIn } from "~/lib/format";
import { pageNumberFrom } from "~/lib/pagination";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/membership";

/** `/dashboard/membership`: open a round; see a round's applications and approve or reject them, one or many. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: "Membership" }, { name: "robots", content: "noindex" }];
}

const STATUSES = Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[];
const isStatus = (value: string | null): value is ApplicationStatus => STATUSES.includes(value as ApplicationStatus);

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requirePermissionPage(context, "edit-content");
  const { searchParams } = url;
  const rounds = await listRounds(app.db);
  const open = await openRound(app.db, todayIn(clubTimeZone));
  const round = rounds.find((candidate) => candidate._id === searchParams.get("round")) ?? open ?? rounds[0];
  const status = searchParams.get("status");
  const batchText = searchParams.get("batch") ?? "";
  const filters = {
    status: isStatus(status) ? status : undefined,
    batch: /^\d{1,4}$/.test(batchText) ? Number(batchText) : undefined,
  };
  const applications = round
    ? await listApplications(app.db, round._id, filters, pageNumberFrom(searchParams))
    : { items: [], page: 1, pageCount: 1, total: 0 };
  return { rounds, round: round ?? null, openRoundId: open?._id ?? null, filters, applications };
}

const ROUND_FIELDS: readonly FormFieldDef[] = [
  { name: "session", label: "Session", kind: "text", required: true, maxLength: 9, hint: "e.g. 2026-2027" },
  { name: "opens_on", label: "Opens on", kind: "date", required: true },
  { name: "closes_on", label: "Closes on", kind: "date", required: true },
  { name: "note", label: "Note", kind: "textarea", maxLength: 1000, hint: "Optional, shown on /join" },
];

type Decision = "approve" | "reject";

function decisionQuestion(decision: Decision, count: number) {
  const what = count === 1 ? "1 application" : `${count} applications`;
  return decision === "approve"
    ? { title: `Approve ${what}?`, description: "They become members and appear on the Students page." }
    : { title: `Reject ${what}?`, description: "They see the decision, and the reason if you gave one." };
}
const ROUND_QUESTION = { title: "Open this round?", description: "People can apply at /join between its dates." };

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(request, requirePermissionPage(context, "edit-content"));
  const form = await readFormData(request);
  if (form.get("intent") === "open-round") {
    const parsed = parseForm(roundInput, form);
    if (!parsed.ok) return parsed.answer;
    const unconfirmed = confirmation(form, ROUND_QUESTION, dashboardTexts.notSaved, parsed.values);
    if (unconfirmed) return unconfirmed;
    return answerSafely(app.log, "open the round", async () => {
      const id = await createRound(app.db, parsed.data);
      await recordAudit(app.db, actor, {
        action: "create",
        entity: "membership-rounds",
        entityId: id,
        after: parsed.data,
      });
      return data<ActionResult>({ tone: "success", message: membershipTexts.roundOpened, saved: true });
    });
  }
  return decide(app, form, actor);
}

async function decide(app: AppContext, form: FormData, actor: Actor) {
  const decision: Decision = form.get("decision") === "reject" ? "reject" : "approve";
  const ids = selectedIds(form);
  const reason = String(form.get("reason") ?? "").slice(0, 500);
  const problem = selectionProblem(ids, "Select at least one application.");
  if (problem) return problem;
  const hidden = { decision, ids: ids.join(","), reason };
  const unconfirmed = confirmation(
    form,
    { ...decisionQuestion(decision, ids.length), hidden },
    dashboardTexts.notSaved,
  );
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, `${decision} the applications`, async () => {
    const count = await decideApplications(app.db, ids, decision, reason, actor);
    if (!count) return data<ActionResult>({ tone: "info", message: membershipTexts.noneDecided });
    const message = decision === "approve" ? membershipTexts.approvedMany(count) : membershipTexts.rejectedMany(count);
    return data<ActionResult>({ tone: "success", message });
  });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

const BULK_FORM_ID = "decide-applications";

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  const { rounds, round, openRoundId, filters, applications } = loaderData;
  const confirmed = useConfirmedSubmit<ActionResult>();
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const answer = confirmed.fetcher.data ?? actionData;
  const pending = confirmed.pending;
  const question =
    pending?.get("intent") === "open-round"
      ? ROUND_QUESTION
      : decisionQuestion(
          pending?.get("decision") === "reject" ? "reject" : "approve",
          pending ? selectedIds(pending).length : 0,
        );
  const roundErrors = answer?.saved ? {} : (answer?.errors ?? {});
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (round) params.set("round", round._id);
    if (filters.status) params.set("status", filters.status);
    if (filters.batch !== undefined) params.set("batch", String(filters.batch));
    if (page > 1) params.set("page", String(page));
    return `?${params}`;
  };
  return (
    <section className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold text-navy-900">Membership</h1>
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && (
        <ConfirmPanel {...actionData.confirm} formId={actionData.confirm.hidden ? undefined : "open-round"} />
      )}
      {confirmed.busy && <Spinner label={accountTexts.loading} />}

      <details className="card p-4" open={rounds.length === 0 || undefined}>
        <summary className="cursor-pointer font-semibold text-navy-900">Open a membership round</summary>
        <Form
          id="open-round"
          method="post"
          noValidate
          onSubmit={confirmed.check}
          key={answer?.saved ? "reset" : "form"}
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="open-round" />
          {ROUND_FIELDS.map((field) => (
            <FormField
              key={field.name}
              field={field}
              defaultValue={answer?.saved ? "" : answer?.values?.[field.name]}
              error={roundErrors[field.name]}
            />
          ))}
          <button type="submit" className="btn-navy self-start">
            Open the round
          </button>
        </Form>
      </details>

      {round ? (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <SelectField
              id="filter-round"
              name="round"
              label="Round"
              value={round._id}
              choices={rounds.map((candidate) => ({
                value: candidate._id,
                label: `${candidate.session}: ${formatDate(candidate.opens_on)} to ${formatDate(candidate.closes_on)}${
                  candidate._id === openRoundId ? " (open)" : ""
                }`,
              }))}
            />
            <SelectField
              id="filter-status"
              name="status"
              label="Status"
              value={filters.status ?? ""}
              choices={[
                { value: "", label: "Every status" },
                ...STATUSES.map((status) => ({ value: status, label: APPLICATION_STATUS_LABELS[status] })),
              ]}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="filter-batch" className="text-sm font-medium text-slate-800">
                Batch
              </label>
              <input
                id="filter-batch"
                name="batch"
                inputMode="numeric"
                defaultValue={filters.batch ?? ""}
                className="min-h-11 w-24 rounded-lg border border-slate-300 bg-white px-3 text-base"
              />
            </div>
            <button type="submit" className="btn-navy">
              Show
            </button>
          </Form>
          <TableSummary page={applications} q="" />
          {applications.items.length > 0 && (
            <Form
              id={BULK_FORM_ID}
              method="post"
              onSubmit={confirmed.askFromEvent}
              className="flex flex-wrap items-end gap-3"
            >
              <div className="flex min-h-11 items-center gap-2">
                <SelectAll formId={BULK_FORM_ID} id="applications-all" />
                <label htmlFor="applications-all" className="text-sm font-medium text-slate-800">
                  Select all on this page
                </label>
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="decision-reason" className="text-sm font-medium text-slate-800">
                  Reason (optional, the applicant sees it)
                </label>
                <input
                  id="decision-reason"
                  name="reason"
                  maxLength={500}
                  className="min-h-11 w-72 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
                />
              </div>
              <button type="submit" name="decision" value="approve" className="btn-accent">
                Approve selected
              </button>
              <button type="submit" name="decision" value="reject" className="btn-danger">
                Reject selected
              </button>
            </Form>
          )}
          <DataTable
            caption={`Applications for ${round.session}`}
            rows={applications.items}
            empty="No applications match."
            selection={{ formId: BULK_FORM_ID, label: (row) => `Select ${row.name}` }}
            columns={[
              { header: "Photo", cell: (row) => imageCell(row.photoURL) },
              {
                header: "Name and batch",
                cell: (row) => ({ kind: "lines", lines: [row.name, row.batch === null ? "" : `Batch-${row.batch}`] }),
              },
              { header: "Email", cell: (row) => textCell(row.email) },
              { header: "Student ID", cell: (row) => textCell(row.studentId) },
              {
                header: "Status",
                cell: (row) => ({
                  kind: "lines",
                  lines: [
                    APPLICATION_STATUS_LABELS[row.status],
                    row.reason ?? "",
                    `Applied ${formatDate(row.created_at.slice(0, 10))}`,
                  ],
                }),
              },
            ]}
            actions={(row) =>
              row.status === "pending"
                ? (["approve", "reject"] as const).map((decision) => (
                    <Form key={decision} method="post" onSubmit={confirmed.askFromEvent}>
                      <input type="hidden" name="decision" value={decision} />
                      <input type="hidden" name="ids" value={row._id} />
                      <button
                        type="submit"
                        className={decision === "approve" ? "btn-accent" : "btn-danger"}
                        aria-label={`${decision === "approve" ? "Approve" : "Reject"} ${row.name}`}
                      >
                        {decision === "approve" ? "Approve" : "Reject"}
                      </button>
                    </Form>
                  ))
                : null
            }
          />
          <PaginationNav
            page={applications.page}
            pageCount={applications.pageCount}
            hrefFor={pageHref}
            label="Applications pages"
          />
        </>
      ) : (
        <p className="card p-6 text-slate-600">No membership round yet: open one above.</p>
      )}
      <ConfirmDialog
        open={pending !== null}
        {...question}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
