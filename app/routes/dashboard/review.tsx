import { data, Form } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { DataTable, SelectAll } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { PaginationNav } from "~/components/pagination-nav";
import { SelectField } from "~/components/select-field";
import { Spinner } from "~/components/spinner";
import { TableSummary } from "~/components/table-search";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { type Collection, dashboardColumns } from "~/core/collection";
import { appContext } from "~/core/context";
import { collections } from "~/features/collections/collections";
import { announceSoon } from "~/features/notifications/announcements.server";
import { isReviewableKey, REVIEWABLE_KEYS, type ReviewableKey } from "~/features/review/review";
import {
  approveSubmission,
  approveSubmissions,
  listReviewQueue,
  rejectSubmission,
  rejectSubmissions,
} from "~/features/review/review.server";
import type { MessageKey } from "~/i18n/catalogs";
import { type Translate, useFormat, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm, selectedIds } from "~/lib/form-actions";
import { selectionProblem } from "~/lib/form-actions.server";
import { PAGE_NUMBER } from "~/lib/pagination";
import type { RouteHandle } from "~/lib/route-handle";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/review";

export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

/** Each collection pages on its own: `?notices=2&results=1`. */
function queuePages(url: URL): Record<ReviewableKey, number> {
  const { searchParams } = url;
  const pageOf = (key: ReviewableKey) => {
    const raw = searchParams.get(key) ?? "";
    return PAGE_NUMBER.test(raw) ? Math.max(1, Number(raw)) : 1;
  };
  return { notices: pageOf("notices"), results: pageOf("results") };
}

/** `?show=notices` narrows the queue to one collection's submissions. */
function shownKeys(url: URL): readonly ReviewableKey[] {
  const show = url.searchParams.get("show") ?? "";
  return isReviewableKey(show) ? [show] : REVIEWABLE_KEYS;
}

