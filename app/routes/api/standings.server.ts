import { z } from "zod";
import { jsonError, jsonRead } from "~/core/api.server";
import { failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { can } from "~/core/roles";
import { getSessionUser } from "~/core/session.server";
import { apiStandings, findStandings, toApiStandings } from "~/features/standings/standings.server";

/** `GET /api/standings/{id}`: a published contest's standings (admins also see previews). */
export const apiRoute = defineApiRoute({
  path: "/api/standings/{id}",
  params: z.object({ id: z.string() }),
  get: {
    tag: "Standings",
    summary: "A contest's standings (admins also see unpublished previews)",
    access: "public",
    answers: { 200: { description: "The standings", schema: apiStandings }, 404: failure("No such contest") },
    handle: async ({ request, app, params }) => {
      const standings = await findStandings(app.db, params.id);
      // Only a preview needs to know who asks.
      const visible =
        standings &&
        (standings.contest.status === "published" || can(await getSessionUser(request, app), "edit-content"));
      if (!standings || !visible) return jsonError(404, "No contest has this id.");
      return jsonRead(app, "standings", async () => toApiStandings(standings));
    },
  },
});
