import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { can } from "~/domain/roles";
import { requireAdmin, requireUser } from "~/domain/session.server";
import { changeRole, findUserByEmail, roleInput, toRole } from "~/domain/users.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/users.email";

/** Your own record, or anyone's for an admin (others get 403 whether or not the email exists). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(request, app);
  const email = params.email.trim().toLowerCase();
  if (email !== user.email && !can(user, "manage-site")) return jsonError(403, "You can only read your own record.");
  const record = await findUserByEmail(app.db, email);
  if (!record) return jsonError(404, `No account uses ${email}.`);
  return Response.json(record, { headers: { "Cache-Control": "no-store" } });
}

/**
 * PUT /api/users/{email}, body `{ role }` (admin, editor, check-in or general): admins give any
 * account a role; answers as make-admin does (`modifiedCount`, 409 for the last admin).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "PUT") return jsonError(405, "Use PUT.");
  const actor = actorOf(request, await requireAdmin(request, app));
  const { role } = await parseJsonBody(request, roleInput);
  const answer = await changeRole(app.db, { email: params.email, role: toRole(role) }, actor);
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}
