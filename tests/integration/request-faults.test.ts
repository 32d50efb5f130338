import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * What a careless or hostile client gets, and what the server's log says about it: a NUL
 * character in a sign-in is a 400 naming the field, every 429 says when to try again, and the
 * log stays one JSON object a line, a client's faults in it as warnings without a stack.
 * Against the production build, on PGlite or on the TEST_DATABASE_URL server.
 */
const AUTH_LIMIT = 3;
const AUTH_WINDOW_SECONDS = 120;
const FORM_LIMIT = 2;
const FORM_WINDOW_SECONDS = 300;
const FOREIGN = "https://evil.example";
/** A line a client would like to slip into the log as if the server had written it. */
const FORGED = '\n{"level":60,"time":"2026-01-01T00:00:00.000Z","service":"club-website","msg":"forged"}\n';

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
const { call, signUp } = httpClient(() => server.baseUrl);

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    LOG_LEVEL: "info",
    TRUSTED_PROXY_HEADER: "x-real-ip",
    AUTH_RATE_LIMIT_MAX: String(AUTH_LIMIT),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: String(AUTH_WINDOW_SECONDS),
    PUBLIC_FORM_RATE_LIMIT_MAX: String(FORM_LIMIT),
    PUBLIC_FORM_RATE_LIMIT_WINDOW_SECONDS: String(FORM_WINDOW_SECONDS),
  });
  server = running.server;
  // The start-up banner is for people; the log proper starts after it.
  await until(() => server.output().includes("Club website ready"));
}, 120_000);

afterAll(() => running?.close());

