import { fieldErrors, jsonError } from "~/core/api.server";
import type { AppContext } from "~/core/context";
import { countAttempt } from "~/core/rate-limit.server";
import { collectionServices } from "~/features/collections/collections.server";
import { resultFromSubmission, resultSubmissionInput } from "~/features/collections/results";
import type { Message } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { FieldErrors } from "~/lib/field-errors";
import type { ReviewableKey } from "./review";
import { HONEYPOT_FIELD } from "./submissions";

export type SubmissionOutcome =
  | { ok: true; insertedId: string }
  | {
      ok: false;
      status: 400 | 429;
      /** Worded by the edge: the form in its reader's language, the API in English. */
      message: Message;
      errors?: FieldErrors;
      retryAfterSeconds?: number;
    };

/**
 * What each public form sends, as its collection's input: the notice form sends a notice; the
 * result form keeps the old second backend's field names, checked here and renamed.
 */
type AsInput = { ok: true; input: unknown } | { ok: false; errors: FieldErrors };
const asCollectionInput: Record<ReviewableKey, (body: Record<string, unknown>) => AsInput> = {
  // A visitor's notice waits for review whatever it asks: its publishing fields are not theirs to set.
  notices: ({ status: _status, publish_at: _publishAt, ...body }) => ({ ok: true, input: body }),
  results: (body) => {
    const result = resultSubmissionInput.safeParse(body);
    return result.success
      ? { ok: true, input: resultFromSubmission(result.data) }
      : { ok: false, errors: fieldErrors(result.error) };
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
  const verdict = await countAttempt(context.db, "public-form", client, {
    max: context.config.PUBLIC_FORM_RATE_LIMIT_MAX,
    windowSeconds: context.config.PUBLIC_FORM_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (verdict.limited) {
    return {
      ok: false,
      status: 429,
      message: { key: "messages.submission.tooMany" },
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  }
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot != null) {
    context.log.info({ key }, "public submission refused: honeypot filled in");
    return { ok: false, status: 400, message: { key: "messages.submission.rejected" } };
  }
  const mapped = asCollectionInput[key](body);
  const written = mapped.ok
    ? await collectionServices[key].create(context.db, mapped.input, null, { status: "pending" })
    : mapped;
  if (!written.ok) return { ok: false, status: 400, message: { key: "messages.form.invalid" }, errors: written.errors };
  return { ok: true, insertedId: written.id };
}

/** A submission's outcome as the JSON API answers it: `{ acknowledged, insertedId }` or the refusal. */
export function submissionResponse(outcome: SubmissionOutcome): Response {
  if (outcome.ok) {
    return Response.json(
      { acknowledged: true, insertedId: outcome.insertedId },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  }
  const response = jsonError(outcome.status, sayMessage(outcome.message, "en"), outcome.errors);
  if (outcome.retryAfterSeconds) response.headers.set("Retry-After", String(outcome.retryAfterSeconds));
  return response;
}
