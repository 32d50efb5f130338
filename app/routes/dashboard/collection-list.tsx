import { data, Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable, SelectAll } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSearch, TableSummary } from "~/components/table-search";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { type AppContext, appContext } from "~/context";
import { type Actor, actorOf } from "~/domain/audit.server";
import type { Collection } from "~/domain/collection";
import { collectionByKey, collectionOfRoute, collectionPatterns, editPath } from "~/domain/collections";
import { serviceOf } from "~/domain/collections.server";
import { requirePermissionPage } from "~/domain/session.server";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm, selectedIds } from "~/lib/form-actions";
import { answerSafely, confirmation, readFormData, selectionProblem } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { tableHref, tableQueryFrom } from "~/lib/table-query";
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

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = loaderData ? collectionByKey(loaderData.key).headings.list : "Dashboard";
  return [{ title: heading }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url, pattern }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requirePermissionPage(context, "edit-content");
  const collection = collectionOf(pattern);
  const service = serviceOf(collection);
  const query = tableQueryFrom(url, filterNames(collection));
  const [page, filterOptions] = await Promise.all([service.listPage(app.db, query), service.filterOptions(app.db)]);
  return { key: collection.key, query, page, filterOptions };
}

const filterNames = (collection: Collection) => (collection.filters ?? []).map((filter) => filter.name);

/** Delete one row (`id`) or the ticked ones (`intent=delete-selected`, `ids`), each after a Yes. */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(request, requirePermissionPage(context, "edit-content"));
  const collection = collectionOf(pattern);
  const form = await readFormData(request);
  if (form.get("intent") === "delete-selected") return deleteSelected(app, collection, form, actor);
  const service = serviceOf(collection);
  const id = String(form.get("id") ?? "");
  const missing = data<ActionResult>(
    { tone: "info", message: `Nothing was deleted: no ${collection.noun} has this id (it may be gone already).` },
    404,
  );
  const row = await service.get(app.db, id);
  if (!row) return missing;
  const question = { ...deleteQuestion(collection, collection.rowName(row)), hidden: { id } };
  const unconfirmed = confirmation(form, question, dashboardTexts.notSaved);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, `delete the ${collection.noun}`, async () => {
    const deletedCount = await service.remove(app.db, id, actor);
    return deletedCount ? data<ActionResult>({ tone: "success", message: collection.texts.deleted }) : missing;
  });
}

async function deleteSelected(app: AppContext, collection: Collection, form: FormData, actor: Actor) {
  const ids = selectedIds(form);
  const problem = selectionProblem(ids, `Select at least one ${collection.noun} to delete.`);
  if (problem) return problem;
  const hidden = { intent: "delete-selected", ids: ids.join(",") };
  const unconfirmed = confirmation(
    form,
    { ...bulkDeleteQuestion(collection, ids.length), hidden },
    dashboardTexts.notSaved,
  );
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, `delete the selected ${collection.noun}s`, async () => {
    const count = await serviceOf(collection).removeMany(app.db, ids, actor);
    const message = count === 1 ? `1 ${collection.noun} deleted.` : `${count} ${collection.noun}s deleted.`;
    return data<ActionResult>({ tone: count ? "success" : "info", message: count ? message : "Nothing was deleted." });
  });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

function deleteQuestion(collection: Collection, name: string) {
  return { title: `Delete this ${collection.noun}?`, description: `${name} will be removed for good.` };
}

function bulkDeleteQuestion(collection: Collection, count: number) {
  const what = count === 1 ? `1 ${collection.noun}` : `${count} ${collection.noun}s`;
  return { title: `Delete ${what}?`, description: `The selected ${what} will be removed for good.` };
}

const BULK_FORM_ID = "delete-selected";

export default function CollectionList({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, filterOptions } = loaderData;
  const collection = collectionByKey(loaderData.key);
  const confirmed = useConfirmedSubmit<ActionResult>();
  const bulk = confirmed.pending?.get("intent") === "delete-selected";
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const question = bulk
    ? bulkDeleteQuestion(collection, confirmed.pending ? selectedIds(confirmed.pending).length : 0)
    : deleteQuestion(collection, pendingName);
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);
  const narrowed = query.q !== "" || Object.keys(query.filters).length > 0;
  const exportHref = `/${collectionPatterns.export(collection)}${tableHref(query, { page: 1 }).replace(/^\?$/, "")}`;

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{collection.headings.list}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={`/dashboard/${collection.screens.add}`} className="btn-accent">
            {collection.headings.add}
          </Link>
          {collection.csvImport && (
            <Link to={`/${collectionPatterns.import(collection)}`} className="btn border border-slate-300 bg-white">
              Import CSV
            </Link>
          )}
          <a href={exportHref} download className="btn border border-slate-300 bg-white">
            Export CSV
          </a>
        </div>
      </div>
      <TableSearch
        query={query}
        filters={collection.filters}
        filterOptions={filterOptions}
        sorts={collection.columns}
      />
      <TableSummary page={page} q={query.q} />
      {confirmed.busy && <Spinner label={accountTexts.loading} />}
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} />}
      {page.items.length > 0 && (
        <Form
          id={BULK_FORM_ID}
          method="post"
          onSubmit={confirmed.askFromEvent}
          className="flex flex-wrap items-center gap-3"
        >
          <input type="hidden" name="intent" value="delete-selected" />
          <div className="flex min-h-11 items-center gap-2">
            <SelectAll formId={BULK_FORM_ID} id="select-all" />
            <label htmlFor="select-all" className="text-sm font-medium text-slate-800">
              Select all on this page
            </label>
          </div>
          <button type="submit" className="btn-danger">
            Delete selected
          </button>
        </Form>
      )}
      <DataTable
        caption={collection.headings.list}
        columns={collection.columns}
        rows={page.items}
        empty={narrowed ? `No ${collection.noun} matches your search.` : collection.texts.empty}
        selection={{ formId: BULK_FORM_ID, label: (row) => `Select ${collection.rowName(row)}` }}
        sorting={{ current: query.sort, hrefFor: (sort) => tableHref(query, { sort, page: 1 }) }}
        actions={(row) => {
          const name = collection.rowName(row);
          return (
            <>
              <Link to={editPath(collection, row._id)} className="btn-navy" aria-label={`Edit ${name}`}>
                Edit
              </Link>
              <Form method="post" onSubmit={confirmed.askFromEvent}>
                <input type="hidden" name="id" value={row._id} />
                <input type="hidden" name="name" value={name} />
                <button type="submit" className="btn-danger" aria-label={`Delete ${name}`}>
                  Delete
                </button>
              </Form>
            </>
          );
        }}
      />
      <PaginationNav
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={(number) => tableHref(query, { page: number })}
        label={`${collection.headings.list} pages`}
      />
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...question}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
