import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/session.server";
import { changeRole, roleChangeInput, roleChangeOf } from "~/domain/users.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/users.role";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/users/make-admin and POST /api/users/revoke-admin, body `{ email }`:
 * `modifiedCount` 1 when the role changed, 0 with a `message` when there was nothing to do.
 */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const actor = actorOf(request, await requireAdmin(request, app));
  const { email } = await parseJsonBody(request, roleChangeInput);
  const intent = pattern.endsWith("/make-admin") ? "make-admin" : "revoke-admin";
  const answer = await changeRole(app.db, roleChangeOf(intent, email), actor);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
