import { appContext } from "~/context";
import { announceSoon } from "~/domain/announcements.server";
import { apiRecordOf } from "~/domain/api-records";
import { actorOf } from "~/domain/audit.server";
import type { Collection } from "~/domain/collection";
import { collectionOfRoute } from "~/domain/collections";
import { serviceOf } from "~/domain/collections.server";
import { requirePermission } from "~/domain/session.server";
import { invalidInput, jsonError, readJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/collection-item";

const noStore = { "Cache-Control": "no-store" };

/** routes.ts makes one route here for each collection (`/api/event/:id`, `/api/notices/:id`…). */
function collectionOf(pattern: string): Collection {
  const collection = collectionOfRoute("apiItem", pattern);
  if (!collection) throw jsonError(404, "Not found");
  return collection;
}

const notFoundMessage = (collection: Collection, id: string) => `No ${collection.noun} has the id ${id}.`;

/** GET /api/{collection}/{id} (admins: the record an edit starts from, pending ones included). */
export async function loader({ request, context, params, pattern }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requirePermission(request, app, "edit-content");
  const collection = collectionOf(pattern);
  const row = await serviceOf(collection).get(app.db, params.id);
  if (!row) return jsonError(404, notFoundMessage(collection, params.id));
  return Response.json(apiRecordOf(collection, row), { headers: noStore });
}

/**
 * PUT /api/{collection}/{id} → `{ modifiedCount }`, 404 for an unknown id; DELETE →
 * `{ deletedCount }`, and `{ deletedCount: 0, message }` for an unknown id.
 */
export async function action({ request, context, params, pattern }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "PUT" && request.method !== "DELETE") return jsonError(405, "Use PUT or DELETE.");
  const actor = actorOf(request, await requirePermission(request, app, "edit-content"));
  const collection = collectionOf(pattern);
  const service = serviceOf(collection);
  if (request.method === "DELETE") {
    // The spec's contract (section 8): a delete that found nothing is still 200, saying so.
    const deletedCount = await service.remove(app.db, params.id, actor);
    const body = deletedCount ? { deletedCount } : { deletedCount, message: notFoundMessage(collection, params.id) };
    return Response.json(body, { headers: noStore });
  }
  const written = await service.update(app.db, params.id, await readJsonBody(request), actor);
  if (written === "missing") return jsonError(404, notFoundMessage(collection, params.id));
  if (!written.ok) return invalidInput(written.errors);
  // An edit may publish a draft: its subscribers hear of it now, not at the next minute.
  await announceSoon(app);
  return Response.json({ modifiedCount: 1 }, { headers: noStore });
}
