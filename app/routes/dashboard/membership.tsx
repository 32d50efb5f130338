import { data, Form } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { DataTable, SelectAll } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { FormField } from "~/components/form-field";
import { type DuesFilter, type DuesView, duesQuestion, MembershipDues } from "~/components/membership-dues";
import { PaginationNav } from "~/components/pagination-nav";
import { SelectField } from "~/components/select-field";
import { Spinner } from "~/components/spinner";
import { TableSummary } from "~/components/table-search";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { recordAudit } from "~/core/audit.server";
import { type FormFieldDef, imageCell, textCell } from "~/core/collection";
import { type AppContext, appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { duesOfRound, feeOfRound, formatMinor } from "~/features/members/dues.server";
import type { ApplicationStatus } from "~/features/members/membership";
import {
  createRound,
  decideApplications,
  listApplications,
  listRounds,
  openRound,
  roundInput,
} from "~/features/members/membership.server";
import { type Translate, useFormat, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm, selectedIds } from "~/lib/form-actions";
import { parseForm, selectionProblem } from "~/lib/form-actions.server";
import { todayIn } from "~/lib/format";
import { pageNumberFrom } from "~/lib/pagination";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/membership";
import { duesIntents } from "./membership-dues.server";

/**
 * `/dashboard/membership`: open a round; see a round's applications and approve or reject them,
 * one or many; set its fee, record payments, see who has paid, remind those who have not.
 */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

const STATUSES: readonly ApplicationStatus[] = ["pending", "approved", "rejected"];
const isStatus = (value: string | null): value is ApplicationStatus => STATUSES.includes(value as ApplicationStatus);

export const loader = screenLoader(async ({ context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const { searchParams } = url;
  const rounds = await listRounds(app.db);
  const today = todayIn(await readClubTimeZone(app));
  const open = await openRound(app.db, today);
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
  const dues = round ? await duesView(app.db, round._id, searchParams.get("dues"), today) : null;
  return { rounds, round: round ?? null, openRoundId: open?._id ?? null, filters, applications, dues };
});

/** The round's fee and its approved members with what each has paid, filtered by `?dues=paid|unpaid`. */
async function duesView(
  db: AppContext["db"],
  roundId: string,
  filterText: string | null,
  today: string,
): Promise<DuesView> {
  const filter: DuesFilter = filterText === "paid" || filterText === "unpaid" ? filterText : "";
  const [fee, everyone] = await Promise.all([feeOfRound(db, roundId), duesOfRound(db, roundId)]);
  const currency = fee?.currency ?? "BDT";
  return {
    fee: {
      amount: fee?.feeMinor ? formatMinor(fee.feeMinor) : "",
      currency,
      feeRequired: fee?.feeRequired ?? false,
      set: Boolean(fee?.feeMinor),
    },
    payers: everyone.map(({ applicationId, name }) => ({ applicationId, name })),
    lines: everyone
      .filter((line) => !filter || line.paid === (filter === "paid"))
      .map((line) => ({
        applicationId: line.applicationId,
        name: line.name,
        email: line.email,
        paid: `${formatMinor(line.paidMinor)} ${currency}`,
        isPaid: line.paid,
      })),
    filter,
    today,
  };
}

const roundFields = (t: Translate): readonly FormFieldDef[] => [
  {
    name: "session",
    label: t("tools.membership.session"),
    kind: "text",
    required: true,
    maxLength: 9,
    hint: t("tools.membership.sessionHint"),
  },
  { name: "opens_on", label: t("tools.membership.opensOn"), kind: "date", required: true },
  { name: "closes_on", label: t("tools.membership.closesOn"), kind: "date", required: true },
  {
    name: "note",
    label: t("tools.membership.note"),
    kind: "textarea",
    maxLength: 1000,
    hint: t("tools.membership.noteHint"),
  },
];

type Decision = "approve" | "reject";

function decisionQuestion(t: Translate, decision: Decision, count: number) {
  return decision === "approve"
    ? { title: t("tools.membership.approveTitle", { count }), description: t("tools.membership.approveDescription") }
    : { title: t("tools.membership.rejectTitle", { count }), description: t("tools.membership.rejectDescription") };
}

const roundQuestion = (t: Translate) => ({
  title: t("tools.membership.roundTitle"),
  description: t("tools.membership.roundDescription"),
});

type MembershipIntent = IntentContext<Route.ActionArgs>;

export const action = dashboardAction({
  ...duesIntents,
  "open-round": intent({
    what: "messages.action.openRound",
    input: ({ form, locale }: MembershipIntent) => parseForm(roundInput, form, locale),
    confirm: ({ t }) => ({ question: roundQuestion(t) }),
    run: async ({ app, actor, t }, round) => {
      const id = await createRound(app.db, round);
      await recordAudit(app.db, actor, {
        action: "create",
        entity: "membership-rounds",
        entityId: id,
        after: round,
      });
      return data<ActionResult>({ tone: "success", message: t("tools.membership.roundOpened"), saved: true });
    },
  }),
  /** Approve or reject the ticked applications (`decision`, `ids`, a `reason`), after a Yes. */
  [DEFAULT_INTENT]: intent({
    what: (_context: MembershipIntent, { decision }: { decision: Decision }) =>
      decision === "approve" ? "messages.action.approveApplications" : "messages.action.rejectApplications",
    input: ({ form, t, locale }: MembershipIntent) => {
      const decision: Decision = form.get("decision") === "reject" ? "reject" : "approve";
      const ids = selectedIds(form);
      const reason = String(form.get("reason") ?? "").slice(0, 500);
      const problem = selectionProblem(ids, t("tools.membership.selectOne"), locale);
      return problem ? { ok: false, answer: problem } : { ok: true, data: { decision, ids, reason } };
    },
    confirm: ({ t }, { decision, ids, reason }) => {
      const hidden = { decision, ids: ids.join(","), reason };
      return { question: { ...decisionQuestion(t, decision, ids.length), hidden } };
    },
    run: async ({ app, actor, t }, { decision, ids, reason }) => {
      const count = await decideApplications(app.db, ids, decision, reason, actor);
      if (!count) return data<ActionResult>({ tone: "info", message: t("tools.membership.noneDecided") });
      const message =
        decision === "approve"
          ? t("tools.membership.approvedMany", { count })
          : t("tools.membership.rejectedMany", { count });
      return data<ActionResult>({ tone: "success", message });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

const BULK_FORM_ID = "decide-applications";

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  const { rounds, round, openRoundId, filters, applications, dues } = loaderData;
  const t = useT();
  const format = useFormat();
  // Without JavaScript, a question that carries no values of its own is about the open-round form.
  const confirmed = useConfirmedSubmit<ActionResult>({
    asked: actionData?.confirm,
    askedFormId: actionData?.confirm?.hidden ? undefined : "open-round",
  });
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const answer = confirmed.fetcher.data ?? actionData;
  const pending = confirmed.pending;
  const pendingIntent = pending?.get("intent");
  const question =
    pendingIntent === "open-round"
      ? roundQuestion(t)
      : pendingIntent === "set-fee" || pendingIntent === "record-payment" || pendingIntent === "remind"
        ? duesQuestion(t, pendingIntent)
        : decisionQuestion(
            t,
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
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.membership.title")}</h1>
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={question} />
      {confirmed.busy && <Spinner />}

      <details className="card p-4" open={rounds.length === 0 || confirmed.askedFormId === "open-round" || undefined}>
        <summary className="cursor-pointer font-semibold text-navy-900">
          {t("tools.membership.openRoundSummary")}
        </summary>
        <ConfirmedForm
          confirmed={confirmed}
          checkFirst
          id="open-round"
          noValidate
          key={answer?.saved ? "reset" : "form"}
          className="mt-4 grid gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="open-round" />
          {roundFields(t).map((field) => (
            <FormField
              key={field.name}
              field={field}
              defaultValue={answer?.saved ? "" : answer?.values?.[field.name]}
              error={roundErrors[field.name]}
            />
          ))}
          <button type="submit" className="btn-navy self-start">
            {t("tools.membership.openRound")}
          </button>
        </ConfirmedForm>
      </details>

      {round ? (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <SelectField
              id="filter-round"
              name="round"
              label={t("tools.membership.round")}
              value={round._id}
              choices={rounds.map((candidate) => ({
                value: candidate._id,
                label: t(
                  candidate._id === openRoundId ? "tools.membership.roundChoiceOpen" : "tools.membership.roundChoice",
                  {
                    session: candidate.session,
                    opens: format.date(candidate.opens_on),
                    closes: format.date(candidate.closes_on),
                  },
                ),
              }))}
            />
            <SelectField
              id="filter-status"
              name="status"
              label={t("tools.membership.status")}
              value={filters.status ?? ""}
              choices={[
                { value: "", label: t("tools.membership.everyStatus") },
                ...STATUSES.map((status) => ({ value: status, label: t(`tools.membership.statusLabel.${status}`) })),
              ]}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="filter-batch" className="text-sm font-medium text-slate-800">
                {t("tools.membership.batch")}
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
              {t("tools.membership.show")}
            </button>
          </Form>
          <TableSummary page={applications} q="" />
          {applications.items.length > 0 && (
            <ConfirmedForm confirmed={confirmed} id={BULK_FORM_ID} className="flex flex-wrap items-end gap-3">
              <div className="flex min-h-11 items-center gap-2">
                <SelectAll formId={BULK_FORM_ID} id="applications-all" />
                <label htmlFor="applications-all" className="text-sm font-medium text-slate-800">
                  {t("tools.membership.selectAll")}
                </label>
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="decision-reason" className="text-sm font-medium text-slate-800">
                  {t("tools.membership.reason")}
                </label>
                <input
                  id="decision-reason"
                  name="reason"
                  maxLength={500}
                  className="min-h-11 w-72 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
                />
              </div>
              <button type="submit" name="decision" value="approve" className="btn-accent">
                {t("tools.membership.approveSelected")}
              </button>
              <button type="submit" name="decision" value="reject" className="btn-danger">
                {t("tools.membership.rejectSelected")}
              </button>
            </ConfirmedForm>
          )}
          <DataTable
            caption={t("tools.membership.caption", { session: round.session })}
            rows={applications.items}
            empty={t("tools.membership.empty")}
            selection={{ formId: BULK_FORM_ID, label: (row) => t("tools.membership.selectNamed", { name: row.name }) }}
            columns={[
              { header: t("tools.membership.colPhoto"), cell: (row) => imageCell(row.photoURL) },
              {
                header: t("tools.membership.colNameBatch"),
                cell: (row) => ({
                  kind: "lines",
                  lines: [row.name, row.batch === null ? "" : t("tools.membership.batchOf", { batch: row.batch })],
                }),
              },
              { header: t("tools.membership.colEmail"), cell: (row) => textCell(row.email) },
              { header: t("tools.membership.colStudentId"), cell: (row) => textCell(row.studentId) },
              {
                header: t("tools.membership.colStatus"),
                cell: (row) => ({
                  kind: "lines",
                  lines: [
                    t(`tools.membership.statusLabel.${row.status}`),
                    row.reason ?? "",
                    t("tools.membership.applied", { date: format.date(row.created_at.slice(0, 10)) }),
                  ],
                }),
              },
            ]}
            actions={(row) =>
              row.status === "pending"
                ? (["approve", "reject"] as const).map((decision) => (
                    <ConfirmedForm confirmed={confirmed} key={decision}>
                      <input type="hidden" name="decision" value={decision} />
                      <input type="hidden" name="ids" value={row._id} />
                      <button
                        type="submit"
                        className={decision === "approve" ? "btn-accent" : "btn-danger"}
                        aria-label={t(
                          decision === "approve" ? "tools.membership.approveNamed" : "tools.membership.rejectNamed",
                          { name: row.name },
                        )}
                      >
                        {t(decision === "approve" ? "tools.membership.approve" : "tools.membership.reject")}
                      </button>
                    </ConfirmedForm>
                  ))
                : null
            }
          />
          <PaginationNav
            page={applications.page}
            pageCount={applications.pageCount}
            hrefFor={pageHref}
            label={t("tools.membership.pages")}
          />
          {dues && (
            <MembershipDues
              roundId={round._id}
              session={round.session}
              dues={dues}
              confirmed={confirmed}
              answer={answer}
            />
          )}
        </>
      ) : (
        <p className="card p-6 text-slate-600">{t("tools.membership.noRound")}</p>
      )}
    </section>
  );
}
