import { data, Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSearch, TableSummary } from "~/components/table-search";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import type { Collection } from "~/domain/collection";
import { collectionByKey, collectionOfRoute, editPath } from "~/domain/collections";
import { serviceOf } from "~/domain/collections.server";
import { requireAdminPage } from "~/domain/session.server";
import { type ActionResult, keepFormOnFailure } from "~/lib/form-actions";
import { answerSafely, confirmation } from "~/lib/form-actions.server";
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
  requireAdminPage(context);
  const collection = collectionOf(pattern);
  const query = tableQueryFrom(url);
  const page = await serviceOf(collection).listPage(app.db, query);
  return { key: collection.key, q: query.q, page };
}

export async function action({ request, context, pattern }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const collection = collectionOf(pattern);
  const service = serviceOf(collection);
  const form = await request.formData();
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
    const deletedCount = await service.remove(app.db, id);
    return deletedCount ? data<ActionResult>({ tone: "success", message: collection.texts.deleted }) : missing;
  });
}

export const clientAction = keepFormOnFailure;

function deleteQuestion(collection: Collection, name: string) {
  return { title: `Delete this ${collection.noun}?`, description: `${name} will be removed for good.` };
}

export default function CollectionList({ loaderData, actionData }: Route.ComponentProps) {
  const { q, page } = loaderData;
  const collection = collectionByKey(loaderData.key);
  const confirmed = useConfirmedSubmit<ActionResult>();
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{collection.headings.list}</h1>
        <Link to={`/dashboard/${collection.screens.add}`} className="btn-accent">
          {collection.headings.add}
        </Link>
      </div>
      <TableSearch q={q} />
      <TableSummary page={page} q={q} />
      {confirmed.busy && <Spinner label={accountTexts.loading} />}
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} />}
      <DataTable
        caption={collection.headings.list}
        columns={collection.columns}
        rows={page.items}
        empty={q ? `No ${collection.noun} matches your search.` : collection.texts.empty}
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
        hrefFor={(number) => tableHref(q, number)}
        label={`${collection.headings.list} pages`}
      />
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...deleteQuestion(collection, pendingName)}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
