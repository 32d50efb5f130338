import { listUsers } from "~/domain/users.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return Response.json(await listUsers(context.db), { headers: { "Cache-Control": "no-store" } });
}
