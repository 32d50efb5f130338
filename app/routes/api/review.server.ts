import { z } from "zod";
import { ADMIN_ONLY, pageQuery } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { collectionServices } from "~/features/collections/collections.server";
import { listReviewQueue } from "~/features/review/review.server";
import { apiPageSizeFrom, pageNumberFrom } from "~/lib/pagination";

/**
 * GET /api/review: the public forms' submissions waiting for an admin, newest first; `?page=`
 * and `?limit=` (default 100, at most 500) page through both lists alike.
 */
export const apiRoute = defineApiRoute({
  path: "/api/review",
  get: {
    tag: "Review queue",
    summary: "Submissions of the public forms waiting for review, newest first",
    access: "edit-content",
    query: pageQuery,
    answers: {
      200: {
        description: "Pending notices and results",
        schema: z.strictObject({
          notices: z.array(collectionServices.notices.recordSchema),
          results: z.array(collectionServices.results.recordSchema),
        }),
      },
      ...ADMIN_ONLY,
    },
    handle: async ({ app, url }) => {
      const page = pageNumberFrom(url.searchParams);
      const queue = await listReviewQueue(app.db, { notices: page, results: page }, apiPageSizeFrom(url.searchParams));
      return Response.json(
        { notices: queue.notices.items, results: queue.results.items },
        { headers: { "Cache-Control": "no-store" } },
      );
    },
  },
});
