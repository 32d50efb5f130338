import { data, Link } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { DataTable, SelectAll } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSearch, TableSummary } from "~/components/table-search";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { type Collection, collectionKeys, dashboardColumns } from "~/core/collection";
import { appContext } from "~/core/context";
import { collectionByKey, collectionOfRoute, collectionPatterns, editPath } from "~/features/collections/collections";
import { serviceOf } from "~/features/collections/collections.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useFormat, useT } from "~/i18n/react";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm, selectedIds } from "~/lib/form-actions";
import { selectionProblem } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { tableHref, tableQueryFrom } from "~/lib/table-query";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/collection-list";

/**
 * The table screen of every collection (all-events, all-notice, teachers, students,
 * all-executive, results, recent-events): routes.ts makes one route here for each.
 */
export const handle: RouteHandle = { hydrate: true };

function collectionOf(pattern: string): Collection {
  const collection = collectionOfRoute("list", pattern);
  if (!collection) throw data(null, { status: 404 });
  return collection;
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  return privatePageMeta(
    args,
    loaderData ? collectionKeys.text(collectionByKey(loaderData.key), "list") : "dashboard.title",
  );
}

export const loader = screenLoader(async ({ context, url, pattern }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const collection = collectionOf(pattern);
  const service = serviceOf(collection);
  const query = tableQueryFrom(url, filterNames(collection));
  const [page, filterOptions] = await Promise.all([service.listPage(app.db, query), service.filterOptions(app.db)]);
  return { key: collection.key, query, page, filterOptions };
});

const filterNames = (collection: Collection) => (collection.filters ?? []).map((filter) => filter.name);

type ListIntent = IntentContext<Route.ActionArgs>;

const collectionOfIntent = ({ args }: ListIntent) => collectionOf(args.pattern);

const missingAnswer = (t: Translate, collection: Collection) =>
  data<ActionResult>({ tone: "info", message: t("dashboard.list.missing", nounsOf(t, collection)) }, 404);

