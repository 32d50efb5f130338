import { data, Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { PaginationNav } from "~/components/pagination-nav";
import { Spinner } from "~/components/spinner";
import { TableSearch, TableSummary } from "~/components/table-search";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { appContext } from "~/context";
import { type Collection, collectionForScreen, collections, editPath } from "~/domain/collections";
import { stores } from "~/domain/collections.server";
import { confirmStep } from "~/lib/confirm";
import { type ActionResult, keepFormOnFailure } from "~/lib/dashboard-action";
import { answerSafely } from "~/lib/dashboard-action.server";
import type { RouteHandle } from "~/lib/route-handle";
import { requireAdminPage } from "~/lib/session.server";
import { tableHref, tableQueryFrom } from "~/lib/table-query";
import { useConfirmedSubmit } from "~/lib/use-confirmed-submit";
import type { Route } from "./+types/collection-list";

/**
 * The table screen of every collection (all-events, all-notice, teachers, students,
 * all-executive, results, recent-events): routes.ts maps each path here by route id.
 */
export const handle: RouteHandle = { hydrate: true };

function collectionOf(url: URL): Collection {
  const screen = url.pathname.split("/").at(-1) ?? "";
  const match = collectionForScreen(screen);
  if (match?.screen !== "list") throw data(null, { status: 404 });
  return match.collection;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = loaderData ? collections[loaderData.key].headings.list : "Dashboard";
  return [{ title: heading }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const collection = collectionOf(url);
  const query = tableQueryFrom(url);
  const page = await stores[collection.key].listPage(app.db, query);
  return { key: collection.key, q: query.q, page };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdminPage(context);
  const collection = collectionOf(url);
  const store = stores[collection.key];
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const step = confirmStep(form);
  if (step === "declined") return data<ActionResult>({ tone: "info", message: dashboardTexts.notSaved });
  const missing = data<ActionResult>(
    { tone: "info", message: `Nothing was deleted: no ${collection.noun} has this id (it may be gone already).` },
    404,
  );
  if (step === "ask") {
    const row = await store.get(app.db, id);
    if (!row) return missing;
    const confirm = deleteQuestion(collection, collection.rowName(row));
    return data<ActionResult>({ confirm: { ...confirm, hidden: { id } } });
  }
  return answerSafely(app, `delete the ${collection.noun}`, async () => {
    const deletedCount = await store.remove(app.db, id);
    return deletedCount ? data<ActionResult>({ tone: "success", message: collection.texts.deleted }) : missing;
  });
}

export const clientAction = keepFormOnFailure;

function deleteQuestion(collection: Collection, name: string) {
  return { title: `Delete this ${collection.noun}?`, description: `${name} will be removed for good.` };
}

export default function CollectionList({ loaderData, actionData }: Route.ComponentProps) {
  const { q, page } = loaderData;
  const collection = collections[loaderData.key];
  const confirmed = useConfirmedSubmit<ActionResult>();
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const feedback = confirmed.feedback ?? (actionData?.tone ? (actionData as Required<ActionResult>) : null);

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900">{collection.headings.list}</h1>
        <Link to={`/dashboard/${collection.addPath}`} className="btn-accent">
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
      />
    </section>
  );
}
