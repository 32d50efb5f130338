/**
 * How uploaded files are named and served (safe for the browser: the image component and
 * the upload field use it). Every name starts with a content hash, so a URL always means
 * the same bytes and may be cached forever:
 *   <hash>-<width>x<height>.<ext>   a still image, re-encoded without metadata;
 *   <hash>-<width>.<avif|webp>      its resized variants (see `variantWidths`);
 *   <hash>.<ext>                    a PDF, or an animated image (kept as it is, no variants).
 */
export const MEDIA_URL_PREFIX = "/media/";

/** Variant widths promised for every uploaded still image (never wider than the original). */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** Best first: a `<picture>` lists its sources in this order. */
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** What a served file is, by its name's extension. Only these names are ever served. */
export const MEDIA_CONTENT_TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  pdf: "application/pdf",
  // Drawings of demo content seeded before uploads were rasterised; never accepted as uploads.
  svg: "image/svg+xml",
} as const;
export type MediaExtension = keyof typeof MEDIA_CONTENT_TYPES;

export const HASH_LENGTH = 24;
const MEDIA_KEY = new RegExp(
  `^[0-9a-f]{${HASH_LENGTH}}(-\\d{1,5}(x\\d{1,5})?)?\\.(${Object.keys(MEDIA_CONTENT_TYPES).join("|")})$`,
);
const IMAGE_WITH_VARIANTS = new RegExp(
  `^${MEDIA_URL_PREFIX}([0-9a-f]{${HASH_LENGTH}})-(\\d{1,5})x(\\d{1,5})\\.(jpg|png|webp|avif|gif)$`,
);

export function hashName(sha256Hex: string): string {
  return sha256Hex.slice(0, HASH_LENGTH);
}

/** The Content-Type to serve a key with; null for anything that is not one of our names. */
export function contentTypeOfKey(key: string): string | null {
  if (!MEDIA_KEY.test(key)) return null;
  const extension = key.slice(key.lastIndexOf(".") + 1) as MediaExtension;
  return MEDIA_CONTENT_TYPES[extension];
}

export interface UploadedImage {
  hash: string;
  width: number;
  height: number;
}

/** An uploaded still image (which has variants), or null for a PDF, an external link… */
export function parseUploadedImage(url: string): UploadedImage | null {
  const match = IMAGE_WITH_VARIANTS.exec(url);
  if (!match) return null;
  return { hash: match[1] ?? "", width: Number(match[2]), height: Number(match[3]) };
}

/** 320, 640 and 1280, each capped at the original's width (a 400 px portrait: 320 and 400). */
export function variantWidths(originalWidth: number): number[] {
  return [...new Set(VARIANT_WIDTHS.map((width) => Math.min(width, originalWidth)))];
}

export function variantKey(hash: string, width: number, format: VariantFormat): string {
  return `${hash}-${width}.${format}`;
}

/** A `srcset` value listing every variant of one format. */
export function variantSrcSet(image: UploadedImage, format: VariantFormat): string {
  return variantWidths(image.width)
    .map((width) => `${MEDIA_URL_PREFIX}${variantKey(image.hash, width, format)} ${width}w`)
    .join(", ");
}

/**
 * What a link to a file may be, the one rule every form, the API, the upload field's preview
 * and the pages follow: a file uploaded here, or an http(s) address. `javascript:`, `data:`,
 * protocol-relative links and the rest are refused.
 */
// One or more path segments of safe characters; no "..", no query, no second slash in a row.
const UPLOADED_FILE_PATH = /^\/media\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

/** A file uploaded to this site (`/media/…`). */
export function isUploadedFile(url: string): boolean {
  return UPLOADED_FILE_PATH.test(url);
}

/** An absolute http(s) address with a host. */
export function isWebLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

export function isAllowedLink(url: string): boolean {
  return isUploadedFile(url) || isWebLink(url);
}

/** A link to a PDF (by its name: `.pdf`, before any query or fragment); anything else is shown as an image. */
export function isPdfLink(url: string): boolean {
  return /\.pdf(?:$|[?#])/i.test(url);
}

/** JSON fields that hold a page of this site (a member's page): absolute in the API, like files. */
const PAGE_LINK_FIELDS = new Set(["profileUrl"]);

/**
 * A JSON answer with every uploaded file's link, and every page link of PAGE_LINK_FIELDS, made
 * absolute (`https://club.example/media/…`): pages use root-relative links, but a client on
 * another origin resolves those against itself.
 */
export function withAbsoluteLinks<T>(value: T, baseUrl: string): T {
  const origin = new URL(baseUrl).origin;
  const walk = (item: unknown, field = ""): unknown => {
    if (typeof item === "string") {
      const local = item.startsWith(MEDIA_URL_PREFIX) || (PAGE_LINK_FIELDS.has(field) && item.startsWith("/"));
      return local ? `${origin}${item}` : item;
    }
    if (Array.isArray(item)) return item.map((entry) => walk(entry));
    if (isPlainObject(item)) {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry, key)]));
    }
    return item;
  };
  return walk(value) as T;
}

/**
 * The inverse of `withAbsoluteLinks` for uploaded files: a client that sends back what it read
 * (`https://club.example/media/…`) stores the site's own link, which the media collector sees.
 */
export function withRelativeMediaLinks<T>(value: T, baseUrl: string): T {
  const ownMedia = `${new URL(baseUrl).origin}${MEDIA_URL_PREFIX}`;
  const walk = (item: unknown): unknown => {
    if (typeof item === "string")
      return item.startsWith(ownMedia) ? item.slice(ownMedia.length - MEDIA_URL_PREFIX.length) : item;
    if (Array.isArray(item)) return item.map(walk);
    if (isPlainObject(item)) return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    return item;
  };
  return walk(value) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