async function until(condition: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out; the server printed:\n${server.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The lines the server printed since `mark` (a length of its output). */
const linesSince = (mark: number) =>
  server
    .output()
    .slice(mark)
    .split("\n")
    .filter((line) => line.trim() !== "");

/** Waits until the server has logged the request with this id (pino-http's line closes it). */
const loggedRequest = (requestId: string | null) =>
  until(() => requestId !== null && server.output().includes(`"id":"${requestId}"`));

/** Every line since `mark` is one JSON object the server's logger wrote; the entries. */
function logEntriesSince(mark: number): Record<string, unknown>[] {
  return linesSince(mark).map((line) => {
    let entry: Record<string, unknown> | undefined;
    expect(() => {
      entry = JSON.parse(line);
    }, `not a JSON line: ${line}`).not.toThrow();
    expect(entry, line).toMatchObject({ level: expect.any(Number), time: expect.any(String), service: "club-website" });
    expect(entry?.msg, line).not.toBe("forged");
    return entry!;
  });
}

const fromSite = () => ({ Origin: server.baseUrl });

describe("a NUL character in a sign-in", () => {
  it("is a 400 naming the field, on better-auth's endpoints and on the pages' forms, and the log stays JSON", async () => {
    const mark = server.output().length;
    const apiCases: [string, Record<string, string>, string][] = [
      ["/api/auth/sign-in/email", { email: `a\u0000b${FORGED}@example.org`, password: "a-long-password-1" }, "email"],
      ["/api/auth/sign-in/email", { email: "nobody@example.org", password: `pass\u0000word${FORGED}` }, "password"],
      [
        "/api/auth/sign-up/email",
        { name: `Nul\u0000${FORGED}`, email: "nul@example.org", password: "a-long-pass-1" },
        "name",
      ],
    ];
    for (const [path, body, field] of apiCases) {
      const response = await call(path, { method: "POST", body, headers: fromSite() });
      const text = await response.text();
      expect(response.status, `${field}: ${text}`).toBe(400);
      expect(JSON.parse(text).message, text).toMatch(new RegExp(`\\b${field}\\b.*NUL`));
    }
    const pageCases: [string, Record<string, string>, string][] = [
      ["/login", { email: `a\u0000b${FORGED}@example.org`, password: "a-long-password-1" }, "email"],
      [
        "/register",
        { name: `Nul\u0000${FORGED}`, email: "n@example.org", password: "pw-1", passwordRetype: "pw-1" },
        "name",
      ],
    ];
    for (const [path, form, field] of pageCases) {
      const response = await call(path, { method: "POST", form, headers: fromSite() });
      const text = await response.text();
      expect(response.status, `${path}: ${text.slice(0, 300)}`).toBe(400);
      expect(text).toMatch(new RegExp(`\\b${field}\\b.*NUL`));
    }
    await loggedRequest((await call("/healthz")).headers.get("x-request-id"));
    expect(logEntriesSince(mark).length).toBeGreaterThan(apiCases.length + pageCases.length);
  });
});

describe("every 429", () => {
  /** Calls until the answer is 429 (at most `limit` + 2 times), from one client address. */
  async function untilLimited(path: string, init: (attempt: number) => Parameters<typeof call>[1], limit: number) {
    const ip = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let attempt = 0; attempt < limit + 2; attempt++) {
      const response = await call(path, { ...init(attempt), ip });
      await response.body?.cancel();
      if (response.status === 429) return response;
    }
    throw new Error(`${path} never answered 429`);
  }

  const expectRetryAfter = (response: Response, windowSeconds: number) => {
    const value = response.headers.get("retry-after");
    expect(value ?? "no Retry-After", `${response.status} from ${response.url}`).toMatch(/^\d+$/);
    expect(Number(value)).toBeGreaterThanOrEqual(1);
    expect(Number(value)).toBeLessThanOrEqual(windowSeconds);
  };

  it("says in Retry-After when a sign-in may be tried again, through the API and the login form", async () => {
    const credentials = { email: "someone@example.org", password: "not-the-password-1" };
    const api = await untilLimited(
      "/api/auth/sign-in/email",
      () => ({ method: "POST", body: credentials, headers: fromSite() }),
      AUTH_LIMIT,
    );
    expectRetryAfter(api, AUTH_WINDOW_SECONDS);
    const form = await untilLimited(
      "/login",
      () => ({ method: "POST", form: credentials, headers: fromSite() }),
      AUTH_LIMIT,
    );
    expectRetryAfter(form, AUTH_WINDOW_SECONDS);
  });

  it("says in Retry-After when to sign up again, through the register form", async () => {
    const register = await untilLimited(
      "/register",
      (attempt) => ({
        method: "POST",
        form: {
          name: `Limited ${attempt}`,
          email: `limited-${attempt}@example.org`,
          password: "Quiet-harbour-lantern-7",
          passwordRetype: "Quiet-harbour-lantern-7",
        },
        headers: fromSite(),
      }),
      AUTH_LIMIT,
    );
    expectRetryAfter(register, AUTH_WINDOW_SECONDS);
  });

  it("says in Retry-After when to try a password change again, on the profile page", async () => {
    const password = "Quiet-harbour-lantern-7";
    const cookie = await signUp({ name: "Changer", email: "changer@example.org", password });
    const wrongCurrent = {
      intent: "password",
      currentPassword: "not-the-password-1",
      newPassword: "Another-quiet-harbour-8",
      newPasswordRetype: "Another-quiet-harbour-8",
    };
    // better-auth's own limit on /change-password: 3 calls in a 10-second window.
    const profile = await untilLimited(
      "/dashboard/profile",
      () => ({ method: "POST", form: wrongCurrent, cookie, headers: fromSite() }),
      3,
    );
    expectRetryAfter(profile, 10);
  });

  it("says in Retry-After when to subscribe again", async () => {
    const subscribe = await untilLimited(
      "/subscribe",
      (attempt) => ({
        method: "POST",
        form: { email: `reader-${attempt}@example.org`, topics: "notices", frequency: "immediately" },
        headers: fromSite(),
      }),
      FORM_LIMIT,
    );
    expectRetryAfter(subscribe, FORM_WINDOW_SECONDS);
  });
});

/** A request through node:http, for what fetch won't send: a false Content-Length, a body cut off. */
function rawPost(path: string, headers: Record<string, string>, send: (request: http.ClientRequest) => void) {
  return new Promise<{ status: number; requestId: string | undefined }>((resolve, reject) => {
    const request = http.request(`${server.baseUrl}${path}`, { method: "POST", headers }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, requestId: response.headers["x-request-id"] as string }),
      );
    });
    request.on("error", reject);
    send(request);
  });
}

