import zlib from "node:zlib";

/**
 * A gzip stream made of pieces compressed once and sent to many readers: each piece is raw
 * deflate from a fresh compressor ended by a full flush (byte-aligned, referring to nothing
 * before it), so any sequence of pieces after the header is a valid gzip body. A server pushing
 * the same large event to hundreds of connections compresses it once, not once per connection,
 * and sends a fraction of its bytes. Such a stream has no end: it is for streams the reader
 * keeps open (Server-Sent Events); one the server cuts ends without gzip's trailer, and the
 * reader reconnects as after any cut.
 */

/** A gzip member's header: deflate, no name, no time, unknown OS. */
export const GZIP_HEADER = Uint8Array.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** `plain` as a piece of such a stream. */
export function gzipPiece(plain: Uint8Array): Uint8Array {
  return zlib.deflateRawSync(plain, { finishFlush: zlib.constants.Z_FULL_FLUSH });
}

/** Whether a request's Accept-Encoding takes gzip (named, and not with q=0). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [coding, ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    return coding === "gzip" && (q === undefined || Number(q.slice(2)) > 0);
  });
}
