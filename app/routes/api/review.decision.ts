import { appContext } from "~/context";
import { announceSoon } from "~/domain/announcements.server";
import { actorOf } from "~/domain/audit.server";
import { isReviewableKey, reviewTexts } from "~/domain/review";
import { approveSubmission, rejectSubmission } from "~/domain/review.server";
import { requirePermission } from "~/domain/session.server";
import { jsonError } from "~/lib/api.server";
import type { Route } from "./+types/review.decision";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/review/{notices|results}/{id}/approve → `{ modifiedCount }` (now public);
 * POST …/reject → `{ deletedCount }` (removed). 404 when no such submission is pending.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const actor = actorOf(request, await requirePermission(request, app, "edit-content"));
  const { collection, id, decision } = params;
  if (!isReviewableKey(collection) || (decision !== "approve" && decision !== "reject")) {
    return jsonError(404, "Not found");
  }
  const count =
    decision === "approve"
      ? await approveSubmission(app.db, collection, id, actor)
      : await rejectSubmission(app.db, collection, id, actor);
  if (!count) return jsonError(404, reviewTexts.missing);
  if (decision === "approve") await announceSoon(app);
  return Response.json(decision === "approve" ? { modifiedCount: count } : { deletedCount: count });
}
