import crypto from "node:crypto";
import cors from "cors";
import type { RequestHandler } from "express";

export interface SecurityOptions {
  /** https deployments get HSTS. */
  baseUrl: string;
  /** Origins a form may post or redirect to besides our own (the OpenID provider's sign-in page). */
  formActionOrigins?: string[];
  /** The dev server: Vite's client talks to it over a WebSocket to reload changed modules. */
  hotReload?: boolean;
}

const PERMISSIONS_POLICY = "camera=(self), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * The security headers of every response, as one table, so the Express stack and the page
 * cache's fast path (server/page-cache.ts) send the same. Scripts run only from our origin or
 * with the response's nonce; a cached page has no inline script and gets no nonce at all.
 */
export function securityHeaderValues(
  { baseUrl, formActionOrigins = [], hotReload = false }: SecurityOptions,
  nonce?: string,
): Record<string, string> {
  const scriptSources = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self'",
    hotReload ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "frame-src https:",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${["'self'", ...formActionOrigins].join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-site",
    "Origin-Agent-Cluster": "?1",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "X-Permitted-Cross-Domain-Policies": "none",
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...(baseUrl.startsWith("https:") && { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" }),
  };
}

/** Sets the security headers with a fresh nonce, which React Router's scripts then carry. */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  return (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.set(securityHeaderValues(options, nonce));
    next();
  };
}

/** The JSON API answers cross-origin browser calls only from the configured origins. */
export function apiCors(allowedOrigins: string[]): RequestHandler {
  const origins = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && origins.has(origin)),
    credentials: true,
    methods: ["GET", "POST", "PUT", "DELETE"],
    maxAge: 600,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A browser's write to the JSON API must come from the site itself or an origin listed in
 * CORS_ORIGINS: a form on another site (a sibling subdomain included) can post with the
 * visitor's cookies, and CORS does not stop a request from being made. Calls without
 * `Origin` and `Sec-Fetch-Site` are not from a browser and are judged by their credentials
 * alone, as are calls carrying an API token.
 */
export function apiOriginGuard(baseUrl: string, allowedOrigins: string[]): RequestHandler {
  const trusted = new Set([new URL(baseUrl).origin, ...allowedOrigins.map((origin) => new URL(origin).origin)]);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || /^Bearer /i.test(req.headers.authorization ?? "")) return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    const fromBrowser = origin !== undefined || fetchSite !== undefined;
    const allowed = origin !== undefined ? trusted.has(origin) : fetchSite === "same-origin" || fetchSite === "none";
    if (!fromBrowser || allowed) return next();
    res.status(403).set("Cache-Control", "no-store").json({
      message:
        "Requests from other sites may not change anything here. Call the API from this site, or with an API token.",
    });
  };
}

const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"];

/**
 * Refuses before any route runs what no route takes: other methods (TRACE, PATCH,
 * PROPFIND…) get 405, and an address with a NUL character or broken %-escapes gets 400,
 * so neither reaches a query or a stack trace.
 */
export function requestShapeGuard(): RequestHandler {
  return (req, res, next) => {
    const isApi = req.path.startsWith("/api/");
    const allowed = isApi ? API_METHODS : PAGE_METHODS;
    if (!allowed.includes(req.method)) {
      res.set("Allow", allowed.join(", "));
      return refuse(res, isApi, 405, `The method ${req.method} is not allowed here.`);
    }
    if (!isCleanAddress(req.originalUrl)) return refuse(res, isApi, 400, "The address is not valid.");
    next();
  };
}

function isCleanAddress(url: string): boolean {
  if (url.includes("\0") || /%00/i.test(url)) return false;
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

function refuse(res: Parameters<RequestHandler>[1], asJson: boolean, status: number, message: string) {
  res.status(status).set("Cache-Control", "no-store");
  if (asJson) res.json({ message });
  else res.type("text/plain").send(message);
}
