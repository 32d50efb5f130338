import { appContext } from "~/context";
import { type Collection, collectionForApiPath } from "~/domain/collections";
import { inputSchemas, stores } from "~/domain/collections.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/collection-item";

const noStore = { "Cache-Control": "no-store" };

function collectionOf(request: Request): Collection {
  const segment = new URL(request.url).pathname.split("/")[2] ?? "";
  const target = collectionForApiPath(segment);
  if (target?.kind !== "item") throw jsonError(404, "Not found");
  return target.collection;
}

const notFoundMessage = (collection: Collection, id: string) => `No ${collection.noun} has the id ${id}.`;

/** GET /api/{collection}/{id} (admins: the record an edit starts from, pending ones included). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdmin(request, app);
  const collection = collectionOf(request);
  const row = await stores[collection.key].get(app.db, params.id);
  if (!row) return jsonError(404, notFoundMessage(collection, params.id));
  return Response.json(row, { headers: noStore });
}

/**
 * PUT /api/{collection}/{id} → `{ modifiedCount }`, 404 for an unknown id; DELETE →
 * `{ deletedCount }`, and `{ deletedCount: 0, message }` for an unknown id.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "PUT" && request.method !== "DELETE") return jsonError(405, "Use PUT or DELETE.");
  await requireAdmin(request, app);
  const collection = collectionOf(request);
  const store = stores[collection.key];
  if (request.method === "DELETE") {
    // The spec's contract (section 8): a delete that found nothing is still 200, saying so.
    const deletedCount = await store.remove(app.db, params.id);
    const body = deletedCount ? { deletedCount } : { deletedCount, message: notFoundMessage(collection, params.id) };
    return Response.json(body, { headers: noStore });
  }
  const input = await parseJsonBody(request, inputSchemas[collection.key]);
  const modifiedCount = await store.update(app.db, params.id, input);
  if (!modifiedCount) return jsonError(404, notFoundMessage(collection, params.id));
  return Response.json({ modifiedCount }, { headers: noStore });
}
