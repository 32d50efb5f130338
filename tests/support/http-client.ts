import { expect } from "vitest";
import { fetchChecked } from "./api-contract";

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
  /** Registers through better-auth's JSON endpoint; the session cookie, ready to send. */
  const signUp = async (account: { name: string; email: string; password: string }) => {
    // From the site's own origin, as the register form sends it.
    const response = await call("/api/auth/sign-up/email", {
      method: "POST",
      body: account,
      headers: { Origin: baseUrl() },
    });
    expect(response.status, `sign up ${account.email}`).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("better-auth.session_token="));
    expect(cookie).toBeDefined();
    return cookie!.split(";")[0]!;
  };
  return { call, signUp };
}
