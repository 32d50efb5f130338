import type { Database } from "~/db/client.server";
import type { Config } from "~/lib/config.server";
import { jsonError } from "./api.server";
import { countAttempt } from "./rate-limit.server";

/** Uploads in progress per uploader, in this process. */
const uploadsInProgress = new Map<string, number>();

/**
 * One of the uploader's few concurrent upload slots, or 429 before a byte of the body is read:
 * a client can't hold many large bodies in flight at once. Call the returned function when done.
 */
export function takeUploadSlot(config: Config, uploadedBy: string): () => void {
  const running = uploadsInProgress.get(uploadedBy) ?? 0;
  if (running >= config.UPLOAD_CONCURRENCY_MAX) {
    const response = jsonError(429, "Too many uploads at once from your address. Wait for one to finish.");
    response.headers.set("Retry-After", "5");
    throw response;
  }
  uploadsInProgress.set(uploadedBy, running + 1);
  return () => {
    const left = (uploadsInProgress.get(uploadedBy) ?? 1) - 1;
    if (left > 0) uploadsInProgress.set(uploadedBy, left);
    else uploadsInProgress.delete(uploadedBy);
  };
}

/** Counted when the upload starts, in one statement: concurrent uploads can't all slip under the limit. */
export async function enforceUploadLimit(db: Database, config: Config, clientIp: string): Promise<void> {
  const verdict = await countAttempt(db, "upload", clientIp, {
    max: config.UPLOAD_RATE_LIMIT_MAX,
    windowSeconds: config.UPLOAD_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!verdict.limited) return;
  const response = jsonError(429, "Too many uploads from your address. Please try again later.");
  response.headers.set("Retry-After", String(verdict.retryAfterSeconds));
  throw response;
}
