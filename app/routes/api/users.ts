import { appContext } from "~/context";
import { listUsers } from "~/domain/users.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdmin(request, app);
  return Response.json(await listUsers(app.db), { headers: { "Cache-Control": "no-store" } });
}
