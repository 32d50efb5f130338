import { appContext } from "~/context";
import { LastAdminError, promoteToAdmin, revokeAdmin, roleChangeInput } from "~/domain/users.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/users.role";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/users/make-admin and POST /api/users/revoke-admin, body `{ email }`:
 * `modifiedCount` 1 when the role changed, 0 with a `message` when there was nothing to do.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  await requireAdmin(request, app);
  const { email } = await parseJsonBody(request, roleChangeInput);
  if (new URL(request.url).pathname.endsWith("/make-admin")) return Response.json(await promoteToAdmin(app.db, email));
  try {
    return Response.json(await revokeAdmin(app.db, email));
  } catch (error) {
    if (error instanceof LastAdminError) return jsonError(409, error.message);
    throw error;
  }
}
