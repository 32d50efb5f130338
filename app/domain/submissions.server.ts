import type { z } from "zod";
import type { AppContext } from "~/context";
import { fieldErrors, jsonError } from "~/lib/api.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { countAttempt } from "~/lib/rate-limit.server";
import { stores } from "./collections.server";
import { noticeInput } from "./notices";
import { resultFromSubmission, resultSubmissionInput } from "./results";
import type { ReviewableKey } from "./review";
import { HONEYPOT_FIELD, submissionTexts } from "./submissions";

export type SubmissionOutcome =
  | { ok: true; insertedId: string }
  | {
      ok: false;
      status: 400 | 429;
      message: string;
      errors?: Record<string, string>;
      retryAfterSeconds?: number;
    };

type Parsed = { success: true; data: unknown } | { success: false; error: z.ZodError };

/** Each public form's input schema, mapped to the collection's own input. */
const parsers: Record<ReviewableKey, (body: unknown) => Parsed> = {
  notices: (body) => noticeInput.safeParse(body),
  results: (body) => {
    const result = resultSubmissionInput.safeParse(body);
    return result.success ? { success: true, data: resultFromSubmission(result.data) } : result;
  },
};

/**
 * A public submission: counted against the client's limit first (bots and mistakes too),
 * refused when the honeypot is filled in, validated, then stored as `pending` so it stays
 * invisible until an admin approves it in the review queue.
 */
export async function submitForReview(
  request: Request,
  context: AppContext,
  key: ReviewableKey,
  body: Record<string, unknown>,
): Promise<SubmissionOutcome> {
  const client = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const verdict = await countAttempt(context.db, `public-form:${client}`, {
    max: context.config.PUBLIC_FORM_RATE_LIMIT_MAX,
    windowSeconds: context.config.PUBLIC_FORM_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (verdict.limited) {
    return { ok: false, status: 429, message: submissionTexts.tooMany, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null) {
    context.log.info({ key }, "public submission refused: honeypot filled in");
    return { ok: false, status: 400, message: submissionTexts.rejected };
  }
  const parsed = parsers[key](body);
  if (!parsed.success) {
    return { ok: false, status: 400, message: "Please correct the marked fields.", errors: fieldErrors(parsed.error) };
  }
  const insertedId = await stores[key].create(context.db, parsed.data, { status: "pending" });
  return { ok: true, insertedId };
}

/** A submission's outcome as the JSON API answers it: `{ acknowledged, insertedId }` or the refusal. */
export function submissionResponse(outcome: SubmissionOutcome): Response {
  if (outcome.ok) {
    return Response.json(
      { acknowledged: true, insertedId: outcome.insertedId },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  }
  const response = jsonError(outcome.status, outcome.message, outcome.errors);
  if (outcome.retryAfterSeconds) response.headers.set("Retry-After", String(outcome.retryAfterSeconds));
  return response;
}
