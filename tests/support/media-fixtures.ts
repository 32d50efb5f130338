import zlib from "node:zlib";
import sharp from "sharp";

/** A JPEG as a phone makes it: with EXIF, including where it was taken. */
export function photoWithLocation(width = 2000, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "22/1 39/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "92/1 11/1 0/1" },
    })
    .toBuffer();
}

/** A small PNG; a different colour makes different bytes. */
export function smallPng(red = 200, width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

export const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");

export const HTML_BYTES = Buffer.from("<!doctype html><title>x</title><script>alert(document.cookie)</script>");

/** The GPS IFD pointer (EXIF tag 0x8825), in either byte order. */
export function hasGpsTag(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** Any EXIF block at all (the APP1 "Exif" header of a JPEG, or a WebP/PNG eXIf chunk). */
export function containsExif(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from("Exif\0\0", "latin1")) || bytes.includes(Buffer.from("eXIf", "latin1"));
}

/** The first half of a real PNG or JPEG: its header reads, its pixels don't. */
export async function truncatedImage(format: "png" | "jpeg"): Promise<Buffer> {
  const whole = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c33" } })
    .toFormat(format)
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A PNG whose header claims 65535x1 pixels (with no pixel data behind it). */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk("IHDR", header), pngChunk("IEND", Buffer.alloc(0))]);
}

/** An animated GIF of `frames` frames of `side` x `side` pixels. */
export async function animatedGif(frames: number, side: number): Promise<Buffer> {
  const images = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({ create: { width: side, height: side, channels: 3, background: { r: index * 20, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(images, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** A real, fully decodable image of the given size. */
export function wideImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#36c" } })
    .png()
    .toBuffer();
}
