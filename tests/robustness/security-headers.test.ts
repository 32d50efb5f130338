import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";

const PATHS = ["/", "/students", "/login", "/api/students", "/healthz", "/no/such/page", "/robots.txt"];

function expectSecurityHeaders(response: Response, path: string) {
  const csp = response.headers.get("content-security-policy") ?? "";
  const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  if (response.headers.get("x-page-cache") === "HIT") {
    // A page from the cache has no inline script, so it needs (and gets) no nonce.
    expect(scriptSrc.trim(), path).toBe("script-src 'self'");
  } else {
    expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
  }
  expect(scriptSrc, path).not.toContain("unsafe-inline");
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).toContain("object-src 'none'");
  expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("permissions-policy"), path).toContain("camera=(self)");
}

describe("security headers over http", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ CORS_ORIGINS: "https://partner.example.org" });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("sends the policy headers on every kind of response, with a fresh nonce each time", async () => {
    const nonces = new Set<string>();
    for (const path of PATHS) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expectSecurityHeaders(response, path);
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
      nonces.add(response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1] ?? "");
    }
    expect(nonces.size).toBe(PATHS.length);
  });

  it("sends the same headers with a page answered from the cache", async () => {
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}/students`)).headers.get("x-page-cache"), { interval: 50 })
      .toBe("HIT");
    const hit = await fetch(`${server.baseUrl}/students`);
    expectSecurityHeaders(hit, "/students from the cache");
    expect(hit.headers.get("x-request-id")).toMatch(/^[\w-]+$/);
  });

  it("pages with scripts carry the response's nonce on every inline script", async () => {
    const response = await fetch(`${server.baseUrl}/login`);
    const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    const html = await response.text();
    const inlineScripts = html.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("closes the API to other origins unless CORS_ORIGINS lists them", async () => {
    const stranger = await fetch(`${server.baseUrl}/api/students`, { headers: { Origin: "https://evil.example" } });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    const partner = await fetch(`${server.baseUrl}/api/students`, {
      headers: { Origin: "https://partner.example.org" },
    });
    expect(partner.headers.get("access-control-allow-origin")).toBe("https://partner.example.org");
    const preflight = await fetch(`${server.baseUrl}/api/add-student`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseUrl },
      body: JSON.stringify({ name: "Cookie Check", email: "cookie-check@example.org", password: "a-long-password" }),
    });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});

describe("security headers behind https", () => {
  it("adds HSTS and Secure cookies when BASE_URL is https", async () => {
    const server = await startServer({ BASE_URL: "https://club.example.org" });
    try {
      const response = await fetch(`${server.baseUrl}/`);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expectSecurityHeaders(response, "/");
      const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://club.example.org" },
        body: JSON.stringify({ name: "Secure Check", email: "secure-check@example.org", password: "a-long-password" }),
      });
      const session = signUp.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
      expect(session).toMatch(/;\s*Secure/i);
    } finally {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
