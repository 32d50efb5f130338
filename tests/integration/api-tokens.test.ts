import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Personal API tokens: made and revoked by admins in the dashboard, sent as
 * `Authorization: Bearer`, with the owner's rights as they are now. Against the production build.
 */
const ADMIN = { name: "Token Admin", email: "token-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Token Member", email: "token-member@example.org", password: "member-password-1" };
const TOKEN = /club_[A-Za-z]{64}/;

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
let memberCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

/** Creates a token through the dashboard form (as a browser without JavaScript would). */
async function createToken(cookie: string, name: string): Promise<string> {
  const page = await call("/dashboard/api-tokens", { method: "POST", cookie, form: { intent: "create", name } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("it is shown only this once");
  return TOKEN.exec(html)![0];
}

async function tokenIdByName(cookie: string, name: string): Promise<string> {
  const html = await (await call("/dashboard/api-tokens", { cookie })).text();
  const row = new RegExp(`name="id" value="([0-9a-f-]{36})"/><input type="hidden" name="name" value="${name}"`);
  return row.exec(html)![1]!;
}

const student = (name: string) => ({ name, email: "s@example.org", photoURL: "https://example.org/p.png" });

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    AUTH_RATE_LIMIT_MAX: "1000",
    // better-auth skips its origin checks when TEST is set (Vitest sets it); here they run as in production.
    TEST: "false",
  });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  memberCookie = await signUp(MEMBER);
}, 120_000);

afterAll(() => running?.close());

describe("API tokens", () => {
  it("work as Bearer on the write API with the admin's rights, from any origin, and record their use", async () => {
    const token = await createToken(adminCookie, "Nightly import");
    expect((await call("/dashboard/api-tokens", { cookie: adminCookie }).then((r) => r.text())).includes(token)).toBe(
      false,
    );
    const added = await fetch(`${server.baseUrl}/api/add-student`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "application/json",
        Origin: "https://elsewhere.example",
      },
      body: JSON.stringify(student("Token student")),
    });
    expect(added.status).toBe(201);

    const users = await call("/api/users", { token });
    expect(users.status).toBe(200);
    expect(users.headers.get("cache-control")).toBe("private, no-store");
    // What a token may read never reaches anyone else through the page cache.
    expect((await call("/api/users")).status).toBe(401);

    const list = await (await call("/dashboard/api-tokens", { cookie: adminCookie })).text();
    expect(list).toContain("Nightly import");
    expect(list).toContain(token.slice(0, 6));
    expect(list).not.toMatch(/Nightly import.*?Never/s);
  });

  it("are for admins only, and not through better-auth's own API-key endpoints", async () => {
    const page = await call("/dashboard/api-tokens", {
      method: "POST",
      cookie: memberCookie,
      form: { intent: "create", name: "Mine" },
    });
    expect(page.status).toBe(403);
    for (const path of ["/api/auth/api-key/create", "/api/auth/api-key/list"]) {
      const response = await call(path, { method: "POST", cookie: memberCookie, body: { name: "Mine" } });
      expect(response.status, path).toBe(404);
    }
    const nameless = await call("/dashboard/api-tokens", {
      method: "POST",
      cookie: adminCookie,
      form: { intent: "create", name: " " },
    });
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain("Name is required");
  });

  it("lose admin rights when their owner is no longer admin", async () => {
    expect((await call("/api/users/make-admin", { method: "POST", cookie: adminCookie, body: MEMBER })).status).toBe(
      200,
    );
    const token = await createToken(memberCookie, "Member script");
    expect((await call("/api/add-student", { method: "POST", token, body: student("Before demotion") })).status).toBe(
      201,
    );
    await call("/api/users/revoke-admin", { method: "POST", cookie: adminCookie, body: { email: MEMBER.email } });
    const refused = await call("/api/add-student", { method: "POST", token, body: student("After demotion") });
    expect(refused.status).toBe(403);
  });

  it("never get a cookie back, and rename their owner through POST and PUT /api/user as any write", async () => {
    const token = await createToken(adminCookie, "No cookies");
    for (const method of ["POST", "PUT"]) {
      const displayName = `Renamed by ${method}`;
      const renamed = await call("/api/user", { method, token, body: { email: ADMIN.email, displayName } });
      expect(renamed.status, method).toBe(200);
      expect(renamed.headers.getSetCookie(), method).toEqual([]);
      const record = await call(`/api/users/${ADMIN.email}`, { token });
      expect((await record.json()).displayName).toBe(displayName);
    }
    // A client that keeps cookies sends one along (here one it was once given): the token still decides.
    const withCookie = await call("/api/user", {
      method: "PUT",
      token,
      cookie: "better-auth.session_token=club_left-over.c2lnbmF0dXJl",
      body: { email: ADMIN.email, displayName: "Renamed with a cookie" },
    });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.getSetCookie()).toEqual([]);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/users"],
      ["GET", `/api/users/${ADMIN.email}`],
      ["GET", "/api/members/me"],
      ["GET", "/api/auth/get-session"],
      ["POST", "/api/auth/update-user", { name: "Renamed through better-auth" }],
      ["POST", "/api/add-student", student("No cookie student")],
      ["GET", "/dashboard"],
      ["GET", "/"],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(path, { method, token, body });
      expect(response.status, path).toBeLessThan(500);
      expect(response.headers.getSetCookie(), `${method} ${path}`).toEqual([]);
    }
  });

  it("stop working once revoked (after a Yes), and a wrong token is refused with 401", async () => {
    const token = await createToken(adminCookie, "Short lived");
    const id = await tokenIdByName(adminCookie, "Short lived");
    const asked = await call("/dashboard/api-tokens", { method: "POST", cookie: adminCookie, form: { id, name: "x" } });
    expect(await asked.text()).toContain("Revoke this token?");
    expect((await call("/api/users", { token })).status).toBe(200);
    const revoked = await call("/dashboard/api-tokens", {
      method: "POST",
      cookie: adminCookie,
      form: { id, name: "Short lived", confirmed: "yes" },
    });
    expect(await revoked.text()).toContain("Token revoked.");
    for (const wrong of [token, `club_${"x".repeat(64)}`, "short"]) {
      const response = await call("/api/users", { token: wrong });
      expect(response.status, wrong).toBe(401);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });
});
