import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, deleted, modified, NOT_FOUND } from "~/core/api-answers.server";
import { type ApiAnswer, defineApiRoute, serveByPattern } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { announceSoon } from "~/features/notifications/announcements.server";
import { isReviewableKey, REVIEWABLE_KEYS } from "~/features/review/review";
import { approveSubmission, rejectSubmission } from "~/features/review/review.server";

const reviewParams = z.object({ collection: z.enum(REVIEWABLE_KEYS), id: z.string() });

const decisions = {
  approve: { summary: "Publish a pending submission", answer: { description: "Published", schema: modified } },
  reject: { summary: "Remove a pending submission", answer: { description: "Removed", schema: deleted } },
} satisfies Record<string, { summary: string; answer: ApiAnswer }>;

/**
 * POST /api/review/{notices|results}/{id}/approve → `{ modifiedCount }` (now public);
 * POST …/reject → `{ deletedCount }` (removed). 404 when no such submission is pending.
 */
function decisionRoute(decision: keyof typeof decisions) {
  return defineApiRoute({
    path: `/api/review/{collection}/{id}/${decision}`,
    params: reviewParams,
    post: {
      tag: "Review queue",
      summary: decisions[decision].summary,
      access: "edit-content",
      answers: { 200: decisions[decision].answer, ...ADMIN_ONLY, ...NOT_FOUND },
      handle: async ({ request, app, params, user }) => {
        const actor = actorOf(request, user);
        const { collection, id } = params;
        if (!isReviewableKey(collection)) return jsonError(404, "Not found");
        const count =
          decision === "approve"
            ? await approveSubmission(app.db, collection, id, actor)
            : await rejectSubmission(app.db, collection, id, actor);
        if (!count) return jsonError(404, { key: "dashboard.review.missing" });
        if (decision === "approve") await announceSoon(app);
        return Response.json(decision === "approve" ? { modifiedCount: count } : { deletedCount: count });
      },
    },
  });
}

export const apiRoutes = [decisionRoute("approve"), decisionRoute("reject")];

export const served = serveByPattern(apiRoutes);
