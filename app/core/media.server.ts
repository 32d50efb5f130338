import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { clientKey } from "~/core/rate-limit.server";
import type { Database } from "~/db/client.server";
import { media } from "~/db/schema";
import { JobProcessFailure, jobScript, runJobProcess } from "~/lib/job-process.server";
import {
  HASH_LENGTH,
  hashName,
  isUploadedFile,
  MEDIA_CONTENT_TYPES,
  MEDIA_URL_PREFIX,
  type MediaExtension,
} from "~/lib/media";
import { type SniffedFormat, sniffFormat } from "~/lib/media-sniff";
import type { MediaStorage } from "~/lib/storage/index.server";
import { readHead, type UploadedFile } from "~/lib/upload-stream.server";
import { heavyWork } from "~/lib/work-queue.server";
import {
  DAMAGED_IMAGE,
  type ImageJobAnswer,
  type ImageJobRequest,
  MAX_IMAGE_PIXELS,
  MediaRejection,
  type ProcessedImage,
} from "./image-processing.server";

export { MAX_IMAGE_PIXELS, MediaRejection };

export type MediaKind = (typeof media.$inferSelect)["kind"];

export interface MediaLimits {
  imageMaxBytes: number;
  pdfMaxBytes: number;
}

export interface StoredMedia {
  url: string;
  kind: MediaKind;
  bytes: number;
  width: number | null;
  height: number | null;
}

const FORMAT_LABEL: Record<SniffedFormat, string> = {
  jpeg: "a JPEG image",
  png: "a PNG image",
  webp: "a WebP image",
  avif: "an AVIF image",
  gif: "a GIF image",
  pdf: "a PDF",
};

/** Extensions that promise one kind; a file named for the other kind is refused (a PNG called .pdf). */
const KIND_OF_EXTENSION: Record<string, MediaKind> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  webp: "image",
  avif: "image",
  gif: "image",
  pdf: "pdf",
};

const WHAT_IS_ACCEPTED: Record<string, string> = {
  image: "a JPEG, PNG, WebP, AVIF or GIF image",
  pdf: "a PDF",
  "image,pdf": "a JPEG, PNG, WebP, AVIF or GIF image or a PDF",
};

