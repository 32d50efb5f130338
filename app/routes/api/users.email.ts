import { appContext } from "~/context";
import { requireUser } from "~/domain/session.server";
import { findUserByEmail } from "~/domain/users.server";
import { jsonError } from "~/lib/api.server";
import type { Route } from "./+types/users.email";

/** Your own record, or anyone's for an admin (others get 403 whether or not the email exists). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(request, app);
  const email = params.email.trim().toLowerCase();
  if (email !== user.email && !user.isAdmin) return jsonError(403, "You can only read your own record.");
  const record = await findUserByEmail(app.db, email);
  if (!record) return jsonError(404, `No account uses ${email}.`);
  return Response.json(record, { headers: { "Cache-Control": "no-store" } });
}
