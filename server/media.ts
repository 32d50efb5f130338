import { pipeline } from "node:stream/promises";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { contentTypeOfKey } from "~/lib/media";
import type { MediaStorage, StoredFile } from "~/lib/storage/index.server";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

// An image opened on its own is a document of our origin; sandboxed, with nothing allowed
// to load, even a crafted file could run no script there. (PDFs are left out: browsers
// refuse to show a PDF in a sandboxed document. Their viewers run PDF scripts apart from
// the origin, and `nosniff` with application/pdf keeps them from being read as HTML.)
const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Serves /media/{key} from the storage, whichever it is. Only names the media pipeline
 * makes are looked up (a content hash, a suffix, a known extension), so no path can reach
 * outside the storage. Names are content-hashed: the cache may keep a file forever.
 */
/**
 * Who may see a file: everyone, or (a file sent with a public form, not yet approved) only an
 * admin reviewing it, or no one asking now.
 */
export type MediaVisibility = "public" | "reviewer" | "hidden";

export function mediaHandler(
  storage: MediaStorage,
  log: Logger,
  visibility: (req: Request, key: string) => Promise<MediaVisibility>,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = req.path.slice(1);
    const contentType = contentTypeOfKey(key);
    let file: StoredFile | null = null;
    let seenBy: MediaVisibility = "hidden";
    try {
      seenBy = contentType ? await visibility(req, key) : "hidden";
      file = seenBy === "hidden" ? null : await storage.get(key);
    } catch (error) {
      log.error({ err: error, key }, "reading an uploaded file failed");
      sendText(res, 503, "The file cannot be read right now. Please try again.");
      return;
    }
    if (!file || !contentType) {
      sendText(res, 404, "Not found");
      return;
    }
    const etag = `"${key}"`;
    res.set({
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      // A file still under review must not stay in any cache: it may be rejected.
      "Cache-Control": seenBy === "public" ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      // Public files: a client on another origin (the spec's own front end) may show them.
      "Cross-Origin-Resource-Policy": "cross-origin",
      ETag: etag,
    });
    if (contentType !== "application/pdf") res.set("Content-Security-Policy", IMAGE_CSP);
    const notModified = req.headers["if-none-match"] === etag;
    if (notModified || req.method === "HEAD") {
      file.body.destroy();
      res.status(notModified ? 304 : 200).end();
      return;
    }
    try {
      await pipeline(file.body, res);
    } catch (error) {
      // The visitor went away mid-download, or the storage failed after the headers: nothing to answer.
      log.warn({ err: error, key }, "serving an uploaded file was cut short");
    }
  };
}

function sendText(res: Response, status: number, text: string) {
  res.status(status).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" }).end(text);
}
