import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, failure, modified } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { decideApplications, decisionInput } from "~/features/members/membership.server";

/** `POST /api/membership-applications/{id}/{approve|reject}` (admins): decides a waiting application. */
export const apiRoute = defineApiRoute({
  path: "/api/membership-applications/{id}/{decision}",
  params: z.object({ id: z.string(), decision: z.enum(["approve", "reject"]) }),
  post: {
    tag: "Members",
    summary: "Approve (the person becomes a member) or reject a waiting application",
    access: "edit-content",
    body: decisionInput,
    answers: {
      200: { description: "`modifiedCount` 1", schema: modified },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      404: failure("No waiting application has this id"),
    },
    handle: async ({ request, app, params, user, body }) => {
      const actor = actorOf(request, user);
      const decision = params.decision;
      if (decision !== "approve" && decision !== "reject") return jsonError(404, "Decide with approve or reject.");
      const { reason } = await body();
      const modifiedCount = await decideApplications(app.db, [params.id], decision, reason, actor);
      if (!modifiedCount) return jsonError(404, "No waiting application has this id.");
      return Response.json({ modifiedCount });
    },
  },
});
