import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import type { ContentVersionReader } from "~/core/content-version.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A kept page, compressed twice. The plain body is not kept with it: nearly every client takes
 * brotli or gzip, and plain copies were two thirds of what the cache held (decision 023). The
 * rare one that takes neither gets the gzip copy inflated, kept a while in `plainCopies`.
 */
interface CachedResponse {
  status: number;
  contentType: string;
  etag: string;
  /** The plain body's length, for a HEAD answered without inflating it. */
  identityLength: number;
  gzip: Buffer;
  br: Buffer;
}

export interface PageCacheOptions {
  contentVersion: ContentVersionReader;
  /**
   * The session token of a Cookie header whose signature holds, without the database: a
   * made-up cookie is anonymous and can't step past the cache.
   */
  sessionToken(cookieHeader: string | undefined): string | undefined;
  /** Whether a Cookie header carrying a signed session token names a live session; a dead one is anonymous too. */
  isLiveSession(cookieHeader: string): Promise<boolean>;
  /**
   * The query parameters a path's page reads, with the values it takes; the cache keys on
   * those alone, and the page renders without the rest, so `?utm=1` or `?x=<random>` is a hit.
   */
  queryParamsOf?(path: string): Readonly<Record<string, RegExp>>;
  /**
   * The one address a path the site has no page for renders and is kept as, or undefined for a
   * path it has: the 404 page doesn't depend on the path, so made-up paths share one entry.
   */
  unknownPathStandIn?(path: string): string | undefined;
  /**
   * Which version of a page a request gets besides its URL (the reader's language and theme,
   * from cookies and Accept-Language): one entry each.
   */
  variantOf?(req: IncomingMessage): string;
  /** Counts one render that the cache could not answer for this client; limited means 429. */
  countRender?(req: IncomingMessage): { limited: boolean; retryAfterSeconds: number };
  /** Headers every response carries (security headers), sent with hits from the fast path. */
  fixedHeaders?: Record<string, string>;
  /** Called for each hit the fast path answers, for the request log. */
  onFastHit?(req: IncomingMessage, requestId: string): void;
  /**
   * Bytes the cache may hold. 32 MB (not 64): entries go a minute after they were stored, so
   * this bounds a minute's worth of distinct pages, and a club's server has 1 GB (decision 023).
   */
  maxBytes?: number;
  /**
   * Bytes of plain copies kept for clients that take no compression. 4 MB: about forty pages,
   * enough for the pages such a client (a crawler, a script, a flood) asks for most.
   */
  plainCopyBytes?: number;
  /** How long an entry lives (a minute: pages also change with the date alone). */
  ttlMs?: number;
}

export interface PageCache {
  /**
   * Answers a hit before Express runs at all (no routing, no middleware): the anonymous
   * public pages are most of the traffic. False means "not a hit: go on".
   */
  serveFromMemory(req: IncomingMessage, res: ServerResponse): boolean;
  /** Inside Express, after compression: serves hits after a version check, stores misses. */
  middleware: RequestHandler;
  /** Resolves once every page rendered so far is stored (compressing happens after the answer). */
  settled(): Promise<void>;
  /** Bytes the cache holds now (pages in two encodings and their keys). */
  heldBytes(): number;
}

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>/i;
const CACHEABLE_TYPES = /^(text\/html|application\/json|application\/xml|text\/plain)/;
/** A missing page is as cheap to answer from memory as a found one, so 404s are kept too. */
const CACHEABLE_STATUSES = new Set([200, 404]);
const NEVER_CACHED =
  /^\/(api\/auth|healthz|dashboard|login|register|logout|language|i18n|notice-form|result-form)(\/|$|\?)/;
