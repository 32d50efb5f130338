import fsp from "node:fs/promises";
import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { failure, RATE_LIMITED } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import type { AppContext } from "~/core/context";
import {
  accountUploader,
  formatBytes,
  type MediaKind,
  MediaRejection,
  storeMedia,
  visitorUploader,
} from "~/core/media.server";
import { can } from "~/core/roles";
import { enforceUploadLimit, takeUploadSlot } from "~/core/upload-slots.server";
import { MEDIA_KINDS } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import { receiveMultipartFile, type UploadedFile, uploadTempDir } from "~/lib/upload-stream.server";

const ACCEPT_VALUES: Record<string, MediaKind[]> = {
  image: ["image"],
  pdf: ["pdf"],
  "image,pdf": ["image", "pdf"],
};

const uploaded = z
  .strictObject({
    url: z.string(),
    kind: z.enum(MEDIA_KINDS),
    bytes: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: "Upload" });

/**
 * POST /api/uploads?accept=image|pdf|image,pdf with multipart field `file`: 201
 * `{ url, kind, bytes, width, height }`. Admins upload freely; anyone else (the public notice
 * and result forms) a limited number of files per address and window. A file no published
 * content links is listed nowhere and is deleted after a day (app/lib/media-collector.server.ts).
 */
export const apiRoute = defineApiRoute({
  path: "/api/uploads",
  post: {
    tag: "Uploads",
    summary: "Upload an image or a PDF (multipart field `file`)",
    description:
      "Admins upload freely; anyone else (the public forms) a limited number of files per address and " +
      "window, shown to admins only until the submission that links them is approved.",
    access: "anyone",
    query: z.object({ accept: z.enum(["image", "pdf", "image,pdf"]).default("image,pdf").optional() }),
    multipart: true,
    answers: {
      201: { description: "Stored", schema: uploaded },
      400: failure("No `file` field, a bad `accept`, or a file that is not what it claims"),
      413: failure("The file is too large"),
      415: failure("Not an accepted kind of file"),
      ...RATE_LIMITED,
    },
    handle: async ({ request, app, url, user }) => {
      const accept = ACCEPT_VALUES[url.searchParams.get("accept") ?? "image,pdf"];
      if (!accept)
        return jsonError(400, "accept must be image, pdf or image,pdf.", { accept: "must be image, pdf or image,pdf" });
      const clientIp = request.headers.get(CLIENT_IP_HEADER) ?? "";
      // A signed-in person's uploads are theirs (a member publishes their own photo by saving their
      // profile); anyone else is known by their address.
      const uploadedBy = user ? accountUploader(user.id) : visitorUploader(clientIp);
      const release = takeUploadSlot(app.config, uploadedBy);
      try {
        const editor = can(user, "edit-content");
        if (!editor) await enforceUploadLimit(app.db, app.config, clientIp);
        // A visitor's file (the public forms) is shown to editors only until its submission is approved.
        return await receiveUpload(request, app, accept, { uploadedBy, awaitingReview: !editor });
      } finally {
        release();
      }
    },
  },
});

async function receiveUpload(
  request: Request,
  app: AppContext,
  accept: MediaKind[],
  owner: { uploadedBy: string; awaitingReview: boolean },
) {
  const file = await readFile(request, app, accept);
  try {
    const stored = await storeMedia({
      db: app.db,
      storage: app.storage,
      file,
      accept,
      limits: { imageMaxBytes: app.config.IMAGE_MAX_BYTES, pdfMaxBytes: app.config.PDF_MAX_BYTES },
      ...owner,
    });
    app.log.info({ url: stored.url, bytes: stored.bytes, uploadedBy: owner.uploadedBy }, "file uploaded");
    return Response.json(stored, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof MediaRejection) return jsonError(error.status, error.message, { file: error.message });
    throw error;
  } finally {
    await fsp.rm(file.path, { force: true });
  }
}

function tooLarge(app: AppContext, accept: MediaKind[]): Response {
  const { IMAGE_MAX_BYTES, PDF_MAX_BYTES } = app.config;
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
async function readFile(request: Request, app: AppContext, accept: MediaKind[]): Promise<UploadedFile> {
  const { IMAGE_MAX_BYTES, PDF_MAX_BYTES, DATA_DIR } = app.config;
  const largest = Math.max(accept.includes("image") ? IMAGE_MAX_BYTES : 0, accept.includes("pdf") ? PDF_MAX_BYTES : 0);
  const received = await receiveMultipartFile(request, {
    field: "file",
    maxBytes: largest,
    tempDir: uploadTempDir(DATA_DIR),
  });
  if (received.kind === "too-large") throw tooLarge(app, accept);
  if (received.kind === "missing") {
    const message = "Send the file as multipart/form-data in a field named file.";
    throw jsonError(400, message, { file: message });
  }
  return received.file;
}
