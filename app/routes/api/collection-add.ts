import { z } from "zod";
import { type AppContext, appContext } from "~/context";
import { announceSoon } from "~/domain/announcements.server";
import { actorOf } from "~/domain/audit.server";
import { collectionOfRoute } from "~/domain/collections";
import { serviceOf } from "~/domain/collections.server";
import { can } from "~/domain/roles";
import { getSessionUser, requirePermission } from "~/domain/session.server";
import { submissionResponse, submitForReview } from "~/domain/submissions.server";
import { invalidInput, jsonError, parseJsonBody, readJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/collection-add";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/add-event, /api/add-notice, /api/add-student, /api/add-teacher, /api/add-executive,
 * /api/add-result and /api/add-recent-event (routes.ts makes one route here for each):
 * `{ acknowledged, insertedId }`.
 * Admins publish; a notice from anyone else goes to the review queue.
 */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const collection = collectionOfRoute("apiAdd", pattern);
  if (!collection) return jsonError(404, "Not found");
  // The spec's own notice form posts here without signing in: like /notice-form, a visitor's
  // notice waits in the review queue instead of being refused.
  if (collection.key === "notices" && !can(await getSessionUser(request, app), "edit-content")) {
    return submitNoticeForReview(request, app);
  }
  const actor = actorOf(request, await requirePermission(request, app, "edit-content"));
  const written = await serviceOf(collection).create(app.db, await readJsonBody(request), actor);
  if (!written.ok) return invalidInput(written.errors);
  await announceSoon(app);
  return Response.json(
    { acknowledged: true, insertedId: written.id },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}

async function submitNoticeForReview(request: Request, app: AppContext) {
  const body = await parseJsonBody(request, z.record(z.string(), z.unknown(), { error: "Send a JSON object." }));
  return submissionResponse(await submitForReview(request, app, "notices", body));
}
