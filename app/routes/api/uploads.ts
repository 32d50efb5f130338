import fsp from "node:fs/promises";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { jsonError } from "~/lib/api.server";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { formatBytes, type MediaKind, MediaRejection, storeMedia, visitorUploader } from "~/lib/media.server";
import { countAttempt } from "~/lib/rate-limit.server";
import { getSessionUser } from "~/lib/session.server";
import { receiveMultipartFile, type UploadedFile } from "~/lib/upload-stream.server";
import type { Route } from "./+types/uploads";

/** Uploads on their way to the storage wait here, under DATA_DIR (not /tmp, often in memory). */
const UPLOAD_TEMP_DIR = "upload-tmp";

const ACCEPT_VALUES: Record<string, MediaKind[]> = {
  image: ["image"],
  pdf: ["pdf"],
  "image,pdf": ["image", "pdf"],
};

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * POST /api/uploads?accept=image|pdf|image,pdf with multipart field `file`: 201
 * `{ url, kind, bytes, width, height }`. Admins upload freely; anyone else (the public notice
 * and result forms) a limited number of files per address and window. A file no published
 * content links is listed nowhere and is deleted after a day (app/lib/media-collector.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const accept = ACCEPT_VALUES[new URL(request.url).searchParams.get("accept") ?? "image,pdf"];
  if (!accept)
    return jsonError(400, "accept must be image, pdf or image,pdf.", { accept: "must be image, pdf or image,pdf" });
  const user = await getSessionUser(request, context);
  const uploadedBy = user?.isAdmin ? `user:${user.id}` : visitorUploader(request.headers.get(CLIENT_IP_HEADER) ?? "");
  const release = takeUploadSlot(context, uploadedBy);
  try {
    if (!user?.isAdmin) await enforceUploadLimit(context, uploadedBy);
    return await receiveUpload(request, context, accept, uploadedBy);
  } finally {
    release();
  }
}

async function receiveUpload(request: Request, context: AppLoadContext, accept: MediaKind[], uploadedBy: string) {
  const file = await readFile(request, context, accept);
  try {
    const stored = await storeMedia({
      db: context.db,
      storage: context.storage,
      file,
      accept,
      limits: { imageMaxBytes: context.config.IMAGE_MAX_BYTES, pdfMaxBytes: context.config.PDF_MAX_BYTES },
      uploadedBy,
      awaitingReview: !uploadedBy.startsWith("user:"),
    });
    context.log.info({ url: stored.url, bytes: stored.bytes, uploadedBy }, "file uploaded");
    return Response.json(stored, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof MediaRejection) return jsonError(error.status, error.message, { file: error.message });
    throw error;
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

/** Uploads in progress per uploader, in this process. */
const uploadsInProgress = new Map<string, number>();

/**
 * One of the uploader's few concurrent upload slots, or 429 before a byte of the body is read:
 * a client can't hold many large bodies in flight at once. Call the returned function when done.
 */
function takeUploadSlot(context: AppLoadContext, uploadedBy: string): () => void {
  const running = uploadsInProgress.get(uploadedBy) ?? 0;
  if (running >= context.config.UPLOAD_CONCURRENCY_MAX) {
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
async function enforceUploadLimit(context: AppLoadContext, uploadedBy: string) {
  const verdict = await countAttempt(context.db, `upload:${uploadedBy}`, {
    max: context.config.UPLOAD_RATE_LIMIT_MAX,
    windowSeconds: context.config.UPLOAD_RATE_LIMIT_WINDOW_SECONDS,
  });
  if (!verdict.limited) return;
  const response = jsonError(429, "Too many uploads from your address. Please try again later.");
  response.headers.set("Retry-After", String(verdict.retryAfterSeconds));
  throw response;
}

function tooLarge(context: AppLoadContext, accept: MediaKind[]): Response {
  const { IMAGE_MAX_BYTES, PDF_MAX_BYTES } = context.config;
  const limits = [
    accept.includes("image") ? `images at most ${formatBytes(IMAGE_MAX_BYTES)}` : "",
    accept.includes("pdf") ? `PDFs at most ${formatBytes(PDF_MAX_BYTES)}` : "",
  ].filter(Boolean);
  const message = `The file is too large: ${limits.join(", ")}.`;
  return jsonError(413, message, { file: message });
}

/**
 * The `file` field, streamed to a temporary file under DATA_DIR up to the largest allowed
 * size: however big or endless the body, it never sits in memory.
 */
async function readFile(request: Request, context: AppLoadContext, accept: MediaKind[]): Promise<UploadedFile> {
  const { IMAGE_MAX_BYTES, PDF_MAX_BYTES, DATA_DIR } = context.config;
  const largest = Math.max(accept.includes("image") ? IMAGE_MAX_BYTES : 0, accept.includes("pdf") ? PDF_MAX_BYTES : 0);
  const received = await receiveMultipartFile(request, {
    field: "file",
    maxBytes: largest,
    tempDir: path.join(DATA_DIR, UPLOAD_TEMP_DIR),
  });
  if (received.kind === "too-large") throw tooLarge(context, accept);
  if (received.kind === "missing") {
    const message = "Send the file as multipart/form-data in a field named file.";
    throw jsonError(400, message, { file: message });
  }
  return received.file;
}
