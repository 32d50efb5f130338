import { appContext } from "~/context";
import { requireAdmin } from "~/domain/session.server";
import { listUsers } from "~/domain/users.server";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdmin(request, app);
  return Response.json(await listUsers(app.db), { headers: { "Cache-Control": "no-store" } });
}