/** A live contest's updates (Server-Sent Events): a stream that never completes, so never held to be kept. */
const EVENT_STREAM = /^\/results\/[^/?]+\/live\/events$/;
/** Files whose address holds their content's hash (the language catalogs) say themselves how long to keep them. */
const HASHED_FILES = /^\/i18n\//;
/** CDNs may keep an anonymous page briefly, then revalidate with the ETag. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";

/**
 * Anonymous GETs of public pages and JSON reads are rendered once per content version and
 * URL, then served from memory with an ETag and pre-compressed bodies. The key holds the
 * content version, so any write (by any process) makes older entries unreachable.
 */
export function pageCache({
  contentVersion,
  sessionToken,
  isLiveSession,
  queryParamsOf = () => ({}),
  unknownPathStandIn = () => undefined,
  variantOf = () => "",
  countRender,
  fixedHeaders = {},
  onFastHit,
  maxBytes = 32 * 1024 * 1024,
  plainCopyBytes = 4 * 1024 * 1024,
  ttlMs = 60_000,
}: PageCacheOptions): PageCache {
  const cache = new LRUCache<string, CachedResponse>({
    maxSize: maxBytes,
    // Pages also change with the date alone ("upcoming" events), so nothing lives past a minute,
    // and an entry's bytes go when its time is up, not when a visitor next asks for it: a sweep
    // of every page in two languages and two themes held the whole bound for as long as
    // nothing evicted it (decision 023).
    ttl: ttlMs,
    ttlAutopurge: true,
    // Keys count too: a flood of distinct URLs must not grow memory past the bound.
    sizeCalculation: (entry, key) => entry.gzip.length + entry.br.length + Buffer.byteLength(key) + 256,
  });

  const plainBodyOf = plainCopies(plainCopyBytes, ttlMs);
  const send = (req: IncomingMessage, res: ServerResponse, entry: CachedResponse, leading: HeaderList) =>
    sendCached(req, res, entry, leading, plainBodyOf);
  const fastHitHeaders = [...Object.entries(fixedHeaders).flat(), ...hitHeaders(VARY)];
  const pending = new Set<Promise<void>>();
  /**
   * Pages being rendered for the cache, by key: a burst of visitors to a page that just changed
   * waits for one render instead of each rendering it (fifty at once held over a gigabyte).
   * Settles undefined when the page turns out not to be cacheable.
   */
  const rendering = new Map<string, Promise<CachedResponse | undefined>>();
  /** Keys whose page turned out not to be cacheable (an inline script, a cookie): nobody waits for those. */
  const uncacheable = new LRUCache<string, true>({ max: 1000, ttl: 60_000 });
  const canonical = (url: string) => canonicalUrl(url, queryParamsOf);
  /** An unknown path's URL as its stand-in's (with the query the 404 page reads); undefined for a known path. */
  const standInFor = (url: string) => {
    const path = url.split("?", 1)[0] ?? "/";
    const standIn = unknownPathStandIn(path);
    return standIn === undefined ? undefined : canonical(standIn + url.slice(path.length));
  };

  const isPublicRead = (req: IncomingMessage, path: string) =>
    (req.method === "GET" || req.method === "HEAD") && !NEVER_CACHED.test(path) && !EVENT_STREAM.test(path);

  const serveFromMemory = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "/";
    const path = url.split("?", 1)[0] ?? "/";
    if (!isPublicRead(req, path) || req.headers.authorization || sessionToken(req.headers.cookie)) return false;
    // Cross-origin API calls need the CORS answer of the Express stack.
    if (req.headers.origin && path.startsWith("/api/")) return false;
    const version = contentVersion.peek();
    if (version === undefined) return false;
    const keyOf = (address: string) => `${version} ${variantOf(req)} ${address}`;
    // The page's own URL first: a hit never pays for telling an unknown path.
    let hit = cache.get(keyOf(canonical(url)));
    if (!hit) {
      const standIn = standInFor(url);
      if (standIn) hit = cache.get(keyOf(standIn));
    }
    if (!hit) return false;
    const requestId = requestIdOf(req);
    send(req, res, hit, [...fastHitHeaders, "X-Request-Id", requestId]);
    onFastHit?.(req, requestId);
    return true;
  };

  /** A live session cookie, or any Authorization header (an API token answers for one person). */
  const isSignedIn = async (req: IncomingMessage) => {
    if (req.headers.authorization) return true;
    const cookie = req.headers.cookie;
    if (!sessionToken(cookie)) return false;
    try {
      return await isLiveSession(cookie ?? "");
    } catch {
      return true; // database down: render (and fail) normally, never from a guess
    }
  };

  const middleware: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Until the action has answered (and committed), no version this process reads is kept:
      // one read before the commit would serve the old pages after it.
      res.once("close", contentVersion.beginWrite());
      return next();
    }
    if (HASHED_FILES.test(req.path)) return next();
    if (!isPublicRead(req, req.path)) {
      res.setHeader("Cache-Control", "private, no-store");
      return next();
    }
    if (await isSignedIn(req)) {
      res.setHeader("Cache-Control", "private, no-store");
      return renderWithinBudget(req, res, next);
    }
    let version: string;
    try {
      version = await contentVersion.current();
    } catch {
      return next(); // database down: render (and fail) normally, never from a guess
    }
    // The page renders from the same URL it is kept under: nothing it doesn't read reaches it.
    req.url = standInFor(req.url) ?? canonical(req.url);
    req.originalUrl = standInFor(req.originalUrl) ?? canonical(req.originalUrl);
    const key = `${version} ${variantOf(req)} ${req.originalUrl}`;
    const inProgress = uncacheable.has(key) ? undefined : rendering.get(key);
    const hit = cache.get(key) ?? (inProgress && (await inProgress));
    if (hit) {
      const vary = res.getHeader("Vary");
      return send(req, res, hit, hitHeaders(vary ? `${vary}, ${VARY}` : VARY));
    }
    res.setHeader("X-Page-Cache", "MISS");
    // A HEAD's answer has no body: only a GET's is kept (a HEAD is answered from it).
    if (!inProgress && req.method === "GET" && !uncacheable.has(key)) storeWhenRendered(key, req, res);
    return renderWithinBudget(req, res, next);
  };

  /**
   * Keeps what `res` answers under `key` once compressed, if it may be kept; others asking meanwhile
   * wait for it. The answer goes out once complete, with the caching headers and ETag its hits will
   * have (a CDN in front keeps the first answer too).
   */
  const storeWhenRendered = (key: string, req: IncomingMessage, res: Response) => {
    let settle: (entry: CachedResponse | undefined) => void = () => {};
    const entry = new Promise<CachedResponse | undefined>((resolve) => {
      settle = resolve;
    });
    rendering.set(key, entry);
    void entry.finally(() => {
      if (rendering.get(key) === entry) rendering.delete(key);
    });
    let ended = false;
    // A render that fails or is cut off never ends; the visitors waiting for it render themselves.
    res.once("close", () => {
      if (!ended) settle(undefined);
    });
    holdUntilComplete(req, res, maxBytes, (body) => {
      ended = true;
      if (!body || !isCacheable(res, body)) {
        uncacheable.set(key, true);
        settle(undefined);
        return undefined;
      }
      const etag = etagOf(body);
      const storing = compressForCache(res.statusCode, res.getHeader("Content-Type") as string, body, etag).then(
        (compressed) => {
          cache.set(key, compressed);
          settle(compressed);
        },
        () => settle(undefined),
      );
      pending.add(storing);
      void storing.finally(() => pending.delete(storing));
      return etag;
    });
  };

  const renderWithinBudget = async (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
    next: Parameters<RequestHandler>[2],
  ) => {
    const verdict = countRender?.(req);
    if (!verdict?.limited) return next();
    res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    const message = "Too many requests. Please wait a moment and try again.";
    if (req.path.startsWith("/api/")) res.status(429).json({ message });
    else res.status(429).type("text/plain").send(message);
  };
  const settled = async () => {
    await Promise.all(pending);
  };
  return { serveFromMemory, middleware, settled, heldBytes: () => cache.calculatedSize };
}