/** A multipart body's first part header: a PDF file follows. */
const BOUNDARY = "fault-boundary";
const PDF_PART_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;

/** A body sent in chunks, without a Content-Length, of `megabytes` MB after `head`. */
function chunkedBody(head: string, megabytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
      if (sent >= megabytes) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(1024 * 1024));
    },
  });
}

describe("a client's faults", () => {
  it("are logged at info or warn, without a stack: a foreign origin, a body too large or unreadable, an upload cut off", async () => {
    const mark = server.output().length;
    const ids: (string | null | undefined)[] = [];

    for (const path of ["/api/add-notice", "/api/auth/sign-in/email"]) {
      const response = await call(path, { method: "POST", body: {}, headers: { Origin: FOREIGN } });
      expect(response.status, path).toBe(403);
      ids.push(response.headers.get("x-request-id"));
    }
    // better-auth refuses a body type it doesn't read with 415.
    const unreadable = await call("/api/auth/sign-in/email", {
      method: "POST",
      body: "email=a@example.org",
      headers: { ...fromSite(), "Content-Type": "text/plain" },
    });
    expect(unreadable.status).toBe(415);
    ids.push(unreadable.headers.get("x-request-id"));
    const crossSiteForm = await call("/login", {
      method: "POST",
      form: { email: "a@example.org" },
      headers: { Origin: FOREIGN },
    });
    expect(crossSiteForm.status).toBeGreaterThanOrEqual(400);
    expect(crossSiteForm.status).toBeLessThan(500);
    ids.push(crossSiteForm.headers.get("x-request-id"));

    const claimed = await rawPost(
      "/api/uploads?accept=pdf",
      { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, "Content-Length": String(30 * 1024 * 1024) },
      (request) => request.end(),
    );
    expect(claimed.status).toBe(413);
    ids.push(claimed.requestId);
    for (const [path, type, head] of [
      ["/api/uploads?accept=pdf", `multipart/form-data; boundary=${BOUNDARY}`, PDF_PART_HEAD],
      ["/api/auth/sign-in/email", "application/json", '{"email":"'],
    ] as const) {
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { "Content-Type": type, Origin: server.baseUrl, "X-Real-IP": "10.98.0.1" },
        body: chunkedBody(head, 30),
        duplex: "half",
      } as RequestInit);
      expect(response.status, path).toBe(413);
      await response.body?.cancel();
      ids.push(response.headers.get("x-request-id"));
    }

    // An upload whose client goes away halfway: its Content-Length promises more than comes.
    const cutOff = http.request(`${server.baseUrl}/api/uploads?accept=pdf`, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length": String(5 * 1024 * 1024),
        "X-Real-IP": "10.98.0.2",
      },
    });
    cutOff.on("error", () => {});
    const sent = (chunk: string | Uint8Array) => new Promise((resolve) => cutOff.write(chunk, resolve));
    await sent(PDF_PART_HEAD);
    await sent(new Uint8Array(512 * 1024));
    cutOff.destroy();
    await until(() => server.output().slice(mark).includes("request aborted"));

    for (const id of ids) await loggedRequest(id ?? null);
    // A request after them all: whatever the faults logged came before its line.
    await loggedRequest((await call("/healthz")).headers.get("x-request-id"));
    const entries = logEntriesSince(mark);
    for (const entry of entries) {
      const line = JSON.stringify(entry);
      expect(entry.level, line).toBeLessThanOrEqual(40);
      expect(line, line).not.toContain('"stack"');
    }
    for (const id of ids)
      expect(
        entries.some((entry) => JSON.stringify(entry).includes(String(id))),
        String(id),
      ).toBe(true);
  });
});
