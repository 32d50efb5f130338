import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Attacks found by a security review, each answered without a change or a 500: open
 * redirects after login, cross-site writes to the JSON API. Against the production build
 * (`npm run build`), on PGlite or on the TEST_DATABASE_URL server.
 */
const ADMIN = { name: "Security Admin", email: "security-admin@example.org", password: "admin-password-1" };
const FOREIGN = "https://evil.example";

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
let nextClient = 1;

type Init = { method?: string; headers?: Record<string, string>; body?: string; cookie?: string };

function call(path: string, init: Init = {}) {
  const headers = new Headers({ "X-Real-IP": `10.9.0.${nextClient++ % 250}`, ...init.headers });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body,
    redirect: "manual",
  });
}

const json = { "Content-Type": "application/json" };

async function studentNames(): Promise<string[]> {
  const response = await call("/api/students?limit=500");
  const body = (await response.json()) as { name: string }[] | { items: { name: string }[] };
  return (Array.isArray(body) ? body : body.items).map((student) => student.name);
}

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    CORS_ORIGINS: "https://partner.example",
  });
  server = running.server;
  const response = await call("/api/auth/sign-up/email", {
    method: "POST",
    headers: json,
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  adminCookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith("better-auth.session_token="))!
    .split(";")[0]!;
}, 120_000);

afterAll(() => running?.close());

const OFF_SITE_TARGETS = ["/.//evil.example", "/..//evil.example", "/./\\evil.example", "/%2e//evil.example"];

describe("after login, only paths on this site", () => {
  it("a signed-in visit to /login never redirects off the site", async () => {
    for (const target of OFF_SITE_TARGETS) {
      const response = await call(`/login?redirectTo=${encodeURIComponent(target)}`, { cookie: adminCookie });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/dashboard");
    }
  });

  it("a password login never redirects off the site", async () => {
    for (const target of OFF_SITE_TARGETS) {
      const response = await call("/login", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: target }).toString(),
      });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/dashboard");
    }
  });

  it("the sign-in callback never redirects off the site", async () => {
    for (const target of OFF_SITE_TARGETS) {
      const response = await call(`/login/callback?redirectTo=${encodeURIComponent(target)}`, { cookie: adminCookie });
      const location = response.headers.get("location") ?? "";
      expect(new URL(location, server.baseUrl).origin, target).toBe(server.baseUrl);
      expect(location.startsWith("//"), target).toBe(false);
    }
  });
});

describe("cross-site writes to the JSON API", () => {
  const student = (name: string) =>
    JSON.stringify({
      name,
      batch: 9,
      email: "s@example.org",
      photoURL: "https://example.org/s.png",
      session: "2020-2021",
    });

  it("refuses a foreign, a null and a cross-site origin with 403, and writes nothing", async () => {
    const attempts: Record<string, string>[] = [
      { Origin: FOREIGN },
      { Origin: "null" },
      { Origin: server.baseUrl.replace("127.0.0.1", "localhost") },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
    ];
    for (const [index, headers] of attempts.entries()) {
      const response = await call("/api/add-student", {
        method: "POST",
        headers: { ...json, ...headers },
        body: student(`Cross-site ${index}`),
        cookie: adminCookie,
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ message: expect.stringContaining("other sites") });
    }
    const renamed = await call("/api/user", {
      method: "PUT",
      headers: { ...json, Origin: FOREIGN },
      body: JSON.stringify({ name: "Hacked", email: ADMIN.email }),
      cookie: adminCookie,
    });
    expect(renamed.status).toBe(403);
    expect((await studentNames()).filter((name) => name.startsWith("Cross-site"))).toEqual([]);
  });

  it("refuses a text/plain or urlencoded body where JSON is expected with 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const response = await call("/api/add-student", {
        method: "POST",
        headers: { "Content-Type": type },
        body: student(`Plain ${type}`),
        cookie: adminCookie,
      });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toEqual({ message: expect.stringContaining("application/json") });
    }
    expect((await studentNames()).filter((name) => name.startsWith("Plain"))).toEqual([]);
  });

  it("takes writes from the site itself, a listed origin and clients that are not browsers", async () => {
    const cases: Record<string, string>[] = [
      { Origin: server.baseUrl },
      { Origin: "https://partner.example" },
      { "Sec-Fetch-Site": "same-origin" },
      {},
    ];
    for (const [index, headers] of cases.entries()) {
      const response = await call("/api/add-student", {
        method: "POST",
        headers: { ...json, ...headers },
        body: student(`Allowed ${index}`),
        cookie: adminCookie,
      });
      expect(response.status, JSON.stringify(headers)).toBe(201);
    }
  });

  it("does not let a path that starts with two slashes pass a foreign origin off as the site's", async () => {
    const response = await call("//evil.example/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: FOREIGN },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
    });
    expect(response.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(false);
    expect(response.status).toBeLessThan(500);
  });
});