/**
 * The URL with only the query parameters its page reads, in a fixed order, each with its first
 * value and only when that value is one the page takes; React Router's `_routes` stays on the
 * `.data` requests of client navigations.
 */
export function canonicalUrl(url: string, queryParamsOf: (path: string) => Readonly<Record<string, RegExp>>): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const path = url.slice(0, queryStart);
  const given = new URLSearchParams(url.slice(queryStart + 1));
  const isData = path.endsWith(".data");
  const accepted: Record<string, RegExp> = {
    ...queryParamsOf(isData ? path.slice(0, -".data".length) || "/" : path),
    ...(isData && { _routes: /^[\w.,/-]{1,500}$/ }),
  };
  const kept = new URLSearchParams();
  for (const name of Object.keys(accepted).sort()) {
    const value = given.get(name);
    if (value !== null && accepted[name]?.test(value)) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

function isCacheable(res: Response, body: Buffer): boolean {
  const type = String(res.getHeader("Content-Type") ?? "");
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  return (
    CACHEABLE_STATUSES.has(res.statusCode) &&
    CACHEABLE_TYPES.test(type) &&
    !res.getHeader("Set-Cookie") &&
    !/no-store|private/.test(cacheControl) &&
    // An inline script runs only with this response's CSP nonce: such a page can't be replayed.
    // (Scripts and styles from our own files need no nonce, so a stale one on them is harmless.)
    !(type.startsWith("text/html") && INLINE_SCRIPT.test(body.toString("utf8")))
  );
}

/** The largest window brotli's quality 5-9 compress with their small hash (encoder's `ChooseHasher`). */
const BROTLI_SMALL_HASH_WINDOW_BITS = 16;

/**
 * Quality 9 in a window of at most 64 KB (2^16). Above 16 bits, brotli's quality 5-9 switch to a
 * hash table of 2^(15 + quality - 1) slots: 32 MB at quality 9, written all over, so four pages
 * compressed at once on Node's thread pool held ~100 MB for a moment. In 64 KB its chained hash
 * takes ~1 MB; the demo's 59 pages (85 KB on average) came out 0.9% larger, in a third of the
 * time (docs/decisions/023-memory-soak.md). A smaller page gets a window that just fits it.
 */
function brotliParams(size: number) {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT, BROTLI_MIN_WINDOW_BITS } = zlib.constants;
  // A window holds 2^bits - 16 bytes.
  const windowBits = Math.min(
    BROTLI_SMALL_HASH_WINDOW_BITS,
    Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))),
  );
  return { [BROTLI_PARAM_QUALITY]: 9, [BROTLI_PARAM_LGWIN]: windowBits, [BROTLI_PARAM_SIZE_HINT]: size };
}

