import { collectionForApiPath } from "~/domain/collections";
import { inputSchemas, stores } from "~/domain/collections.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/collection-add";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/add-event, /api/add-notice, /api/add-student, /api/add-teacher, /api/add-executive,
 * /api/add-result and /api/add-recent-event (routes.ts maps each here): `{ acknowledged, insertedId }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  await requireAdmin(request, context);
  const segment = new URL(request.url).pathname.split("/")[2] ?? "";
  const target = collectionForApiPath(segment);
  if (target?.kind !== "add") return jsonError(404, "Not found");
  const input = await parseJsonBody(request, inputSchemas[target.collection.key]);
  const insertedId = await stores[target.collection.key].create(context.db, input);
  return Response.json({ acknowledged: true, insertedId }, { status: 201, headers: { "Cache-Control": "no-store" } });
}
