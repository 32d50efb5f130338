import { appContext } from "~/context";
import { findSeriesRanking, toApiRanking } from "~/domain/rankings.server";
import { jsonError, jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/ranking";

/** `GET /api/rankings/{slug}`: a series' combined leaderboard. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const ranking = await findSeriesRanking(app.db, params.slug);
  if (!ranking) return jsonError(404, "No ranking has this address.");
  return jsonRead(app, "ranking", async () => toApiRanking(ranking));
}
