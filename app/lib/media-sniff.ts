/** The formats an upload may have, told apart by their first bytes, never by the file name. */
export type SniffedFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "pdf";

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const FTYP = ascii("ftyp");
const PDF = ascii("%PDF-");
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** ISO-BMFF: the major brand, or one of the compatible brands of the `ftyp` box, says AVIF. */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, FTYP, 4)) return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  const brandAt = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (AVIF_BRANDS.has(brandAt(8))) return true;
  // Bytes 12-15 are the minor version; compatible brands follow.
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    if (AVIF_BRANDS.has(brandAt(offset))) return true;
  }
  return false;
}

export function sniffFormat(bytes: Uint8Array): SniffedFormat | null {
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp";
  if (isAvif(bytes)) return "avif";
  if (startsWith(bytes, PDF)) return "pdf";
  return null;
}
