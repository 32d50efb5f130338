import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { decideApplications, decisionInput } from "~/domain/membership.server";
import { requirePermission } from "~/domain/session.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/membership-decision";

export function loader() {
  return jsonError(405, "Use POST.");
}

/** `POST /api/membership-applications/{id}/{approve|reject}` (admins): decides a waiting application. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const actor = actorOf(request, await requirePermission(request, app, "edit-content"));
  const decision = params.decision;
  if (decision !== "approve" && decision !== "reject") return jsonError(404, "Decide with approve or reject.");
  const { reason } = await parseJsonBody(request, decisionInput);
  const modifiedCount = await decideApplications(app.db, [params.id], decision, reason, actor);
  if (!modifiedCount) return jsonError(404, "No waiting application has this id.");
  return Response.json({ modifiedCount });
}
