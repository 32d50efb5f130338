import crypto from "node:crypto";
import cors from "cors";
import type { RequestHandler } from "express";

export interface SecurityOptions {
  /** https deployments get HSTS. */
  baseUrl: string;
  /** Origins a form may post or redirect to besides our own (the OpenID provider's sign-in page). */
  formActionOrigins?: string[];
}

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * The security headers of every response, as one table, so the Express stack and the page
 * cache's fast path (server/page-cache.ts) send the same. Scripts run only from our origin or
 * with the response's nonce; a cached page has no inline script and gets no nonce at all.
 */
export function securityHeaderValues(
  { baseUrl, formActionOrigins = [] }: SecurityOptions,
  nonce?: string,
): Record<string, string> {
  const scriptSources = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
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
