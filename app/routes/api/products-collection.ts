import { z } from "zod";
import { appContext } from "~/context";
import { submissionResponse, submitForReview } from "~/domain/submissions.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/products-collection";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/products-collection: the old result form's call (name, publishing-date, img,
 * pdfLink), open to everyone like /result-form; the result waits in the review queue.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const body = await parseJsonBody(request, z.record(z.string(), z.unknown(), { error: "Send a JSON object." }));
  return submissionResponse(await submitForReview(request, app, "results", body));
}
