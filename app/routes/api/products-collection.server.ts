import { z } from "zod";
import { parseJsonBody } from "~/core/api.server";
import { BAD_BODY, inserted, RATE_LIMITED } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { resultSubmissionInput } from "~/features/collections/results";
import { submissionResponse, submitForReview } from "~/features/review/submissions.server";

/**
 * POST /api/products-collection: the old result form's call (name, publishing-date, img,
 * pdfLink), open to everyone like /result-form; the result waits in the review queue.
 */
export const apiRoute = defineApiRoute({
  path: "/api/products-collection",
  post: {
    tag: "Review queue",
    summary: "Send a contest result for review (the public result form; rate-limited, no sign-in)",
    access: "anyone",
    body: resultSubmissionInput,
    answers: { 201: { description: "Received; waits for review", schema: inserted }, ...BAD_BODY, ...RATE_LIMITED },
    // The review queue checks the fields, as it does the form's: here only that it is an object.
    handle: async ({ request, app }) => {
      const body = await parseJsonBody(request, z.record(z.string(), z.unknown(), { error: "Send a JSON object." }));
      return submissionResponse(await submitForReview(request, app, "results", body));
    },
  },
});
