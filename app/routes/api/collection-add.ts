import { z } from "zod";
import { type AppContext, appContext } from "~/context";
import { collectionForApiPath } from "~/domain/collections";
import { inputSchemas, stores } from "~/domain/collections.server";
import { submissionResponse, submitForReview } from "~/domain/submissions.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import { getSessionUser, requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/collection-add";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/add-event, /api/add-notice, /api/add-student, /api/add-teacher, /api/add-executive,
 * /api/add-result and /api/add-recent-event (routes.ts maps each here): `{ acknowledged, insertedId }`.
 * Admins publish; a notice from anyone else goes to the review queue.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const segment = new URL(request.url).pathname.split("/")[2] ?? "";
  const target = collectionForApiPath(segment);
  if (target?.kind !== "add") return jsonError(404, "Not found");
  // The spec's own notice form posts here without signing in: like /notice-form, a visitor's
  // notice waits in the review queue instead of being refused.
  if (target.collection.key === "notices" && !(await getSessionUser(request, app))?.isAdmin) {
    return submitNoticeForReview(request, app);
  }
  await requireAdmin(request, app);
  const input = await parseJsonBody(request, inputSchemas[target.collection.key]);
  const insertedId = await stores[target.collection.key].create(app.db, input);
  return Response.json({ acknowledged: true, insertedId }, { status: 201, headers: { "Cache-Control": "no-store" } });
}

async function submitNoticeForReview(request: Request, app: AppContext) {
  const body = await parseJsonBody(request, z.record(z.string(), z.unknown(), { error: "Send a JSON object." }));
  return submissionResponse(await submitForReview(request, app, "notices", body));
}
