import type { Metadata, Sharp, SharpOptions } from "sharp";
import { type MediaExtension, VARIANT_FORMATS, type VariantFormat, variantKey, variantWidths } from "~/lib/media";
import type { SniffedFormat } from "~/lib/media-sniff";

/**
 * An uploaded image made ready for the site: decoded, its metadata dropped, the original
 * re-encoded and its variants made. It runs in a job process of its own (`image-job.ts`), so
 * libvips' buffers and threads never stay in the server's memory.
 */

/**
 * 24 megapixels: a phone's 12 MP photo, a 6000x4000 camera's, a scanned A4 page at 400 dpi; the
 * site shows nothing wider than 1280 px. Bigger ones are refused before decoding (a 40 MP PNG
 * took ~135 MB while processed). See docs/decisions/006-media.md.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;
/** Longer sides are no photo or drawing but a trap (a PNG claiming 65535x1): refused. */
const MAX_IMAGE_SIDE = 12_000;
export const DAMAGED_IMAGE = "The image could not be read: the file is damaged or incomplete.";

type SharpFunction = typeof import("sharp")["default"];
let sharpModule: Promise<typeof import("sharp")> | undefined;

/** libvips is large: it is loaded when the job needs it. */
async function loadSharp(): Promise<SharpFunction> {
  sharpModule ??= import("sharp").then((module) => {
    // libvips' operation cache only costs memory here, and one thread per image is enough: a job
    // process decodes one image, and each thread holds buffers of its own.
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

interface OutputFile {
  key: string;
  bytes: Uint8Array;
}

export interface ProcessedImage {
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

const tooManyPixels = () =>
  new MediaRejection(413, `Images may be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, all frames together.`);

/** What sharp reads an image from: the uploaded file's path, never its bytes in memory. */
type ImageSource = string;

/** The header's size, checked before anything is decoded: sides, and pixels over every frame. */
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

/** A file whose header reads but whose pixels don't (a truncated PNG or JPEG) is bad input, not a failure. */
export async function processImage(
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

/** What the image job is sent: the upload's file on disk, and what its stored names start with. */
export interface ImageJobRequest {
  hash: string;
  source: ImageSource;
  format: Exclude<SniffedFormat, "pdf">;
}

export type ImageJobAnswer =
  | { ok: true; image: ProcessedImage }
  | { ok: false; rejection: { status: MediaRejection["status"]; message: string } };

/** The image job's answer: the processed image, or why the upload is refused. */
export async function answerImageJob({ hash, source, format }: ImageJobRequest): Promise<ImageJobAnswer> {
  try {
    return { ok: true, image: await processImage(hash, source, format) };
  } catch (error) {
    if (error instanceof MediaRejection) {
      return { ok: false, rejection: { status: error.status, message: error.message } };
    }
    throw error;
  }
}
