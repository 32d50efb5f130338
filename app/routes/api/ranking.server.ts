import { z } from "zod";
import { jsonError, jsonRead } from "~/core/api.server";
import { failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { apiRanking, findSeriesRanking, toApiRanking } from "~/features/standings/rankings.server";

/** `GET /api/rankings/{slug}`: a series' combined leaderboard. */
export const apiRoute = defineApiRoute({
  path: "/api/rankings/{slug}",
  params: z.object({ slug: z.string() }),
  get: {
    tag: "Standings",
    summary: "A club ranking: the members' combined standings across its contests, with attendance",
    access: "public",
    answers: { 200: { description: "The ranking", schema: apiRanking }, 404: failure("No such ranking") },
    handle: async ({ app, params }) => {
      const ranking = await findSeriesRanking(app.db, params.slug);
      if (!ranking) return jsonError(404, "No ranking has this address.");
      return jsonRead(app, "ranking", async () => toApiRanking(ranking));
    },
  },
});
