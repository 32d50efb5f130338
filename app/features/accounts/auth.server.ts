import crypto from "node:crypto";
import type { Config } from "~/lib/config.server";
import { AUTH_BASE_PATH, type CreateAuthOptions, googleConfigured } from "./auth-settings.server";
import type { Auth } from "./better-auth.server";

/** better-auth, made on first use: the sign-in, session and API token calls await it. */
export type LoadAuth = () => Promise<Auth>;

/**
 * better-auth and its plugins (the OpenID Connect client among them) load when a request first
 * needs them: a signed-in visitor, a sign-in, a token. A server answering anonymous visitors
 * from the page cache never does, and starts about 10 MB smaller.
 */
export function authLoader(options: CreateAuthOptions): LoadAuth {
  let auth: Promise<Auth> | undefined;
  return () => {
    auth ??= import("./better-auth.server")
      .then(({ createAuth }) => createAuth(options))
      .catch((error: unknown) => {
        auth = undefined; // the next request tries again
        throw error;
      });
    return auth;
  };
}

/** better-auth's session cookie (with the __Secure- prefix on https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/**
 * The session token of a Cookie header when its signature holds, checked as better-auth signs
 * it (`token.base64(HMAC-SHA256(secret, token))`), without the database: the page cache's fast
 * path uses it, so a made-up cookie is an anonymous visitor.
 */
export function signedSessionToken(cookieHeader: string | undefined, secret: string): string | undefined {
  const raw = SESSION_COOKIE.exec(cookieHeader ?? "")?.[1];
  if (!raw) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : undefined;
}

export interface AuthCallResult {
  ok: boolean;
  status: number;
  /** better-auth's JSON answer; on failure it carries `message`. */
  body: Record<string, unknown>;
  /** Set-Cookie lines to pass on to the browser. */
  cookies: string[];
  /** A 429's Retry-After header, to pass on (seconds until the rate limit's window ends); else empty. */
  retryAfter: Record<string, string>;
}

const retryAfterHeader = (response: Response): Record<string, string> => {
  const seconds = response.headers.get("retry-after");
  return seconds ? { "Retry-After": seconds } : {};
};

/**
 * Calls better-auth with a request, and gives its rate limiter's 429 the standard Retry-After
 * header: it says when only in X-Retry-After, which no HTTP client reads.
 */
export async function authHandler(loadAuth: LoadAuth, request: Request): Promise<Response> {
  const response = await (await loadAuth()).handler(request);
  const seconds = response.headers.get("x-retry-after");
  if (response.status === 429 && seconds && !response.headers.has("retry-after")) {
    response.headers.set("Retry-After", seconds);
  }
  return response;
}

/** A call made with an API token (`Authorization: Bearer …`), as scripts make them. */
export function isTokenCall(headers: Headers): boolean {
  return /^Bearer\s/i.test(headers.get("authorization") ?? "");
}

/**
 * Removes every Set-Cookie from the answer to a call made with an API token: a token is no
 * session, and better-auth would otherwise write the token itself into its session cookie.
 */
export function withoutCookiesForTokenCalls(request: Request, response: Response): Response {
  if (!isTokenCall(request.headers) || !response.headers.has("set-cookie")) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Calls one of better-auth's HTTP endpoints for a page action, with the browser's own
 * headers (cookies, origin, client address), so a plain HTML form gets exactly the checks,
 * hooks and rate limits that a JSON client of /api/auth gets. A call with an API token is
 * the token's owner, whatever cookie the client keeps, and gets no cookie back.
 */
export async function callAuthEndpoint(
  loadAuth: LoadAuth,
  request: Request,
  endpoint: string,
  body: Record<string, unknown>,
): Promise<AuthCallResult> {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const tokenCall = isTokenCall(headers);
  if (tokenCall) headers.delete("cookie");
  const url = new URL(`${AUTH_BASE_PATH}${endpoint}`, request.url);
  const response = await authHandler(
    loadAuth,
    new Request(url, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { message: text };
  }
  const cookies = tokenCall ? [] : response.headers.getSetCookie();
  return { ok: response.ok, status: response.status, body: parsed, cookies, retryAfter: retryAfterHeader(response) };
}

/** The error text to show for a failed call: better-auth's own message, as it is. */
export function authErrorMessage(result: AuthCallResult): string {
  const message = result.body.message;
  return typeof message === "string" && message ? message : "Something went wrong. Please try again.";
}

/** A redirect that also passes on Set-Cookie lines (the session from better-auth, a flash). */
export function redirectWithCookies(location: string, cookies: string[]): Response {
  const headers = new Headers({ Location: location });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/**
 * The provider's sign-in page origin, which the Content-Security-Policy must let a form
 * redirect to (the no-JavaScript 'Google Sign In' posts to us and is sent on there).
 */
export function oidcFormActionOrigins(config: Config): string[] {
  return googleConfigured(config) ? [new URL(config.OIDC_DISCOVERY_URL).origin] : [];
}
