import crypto from "node:crypto";

interface SharedResponseOptions {
  contentType: string;
  /** How long a browser, feed reader or CDN may keep it without asking again. */
  maxAgeSeconds: number;
}

/** `W/"x"` and `"x"` name the same body for If-None-Match (a proxy that compresses weakens tags). */
function matchesTag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === "*" || tag.replace(/^W\//, "") === etag);
}

/**
 * A text answer that is the same for every visitor (a feed, a calendar), publicly cacheable and
 * tagged with an ETag: a feed reader polling a feed that has not changed gets a 304 and no body.
 */
export function sharedTextResponse(request: Request, body: string, options: SharedResponseOptions): Response {
  const etag = `"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
  const headers = {
    "Content-Type": options.contentType,
    "Cache-Control": `public, max-age=${options.maxAgeSeconds}`,
    ETag: etag,
  };
  if (matchesTag(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
