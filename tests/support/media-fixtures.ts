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
