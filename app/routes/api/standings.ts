import { appContext } from "~/context";
import { can } from "~/domain/roles";
import { getSessionUser } from "~/domain/session.server";
import { findStandings, toApiStandings } from "~/domain/standings.server";
import { jsonError, jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/standings";

/** `GET /api/standings/{id}`: a published contest's standings (admins also see previews). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const standings = await findStandings(app.db, params.id);
  const visible =
    standings && (standings.contest.status === "published" || can(await getSessionUser(request, app), "edit-content"));
  if (!standings || !visible) return jsonError(404, "No contest has this id.");
  return jsonRead(app, "standings", async () => toApiStandings(standings));
}