export function formatBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  if (megabytes >= 1) return `${Number(megabytes.toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function nameOf(fileName: string | undefined): string {
  return fileName ? `"${fileName}"` : "The file";
}

/** Refuses by content: the wrong format, a name promising another kind, too many bytes. */
function checkUpload(
  head: Uint8Array,
  size: number,
  fileName: string | undefined,
  accept: readonly MediaKind[],
  limits: MediaLimits,
): SniffedFormat {
  const wanted = WHAT_IS_ACCEPTED[[...accept].sort().join(",")] ?? WHAT_IS_ACCEPTED.image;
  const format = sniffFormat(head);
  if (!format) throw new MediaRejection(400, `${nameOf(fileName)} is not ${wanted}.`);
  const kind: MediaKind = format === "pdf" ? "pdf" : "image";
  const named = KIND_OF_EXTENSION[fileName?.split(".").pop()?.toLowerCase() ?? ""];
  if (!accept.includes(kind) || (named && named !== kind)) {
    throw new MediaRejection(400, `${nameOf(fileName)} is ${FORMAT_LABEL[format]}, not ${wanted}.`);
  }
  const limit = kind === "pdf" ? limits.pdfMaxBytes : limits.imageMaxBytes;
  if (size > limit) {
    const noun = kind === "pdf" ? "PDFs" : "Images";
    throw new MediaRejection(
      413,
      `${nameOf(fileName)} is ${formatBytes(size)}: ${noun} may be at most ${formatBytes(limit)}.`,
    );
  }
  return format;
}

/**
 * Images decode one at a time, and never beside a standings file being read (`heavyWork`):
 * decoding is where an upload's memory goes (a 24 MP image is ~70 MB of pixels); uploads beyond
 * it wait their turn, each client holding at most its few upload slots
 * (app/core/upload-slots.server.ts).
 */
const decoding = heavyWork;

/**
 * Without V8's compilers: the job's work is libvips' native code, and the compiled code's
 * memory was ~10 MB of a 12 MP photo's peak (114 MB against 103).
 */
const IMAGE_JOB = jobScript(import.meta.url, "image-job", ["--jitless"]);

/**
 * What the image job may take. Its V8 heap holds the answer's bytes (the original and its
 * variants, a few MB); libvips' pixels are native memory, bounded by the pixels an upload may
 * have. The time is far beyond a 24 MP image's few seconds on a busy 2-core machine.
 */
const IMAGE_JOB_LIMITS = { heapMb: 64, timeoutMs: 180_000 };

/**
 * Decodes and encodes an upload in a process of its own. A process that ends without answering
 * (a decoder's crash on a hostile file, or no answer in time) refuses the upload as unreadable;
 * the reason goes to the log.
 */
async function processImage(request: ImageJobRequest): Promise<ProcessedImage> {
  let answer: ImageJobAnswer;
  try {
    answer = await runJobProcess<ImageJobRequest, ImageJobAnswer>(IMAGE_JOB, request, IMAGE_JOB_LIMITS);
  } catch (error) {
    if (!(error instanceof JobProcessFailure)) throw error;
    // The server routes console.warn to its logger.
    console.warn(error, `an uploaded ${request.format} image was refused: its job process failed`);
    throw new MediaRejection(400, DAMAGED_IMAGE);
  }
  if (!answer.ok) throw new MediaRejection(answer.rejection.status, answer.rejection.message);
  return answer.image;
}

const contentTypeOf = (key: string) =>
  MEDIA_CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1) as MediaExtension] ?? "application/octet-stream";

function toStoredMedia(row: typeof media.$inferSelect): StoredMedia {
  return {
    url: `${MEDIA_URL_PREFIX}${row.key}`,
    kind: row.kind,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
  };
}

/** An earlier upload of the same bytes, marked as freshly uploaded so the collector waits again. */
async function reuseEarlierUpload(
  db: Database,
  storage: MediaStorage,
  hash: string,
  uploadedBy: string,
  awaitingReview: boolean,
): Promise<StoredMedia | null> {
  // A visitor sending a file that is already public leaves it public; an admin's upload releases it.
  const [row] = await db
    .update(media)
    .set({ uploadedAt: new Date(), uploadedBy, referencedAt: null, ...(!awaitingReview && { awaitingReview: false }) })
    .where(eq(media.hash, hash))
    .returning();
  if (!row || !(await storage.has(row.key))) return null;
  return toStoredMedia(row);
}

export interface StoreMediaArgs {
  db: Database;
  storage: MediaStorage;
  /** The upload, already on disk (app/lib/upload-stream.server.ts). */
  file: UploadedFile;
  /** What the field takes: a photo field only images, a notice's file only PDFs. */
  accept: readonly MediaKind[];
  limits: MediaLimits;
  uploadedBy: string;
  /** Sent through a public form: served to admins only until its submission is approved. */
  awaitingReview: boolean;
}

/** Enough of a file's start to tell its format (an AVIF lists its brands in the first box). */
const HEAD_BYTES = 256;

/**
 * Checks an upload by its content, strips an image's metadata and makes its variants
 * (once, here), stores everything under content-hashed names and records it. A PDF goes
 * from the upload's file to the storage as a stream.
 */
export async function storeMedia({
  db,
  storage,
  file,
  accept,
  limits,
  uploadedBy,
  awaitingReview,
}: StoreMediaArgs): Promise<StoredMedia> {
  const format = checkUpload(await readHead(file, HEAD_BYTES), file.size, file.name, accept, limits);
  const hash = hashName(file.sha256);
  const earlier = await reuseEarlierUpload(db, storage, hash, uploadedBy, awaitingReview);
  if (earlier) return earlier;

  // The encoded files are stored within the image's turn: their buffers are gone when it ends.
  const image =
    format === "pdf"
      ? null
      : await decoding.run(async () => {
          const processed = await processImage({ hash, source: file.path, format });
          await Promise.all(
            [...processed.variants, processed.original].map((output) =>
              storage.put(output.key, output.bytes, contentTypeOf(output.key)),
            ),
          );
          return {
            key: processed.original.key,
            bytes: processed.original.bytes.length,
            width: processed.width,
            height: processed.height,
            variantKeys: processed.variants.map((variant) => variant.key),
          };
        });
  const originalKey = image?.key ?? `${hash}.pdf`;
  if (!image) await storage.putFile(originalKey, file.path, contentTypeOf(originalKey));
  const values = {
    key: originalKey,
    hash,
    kind: image ? ("image" as const) : ("pdf" as const),
    bytes: image?.bytes ?? file.size,
    width: image?.width ?? null,
    height: image?.height ?? null,
    variantKeys: image?.variantKeys ?? [],
    uploadedBy,
    uploadedAt: new Date(),
    referencedAt: null,
    awaitingReview,
  };
  const [row] = await db
    .insert(media)
    .values(values)
    .onConflictDoUpdate({ target: media.hash, set: values })
    .returning();
  if (!row) throw new Error(`recording the upload ${originalKey} failed`);
  return toStoredMedia(row);
}

/** Whether the file under this served name waits for its submission's approval. */
export async function isAwaitingReview(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ awaitingReview: media.awaitingReview })
    .from(media)
    .where(eq(media.hash, key.slice(0, HASH_LENGTH)))
    .limit(1);
  return row?.awaitingReview ?? false;
}

/** Makes the uploaded files among these links public (their submission was approved). */
export async function releaseReviewedMedia(
  db: Database,
  links: readonly unknown[],
  /** Only files this uploader sent (a member publishing their own photo). */
  uploadedBy?: string,
): Promise<void> {
  const hashes = links.flatMap((link) =>
    typeof link === "string" && isUploadedFile(link)
      ? [link.slice(MEDIA_URL_PREFIX.length, MEDIA_URL_PREFIX.length + HASH_LENGTH)]
      : [],
  );
  if (hashes.length === 0) return;
  await db
    .update(media)
    .set({ awaitingReview: false })
    .where(and(inArray(media.hash, hashes), uploadedBy ? eq(media.uploadedBy, uploadedBy) : undefined));
}

/** Whose upload a signed-in person's file is. */
export function accountUploader(userId: string): string {
  return `user:${userId}`;
}

/** A visitor is known by a hash of their address (its /64 for IPv6): no readable address is kept. */
export function visitorUploader(clientIp: string): string {
  return `visitor:${crypto.createHash("sha256").update(clientKey(clientIp)).digest("hex").slice(0, 16)}`;
}
