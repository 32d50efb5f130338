import { expect } from "vitest";
import { fetchChecked } from "./api-contract";
import { verifyEmailAt } from "./email-verification";

export interface CallInit {
  method?: string;
  /** A string or FormData is sent as it is; anything else as JSON. */
  body?: unknown;
  /** Sent as an urlencoded form, as a browser without JavaScript posts. */
  form?: Record<string, string>;
  headers?: HeadersInit;
  cookie?: string;
  /** An API token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The client's address (the server under test trusts X-Real-IP); each call has its own unless given. */
  ip?: string;
}

function bodyOf(init: CallInit, headers: Headers): BodyInit | undefined {
  if (init.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return new URLSearchParams(init.form).toString();
  }
  const { body } = init;
  if (body === undefined || body instanceof FormData) return body;
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return typeof body === "string" ? body : JSON.stringify(body);
}

/**
 * The HTTP client of the server tests: every call from a client address of its own (so one
 * test's calls don't use up another's rate limits), never following redirects, and every
 * /api answer checked against the API's contract.
 */
export function httpClient(baseUrl: () => string) {
  let nextClient = 1;
  const newAddress = () => {
    const n = nextClient++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const call = (path: string, init: CallInit = {}) => {
    const headers = new Headers({ "X-Real-IP": init.ip ?? newAddress() });
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
    if (init.cookie) headers.set("Cookie", init.cookie);
    if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
    const body = bodyOf(init, headers);
    return fetchChecked(`${baseUrl()}${path}`, { method: init.method ?? "GET", headers, body, redirect: "manual" });
  };
  const sessionCookieOf = (response: Response, what: string) => {
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("better-auth.session_token="));
    expect(cookie, what).toBeDefined();
    return cookie!.split(";")[0]!;
  };
  /**
   * Registers through better-auth's JSON endpoint; the session cookie, ready to send. The
   * address is proved, as its owner would by the mailed link, and the cookie is of a sign-in
   * after that (what a session shows is read when it starts), unless `verified: false`.
   */
  const signUp = async (account: { name: string; email: string; password: string }, { verified = true } = {}) => {
    // From the site's own origin, as the register form sends it.
    const origin = { Origin: baseUrl() };
    const response = await call("/api/auth/sign-up/email", { method: "POST", body: account, headers: origin });
    expect(response.status, `sign up ${account.email}`).toBe(200);
    if (!verified) return sessionCookieOf(response, `sign up ${account.email}`);
    await verifyEmailAt(baseUrl(), account.email);
    const signIn = await call("/api/auth/sign-in/email", {
      method: "POST",
      body: { email: account.email, password: account.password },
      headers: origin,
    });
    expect(signIn.status, `sign in ${account.email}`).toBe(200);
    return sessionCookieOf(signIn, `sign in ${account.email}`);
  };
  return { call, signUp };
}