export const loader = screenLoader(async ({ context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const pages = queuePages(url);
  const shown = shownKeys(url);
  return { pages, shown, queue: await listReviewQueue(app.db, pages) };
});

const DECISIONS = ["approve", "reject", "approve-selected", "reject-selected"] as const;
type Decision = (typeof DECISIONS)[number];
const isBulk = (decision: Decision) => decision.endsWith("-selected");

function question(t: Translate, decision: Decision, name: string, count = 1) {
  if (decision === "approve") {
    return {
      title: t("dashboard.review.approveTitle"),
      description: t("dashboard.review.approveDescription", { name }),
    };
  }
  if (decision === "reject") {
    return { title: t("dashboard.review.rejectTitle"), description: t("dashboard.review.rejectDescription", { name }) };
  }
  return decision === "approve-selected"
    ? {
        title: t("dashboard.review.approveManyTitle", { count }),
        description: t("dashboard.review.approveManyDescription", { count }),
      }
    : {
        title: t("dashboard.review.rejectManyTitle", { count }),
        description: t("dashboard.review.rejectManyDescription", { count }),
      };
}

type ReviewIntent = IntentContext<Route.ActionArgs>;

/** The submissions decided: one (`id`, `name`) or the ticked ones (`ids`), of one collection. */
interface Decided {
  key: ReviewableKey;
  decision: Decision;
  ids: string[];
  name: string;
}

function decidedOf({ form, t, locale }: ReviewIntent) {
  const key = String(form.get("collection") ?? "");
  const decision = String(form.get("decision") ?? "") as Decision;
  if (!isReviewableKey(key) || !DECISIONS.includes(decision)) {
    return {
      ok: false,
      answer: data<ActionResult>({ tone: "error", message: t("dashboard.review.unknown") }, 400),
    } as const;
  }
  if (!isBulk(decision)) {
    const decided = { key, decision, ids: [String(form.get("id") ?? "")], name: String(form.get("name") ?? "") };
    return { ok: true, data: decided } as const;
  }
  const ids = selectedIds(form);
  const problem = selectionProblem(ids, t("dashboard.review.noneSelected"), locale);
  return problem
    ? ({ ok: false, answer: problem } as const)
    : ({ ok: true, data: { key, decision, ids, name: "" } } as const);
}

const WHAT = {
  approve: "messages.action.approveSubmission",
  reject: "messages.action.rejectSubmission",
  "approve-selected": "messages.action.approveSelectedSubmissions",
  "reject-selected": "messages.action.rejectSelectedSubmissions",
} as const satisfies Record<Decision, MessageKey>;

/** Approve or reject one submission (`decision`, `id`) or the ticked ones, each after a Yes. */
export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: (_context: ReviewIntent, { decision }: Decided) => WHAT[decision],
    input: decidedOf,
    confirm: ({ t }, { key, decision, ids, name }) => {
      const hidden: Record<string, string> = isBulk(decision)
        ? { collection: key, decision, ids: ids.join(",") }
        : { collection: key, decision, id: ids[0] ?? "", name };
      return { question: { ...question(t, decision, name, ids.length), hidden } };
    },
    run: async ({ app, actor, t }, { key, decision, ids }) => {
      const approving = decision === "approve" || decision === "approve-selected";
      const bulk = isBulk(decision);
      const id = ids[0] ?? "";
      const count = bulk
        ? await (approving ? approveSubmissions : rejectSubmissions)(app.db, key, ids, actor)
        : await (approving ? approveSubmission : rejectSubmission)(app.db, key, id, actor);
      if (!count) return data<ActionResult>({ tone: "info", message: t("dashboard.review.missing") }, 404);
      if (approving) await announceSoon(app);
      const message = bulk
        ? t(approving ? "dashboard.review.approvedMany" : "dashboard.review.rejectedMany", { count })
        : t(approving ? "dashboard.review.approved" : "dashboard.review.rejected");
      return data<ActionResult>({ tone: "success", message });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, shown, queue } = loaderData;
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const confirmed = useConfirmedSubmit<ActionResult>({ asked: actionData?.confirm });
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const pendingDecision = (confirmed.pending?.get("decision") ?? "approve") as Decision;
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const pendingCount = confirmed.pending ? selectedIds(confirmed.pending).length : 0;
  const empty = shown.every((key) => queue[key].total === 0);
  const showing = shown.length === 1 ? shown[0] : undefined;
  const pageHref = (key: ReviewableKey, page: number) =>
    `?${new URLSearchParams({ ...(showing ? { show: showing } : {}), ...stringValues(pages), [key]: String(page) })}`;

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("dashboard.review.heading")}</h1>
      <p className="text-slate-700">{t("dashboard.review.intro")}</p>
      {confirmed.busy && <Spinner />}
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={question(t, pendingDecision, pendingName, pendingCount)} />
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <SelectField
          id="review-show"
          name="show"
          label={t("dashboard.review.show")}
          value={showing ?? ""}
          choices={[
            { value: "", label: t("dashboard.review.showEverything") },
            ...REVIEWABLE_KEYS.map((key) => ({
              value: key,
              label: t("dashboard.review.showCollection", { collection: key }),
            })),
          ]}
        />
        <button type="submit" className="btn-navy">
          {t("dashboard.review.show")}
        </button>
      </Form>
      {empty && <p className="card p-6 text-slate-600">{t("dashboard.review.empty")}</p>}
      {shown.map((key) => {
        const collection: Collection = collections[key];
        const page = queue[key];
        const rows = page.items as { _id: string; name: string }[];
        if (page.total === 0) return null;
        const bulkFormId = `decide-selected-${key}`;
        const waiting = t("dashboard.review.waiting", { collection: key, count: format.number(page.total) });
        return (
          <section key={key} aria-labelledby={`review-${key}`} className="flex flex-col gap-2">
            <h2 id={`review-${key}`} className="text-lg font-semibold text-navy-900">
              {waiting}
            </h2>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <TableSummary page={page} q="" />
              <a
                href={`/dashboard/review.csv?show=${key}`}
                download
                className="btn border border-slate-300 bg-white"
                aria-label={t("dashboard.review.exportLabel", { waiting })}
              >
                {t("dashboard.exportCsv")}
              </a>
            </div>
            <ConfirmedForm confirmed={confirmed} id={bulkFormId} className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="collection" value={key} />
              <div className="flex min-h-11 items-center gap-2">
                <SelectAll formId={bulkFormId} id={`${bulkFormId}-all`} />
                <label htmlFor={`${bulkFormId}-all`} className="text-sm font-medium text-slate-800">
                  {t("dashboard.selectAll")}
                </label>
              </div>
              <button type="submit" name="decision" value="approve-selected" className="btn-accent">
                {t("dashboard.review.approveSelected")}
              </button>
              <button type="submit" name="decision" value="reject-selected" className="btn-danger">
                {t("dashboard.review.rejectSelected")}
              </button>
            </ConfirmedForm>
            <DataTable<{ _id: string; name: string }>
              caption={t("dashboard.review.caption", { collection: key })}
              columns={dashboardColumns(collection.columns, { t, format, timeZone })}
              rows={rows}
              empty={t("dashboard.review.empty")}
              selection={{ formId: bulkFormId, label: (row) => t("dashboard.selectRow", { name: row.name }) }}
              actions={(row) =>
                (["approve", "reject"] as const).map((decision) => (
                  <ConfirmedForm confirmed={confirmed} key={decision}>
                    <input type="hidden" name="collection" value={key} />
                    <input type="hidden" name="decision" value={decision} />
                    <input type="hidden" name="id" value={row._id} />
                    <input type="hidden" name="name" value={row.name} />
                    <button
                      type="submit"
                      className={`${decision === "approve" ? "btn-accent" : "btn-danger"} w-24`}
                      aria-label={t(`dashboard.review.${decision}Row`, { name: row.name })}
                    >
                      {t(`dashboard.review.${decision}`)}
                    </button>
                  </ConfirmedForm>
                ))
              }
            />
            <PaginationNav
              page={page.page}
              pageCount={page.pageCount}
              hrefFor={(number) => pageHref(key, number)}
              label={t("dashboard.review.pages", { collection: key })}
            />
          </section>
        );
      })}
    </section>
  );
}

function stringValues(record: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, String(value)]));
}
