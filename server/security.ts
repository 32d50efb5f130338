import crypto from "node:crypto";
import cors from "cors";
import type { RequestHandler } from "express";
import helmet from "helmet";

export interface SecurityOptions {
  /** https deployments get HSTS. */
  baseUrl: string;
  /** Origins a form may post or redirect to besides our own (the OpenID provider's sign-in page). */
  formActionOrigins?: string[];
}

const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * Security headers on every response. Scripts run only from our origin or with the
 * per-response nonce; no inline script without it, no framing of our pages.
 */
export function securityHeaders({ baseUrl, formActionOrigins = [] }: SecurityOptions): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:", "http:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-src": ["https:"],
        "media-src": ["'self'", "https:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'", ...formActionOrigins],
        "frame-ancestors": ["'none'"],
      },
    },
    strictTransportSecurity: baseUrl.startsWith("https:") ? { maxAge: 63072000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    xFrameOptions: { action: "deny" },
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  };
  return [nonce, headers, permissions];
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