const etagOf = (identity: Buffer) => `"${crypto.createHash("sha1").update(identity).digest("base64url").slice(0, 22)}"`;

async function compressForCache(
  status: number,
  contentType: string,
  identity: Buffer,
  etag: string,
): Promise<CachedResponse> {
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, { params: brotliParams(identity.length) }),
  ]);
  return { status, contentType, etag, identityLength: identity.length, gzip: gz, br };
}

/** Flat name, value, name, value... as `writeHead` takes it. */
type HeaderList = (string | number)[];

const VARY = "Accept-Encoding, Accept-Language, Cookie";
const hitHeaders = (vary: string): HeaderList => [
  "X-Page-Cache",
  "HIT",
  "Cache-Control",
  PUBLIC_CACHE_CONTROL,
  "Vary",
  vary,
];

/**
 * Plain Node calls, so the fast path (no Express) and the middleware share it. All headers go
 * out in one writeHead: on a response with none set yet Node then skips its per-header
 * bookkeeping, which on the fast path cost about as much as the rest of the hit.
 */
function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  entry: CachedResponse,
  leading: HeaderList,
  plainBodyOf: (entry: CachedResponse) => Buffer,
) {
  const headers = [...leading, "ETag", entry.etag];
  if (entry.status === 200 && req.headers["if-none-match"]?.split(/\s*,\s*/).includes(entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  const head = req.method === "HEAD";
  const body = encoding ? entry[encoding] : head ? undefined : plainBodyOf(entry);
  headers.push("Content-Type", entry.contentType, "Content-Length", body?.length ?? entry.identityLength);
  if (encoding) headers.push("Content-Encoding", encoding);
  res.writeHead(entry.status, headers);
  res.end(head ? undefined : body);
}

/**
 * The plain bodies of kept pages, inflated from their gzip copy when a client that takes no
 * compression asks, and kept up to `maxBytes` for the next such request. Inflating each time
 * made a new 10-200 KB buffer a request: fifty such clients at once took the server from 227 to
 * 312 MB (V8's heap and malloc's grew with the garbage), where one copy serves them all.
 */
function plainCopies(maxBytes: number, ttlMs: number): (entry: CachedResponse) => Buffer {
  const copies = new LRUCache<CachedResponse, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (body) => Math.max(1, body.length),
    ttl: ttlMs,
    ttlAutopurge: true,
  });
  return (entry) => {
    const kept = copies.get(entry);
    if (kept) return kept;
    const body = zlib.gunzipSync(entry.gzip);
    if (body.length <= maxBytes) copies.set(entry, body);
    return body;
  };
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/** The caller's X-Request-Id when it is a sane token, else a new one (as the request log does). */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** A write's or end's arguments: `(chunk?, encoding?, callback?)`, any of them left out. */
function writeArguments(args: unknown[]) {
  const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
  const [chunk, encoding] = args.filter((arg) => typeof arg !== "function");
  const buffer =
    chunk == null
      ? undefined
      : Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(chunk as string, encoding as BufferEncoding);
  return { buffer, callback };
}

/**
 * Holds what the handler writes (before compression, which sits outside us) until it ends, then
 * `complete` says whether the body may be kept, by its ETag. A kept one goes out as its hits do:
 * the public Cache-Control, the ETag and Vary, or 304 to a client that holds that ETag; any other
 * goes out as written. A body past `maxBytes` can't be kept (`complete` hears undefined): what is
 * held goes out, and the rest streams as written.
 */
function holdUntilComplete(
  req: IncomingMessage,
  res: Response,
  maxBytes: number,
  complete: (body: Buffer | undefined) => string | undefined,
) {
  const chunks: Buffer[] = [];
  let heldBytes = 0;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const stopHolding = () => {
    res.write = write as Response["write"];
    res.end = end as Response["end"];
  };
  res.write = ((...args: unknown[]) => {
    const { buffer, callback } = writeArguments(args);
    if (buffer) chunks.push(buffer);
    heldBytes += buffer?.length ?? 0;
    if (callback) process.nextTick(callback);
    if (heldBytes <= maxBytes) return true;
    stopHolding();
    complete(undefined);
    return write(Buffer.concat(chunks));
  }) as Response["write"];
  res.end = ((...args: unknown[]) => {
    const { buffer, callback } = writeArguments(args);
    if (buffer) chunks.push(buffer);
    stopHolding();
    const body = Buffer.concat(chunks);
    const etag = complete(body);
    // A handler that wrote its head itself has sent its headers already: they stay as they are.
    if (!etag || res.headersSent) return end(body, callback);
    const vary = res.getHeader("Vary");
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
    res.setHeader("Vary", vary ? `${vary}, ${VARY}` : VARY);
    res.setHeader("ETag", etag);
    if (res.statusCode !== 200 || !req.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
      return end(body, callback);
    }
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Length");
    return end(callback);
  }) as Response["end"];
}