/** Delete one row (`id`) or the ticked ones (`intent=delete-selected`, `ids`), each after a Yes. */
export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: (context: ListIntent) => ({
      key: "messages.action.deleteItem",
      words: { noun: collectionKeys.text(collectionOfIntent(context), "noun") },
    }),
    input: async (context: ListIntent) => {
      const { app, form, t } = context;
      const collection = collectionOfIntent(context);
      const id = String(form.get("id") ?? "");
      const row = await serviceOf(collection).get(app.db, id);
      if (!row) return { ok: false, answer: missingAnswer(t, collection) };
      return { ok: true, data: { collection, id, name: collection.rowName(row) } };
    },
    confirm: ({ t }, { collection, id, name }) => ({
      question: { ...deleteQuestion(t, collection, name), hidden: { id } },
    }),
    run: async ({ app, actor, t }, { collection, id }) => {
      const deletedCount = await serviceOf(collection).remove(app.db, id, actor);
      return deletedCount
        ? data<ActionResult>({ tone: "success", message: t(collectionKeys.text(collection, "deleted")) })
        : missingAnswer(t, collection);
    },
  }),
  "delete-selected": intent({
    what: (context: ListIntent) => ({
      key: "messages.action.deleteSelected",
      words: { nouns: collectionKeys.text(collectionOfIntent(context), "nouns") },
    }),
    input: (context: ListIntent) => {
      const { form, t, locale } = context;
      const collection = collectionOfIntent(context);
      const ids = selectedIds(form);
      const problem = selectionProblem(ids, t("dashboard.list.selectOne", nounsOf(t, collection)), locale);
      return problem ? { ok: false, answer: problem } : { ok: true, data: { collection, ids } };
    },
    confirm: ({ t }, { collection, ids }) => {
      const hidden = { intent: "delete-selected", ids: ids.join(",") };
      return { question: { ...bulkDeleteQuestion(t, collection, ids.length), hidden } };
    },
    run: async ({ app, actor, t }, { collection, ids }) => {
      const count = await serviceOf(collection).removeMany(app.db, ids, actor);
      const message = count
        ? t("dashboard.list.deleted", { count, ...nounsOf(t, collection) })
        : t("dashboard.list.nothingDeleted");
      return data<ActionResult>({ tone: count ? "success" : "info", message });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

/** The collection's name in a sentence: "event" and "events", in the page's language. */
function nounsOf(t: Translate, collection: Collection) {
  return { noun: t(collectionKeys.text(collection, "noun")), nouns: t(collectionKeys.text(collection, "nouns")) };
}

function deleteQuestion(t: Translate, collection: Collection, name: string) {
  return {
    title: t("dashboard.list.deleteTitle", nounsOf(t, collection)),
    description: t("dashboard.list.deleteDescription", { name }),
  };
}

function bulkDeleteQuestion(t: Translate, collection: Collection, count: number) {
  const values = { count, ...nounsOf(t, collection) };
  return {
    title: t("dashboard.list.bulkDeleteTitle", values),
    description: t("dashboard.list.bulkDeleteDescription", values),
  };
}

const BULK_FORM_ID = "delete-selected";

export default function CollectionList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, filterOptions } = loaderData;
  const collection = collectionByKey(loaderData.key);
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const columns = dashboardColumns(collection.columns, { t, format, timeZone });
  const heading = t(collectionKeys.text(collection, "list"));
  const confirmed = useConfirmedSubmit<ActionResult>({ asked: actionData?.confirm });
  const bulk = confirmed.pending?.get("intent") === "delete-selected";
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const question = bulk
    ? bulkDeleteQuestion(t, collection, confirmed.pending ? selectedIds(confirmed.pending).length : 0)
    : deleteQuestion(t, collection, pendingName);
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const narrowed = query.q !== "" || Object.keys(query.filters).length > 0;
  const exportHref = `/${collectionPatterns.export(collection)}${tableHref(query, { page: 1 }).replace(/^\?$/, "")}`;

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{heading}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={`/dashboard/${collection.screens.add}`} className="btn-accent">
            {t(collectionKeys.text(collection, "add"))}
          </Link>
          {collection.csvImport && (
            <Link to={`/${collectionPatterns.import(collection)}`} className="btn border border-slate-300 bg-white">
              {t("dashboard.list.importCsv")}
            </Link>
          )}
          <a href={exportHref} download className="btn border border-slate-300 bg-white">
            {t("dashboard.exportCsv")}
          </a>
        </div>
      </div>
      <TableSearch query={query} filters={collection.filters} filterOptions={filterOptions} sorts={columns} />
      <TableSummary page={page} q={query.q} />
      {confirmed.busy && <Spinner />}
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={question} />
      {page.items.length > 0 && (
        <ConfirmedForm confirmed={confirmed} id={BULK_FORM_ID} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="delete-selected" />
          <div className="flex min-h-11 items-center gap-2">
            <SelectAll formId={BULK_FORM_ID} id="select-all" />
            <label htmlFor="select-all" className="text-sm font-medium text-slate-800">
              {t("dashboard.selectAll")}
            </label>
          </div>
          <button type="submit" className="btn-danger">
            {t("dashboard.list.deleteSelected")}
          </button>
        </ConfirmedForm>
      )}
      <DataTable
        caption={heading}
        columns={columns}
        rows={page.items}
        empty={
          narrowed ? t("dashboard.list.noMatch", nounsOf(t, collection)) : t(collectionKeys.text(collection, "empty"))
        }
        selection={{
          formId: BULK_FORM_ID,
          label: (row) => t("dashboard.selectRow", { name: collection.rowName(row) }),
        }}
        sorting={{ current: query.sort, hrefFor: (sort) => tableHref(query, { sort, page: 1 }) }}
        actions={(row) => {
          const name = collection.rowName(row);
          return (
            <>
              <Link
                to={editPath(collection, row._id)}
                className="btn-navy"
                aria-label={t("dashboard.list.editRow", { name })}
              >
                {t("dashboard.list.edit")}
              </Link>
              <ConfirmedForm confirmed={confirmed}>
                <input type="hidden" name="id" value={row._id} />
                <input type="hidden" name="name" value={name} />
                <button type="submit" className="btn-danger" aria-label={t("dashboard.list.deleteRow", { name })}>
                  {t("dashboard.list.delete")}
                </button>
              </ConfirmedForm>
            </>
          );
        }}
      />
      <PaginationNav
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={(number) => tableHref(query, { page: number })}
        label={t("dashboard.list.pages", { heading })}
      />
    </section>
  );
}
