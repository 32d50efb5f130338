import { appContext } from "~/context";
import { listRounds } from "~/domain/membership.server";
import { requireUser } from "~/domain/session.server";
import { jsonError, jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/membership-rounds";

/**
 * `GET /api/membership-rounds`: every membership round, the newest first, for anyone signed in
 * (the round's id is what an application is posted to; its note is for applicants, as on /join).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireUser(request, app);
  return jsonRead(app, "membership rounds", async (headers) => {
    headers.set("Cache-Control", "private, no-store");
    return listRounds(app.db);
  });
}

export function action() {
  return jsonError(405, "Use GET.");
}
