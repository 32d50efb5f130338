import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Metadata, Sharp, SharpOptions } from "sharp";
import { clientKey } from "~/core/rate-limit.server";
import type { Database } from "~/db/client.server";
import { media } from "~/db/schema";
import {
  HASH_LENGTH,
  hashName,
  isUploadedFile,
  MEDIA_CONTENT_TYPES,
  MEDIA_URL_PREFIX,
  type MediaExtension,
  VARIANT_FORMATS,
  type VariantFormat,
  variantKey,
  variantWidths,
} from "~/lib/media";
import { type SniffedFormat, sniffFormat } from "~/lib/media-sniff";
import type { MediaStorage } from "~/lib/storage/index.server";
import { readHead, type UploadedFile } from "~/lib/upload-stream.server";
import { heavyWork } from "~/lib/work-queue.server";

export type MediaKind = (typeof media.$inferSelect)["kind"];

export interface MediaLimits {
  imageMaxBytes: number;
  pdfMaxBytes: number;
}

/**
 * 24 megapixels: a phone's 12 MP photo, a 6000x4000 camera's, a scanned A4 page at 400 dpi; the
 * site shows nothing wider than 1280 px. Bigger ones are refused before decoding (a 40 MP PNG
 * took ~135 MB while processed). See docs/decisions/006-media.md.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;
/** Longer sides are no photo or drawing but a trap (a PNG claiming 65535x1): refused. */
const MAX_IMAGE_SIDE = 12_000;
const DAMAGED_IMAGE = "The image could not be read: the file is damaged or incomplete.";

type SharpFunction = typeof import("sharp")["default"];
let sharpModule: Promise<typeof import("sharp")> | undefined;

/** libvips is large, and most processes never see an upload: it is loaded with the first image. */
async function loadSharp(): Promise<SharpFunction> {
  sharpModule ??= import("sharp").then((module) => {
    // libvips' operation cache only costs memory here, and one thread per image is enough: images
    // are decoded one at a time (`decoding`) and each thread holds buffers of its own.
    module.default.cache(false);
    module.default.concurrency(1);
    return module;
  });
  return (await sharpModule).default;
}

/** Why an upload was refused: the message is shown next to the field, the status is 400 or 413. */
export class MediaRejection extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export interface StoredMedia {
  url: string;
  kind: MediaKind;
  bytes: number;
  width: number | null;
  height: number | null;
}

interface OutputFile {
  key: string;
  bytes: Uint8Array;
}

interface ProcessedImage {
  original: OutputFile;
  variants: OutputFile[];
  width: number;
  height: number;
}

const EXTENSION_OF: Record<Exclude<SniffedFormat, "pdf">, MediaExtension> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  avif: "avif",
  gif: "gif",
};

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

/**
 * The original keeps its format, re-encoded (which drops EXIF, GPS and every other metadata).
 * A JPEG is written in one pass, as libjpeg streams it: progressive scans, mozjpeg's trellis and
 * optimised Huffman tables each hold the whole picture's coefficients (a 12 MP photo took 87 MB
 * more at its peak, and 10-25 s on 2 cores, for a file 20% smaller; decision 023).
 */
const encodeOriginal: Record<Exclude<SniffedFormat, "pdf">, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 90, optimiseCoding: false }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 90 }),
  avif: (image) => image.avif({ quality: 65, effort: 2 }),
  gif: (image) => image.gif(),
};

// AVIF effort 1 encodes a 1280 px variant about twice as fast as effort 2, for files 5-15%
// larger (and 3-6x faster than the default 4): uploads and the demo seed stay quick on 2 cores.
// Chroma at half resolution, as JPEG and WebP have it (sharp's AVIF default is full): the
// encoder of a 1280 px variant held 27 MB instead of 42, for a file 6% smaller.
const encodeVariant: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 1, chromaSubsampling: "4:2:0" }),
  webp: (image) => image.webp({ quality: 75 }),
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

const tooManyPixels = () =>
  new MediaRejection(413, `Images may be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, all frames together.`);

/** The header's size, checked before anything is decoded: sides, and pixels over every frame. */
/** What sharp reads an image from: the uploaded file's path, never its bytes in memory. */
type ImageSource = string;

async function readImageSize(source: ImageSource, input: SharpOptions): Promise<Metadata> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(source, input).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw tooManyPixels();
    throw new MediaRejection(400, DAMAGED_IMAGE);
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new MediaRejection(413, `Images may be at most ${MAX_IMAGE_SIDE} pixels wide and high.`);
  }
  if (width * height * (metadata.pages ?? 1) > MAX_IMAGE_PIXELS) throw tooManyPixels();
  return metadata;
}

/**
 * Images decode one at a time, and never beside a standings file being read (`heavyWork`):
 * decoding is where an upload's memory goes (a 24 MP image is ~70 MB of pixels); uploads beyond
 * it wait their turn, each client holding at most its few upload slots
 * (app/core/upload-slots.server.ts).
 */
const decoding = heavyWork;

/** A file whose header reads but whose pixels don't (a truncated PNG or JPEG) is bad input, not a failure. */
async function processImage(
  hash: string,
  source: ImageSource,
  format: Exclude<SniffedFormat, "pdf">,
): Promise<ProcessedImage> {
  const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;
  const metadata = await readImageSize(source, input);
  try {
    return await encodeImage(hash, source, format, input, (metadata.pages ?? 1) > 1);
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw tooManyPixels();
    throw new MediaRejection(400, DAMAGED_IMAGE);
  }
}

async function encodeImage(
  hash: string,
  source: ImageSource,
  format: Exclude<SniffedFormat, "pdf">,
  input: SharpOptions,
  animated: boolean,
): Promise<ProcessedImage> {
  const extension = EXTENSION_OF[format];
  if (animated) return processAnimation(hash, source, format, input);

  const sharp = await loadSharp();
  // rotate() turns the picture upright by its EXIF orientation before the metadata is dropped.
  const upright = () => sharp(source, input).rotate();
  const { data, info } = await encodeOriginal[format](upright()).toBuffer({ resolveWithObject: true });
  const widths = variantWidths(info.width);
  // The variants come from one copy at the widest variant's size, not each from the original:
  // the original is decoded twice instead of once per variant (seven 24 MP decodes at once).
  const largest = await upright()
    .resize({ width: Math.max(...widths) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: largest.info };
  const variants: OutputFile[] = [];
  // One after another: an AVIF encoder holds tens of MB of its own.
  for (const width of widths) {
    for (const variant of VARIANT_FORMATS) {
      const bytes = await encodeVariant[variant](sharp(largest.data, pixels).resize({ width })).toBuffer();
      variants.push({ key: variantKey(hash, width, variant), bytes });
    }
  }
  return {
    original: { key: `${hash}-${info.width}x${info.height}.${extension}`, bytes: data },
    variants,
    width: info.width,
    height: info.height,
  };
}

/** Moving pictures keep every frame in their own format; variants would show only the first. */
async function processAnimation(
  hash: string,
  source: ImageSource,
  format: Exclude<SniffedFormat, "pdf">,
  input: SharpOptions,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const { data, info } = await encodeOriginal[format](sharp(source, { ...input, animated: true })).toBuffer({
    resolveWithObject: true,
  });
  const height = info.pageHeight ?? info.height;
  return { original: { key: `${hash}.${EXTENSION_OF[format]}`, bytes: data }, variants: [], width: info.width, height };
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
          const processed = await processImage(hash, file.path, format);
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
