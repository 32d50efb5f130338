import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Every /api/user(s) call as anonymous, General and admin, against the production build
 * (`npm run build`) on PGlite, or on the TEST_DATABASE_URL server when it is set.
 */
const ADMIN = { name: "Api Admin", email: "api-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Api Member", email: "api-member@example.org", password: "member-password-1" };
const RATE_LIMIT = 4;

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
let memberCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

const post = (path: string, body: unknown, init: { cookie?: string; method?: string; ip?: string } = {}) =>
  call(path, { method: init.method ?? "POST", body, cookie: init.cookie, ip: init.ip });

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    AUTH_RATE_LIMIT_MAX: String(RATE_LIMIT),
  });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  memberCookie = await signUp(MEMBER);
}, 120_000);

afterAll(() => running?.close());

describe("GET /api/users", () => {
  it("answers 401 anonymous, 403 General and the list for an admin", async () => {
    const anonymous = await call("/api/users");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: expect.any(String) });
    const general = await call("/api/users", { cookie: memberCookie });
    expect(general.status).toBe(403);
    expect(await general.json()).toEqual({ message: expect.any(String) });

    const admin = await call("/api/users", { cookie: adminCookie });
    expect(admin.status).toBe(200);
    const users = await admin.json();
    expect(users).toEqual(
      expect.arrayContaining([
        { _id: expect.any(String), displayName: ADMIN.name, email: ADMIN.email, role: "admin" },
        { _id: expect.any(String), displayName: MEMBER.name, email: MEMBER.email },
      ]),
    );
  });
});

describe("GET /api/users/{email}", () => {
  it("gives your own record, hides others from General users and 404s unknown addresses for admins", async () => {
    expect((await call(`/api/users/${MEMBER.email}`)).status).toBe(401);

    const own = await call(`/api/users/${MEMBER.email}`, { cookie: memberCookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ _id: expect.any(String), displayName: MEMBER.name, email: MEMBER.email });

    expect((await call(`/api/users/${ADMIN.email}`, { cookie: memberCookie })).status).toBe(403);
    expect((await call("/api/users/nobody@example.org", { cookie: memberCookie })).status).toBe(403);

    const byAdmin = await call(`/api/users/${MEMBER.email.toUpperCase()}`, { cookie: adminCookie });
    expect(byAdmin.status).toBe(200);
    expect((await byAdmin.json()).email).toBe(MEMBER.email);
    const adminOwn = await call(`/api/users/${ADMIN.email}`, { cookie: adminCookie });
    expect((await adminOwn.json()).role).toBe("admin");
    expect((await call("/api/users/nobody@example.org", { cookie: adminCookie })).status).toBe(404);
  });
});

describe("POST and PUT /api/user", () => {
  it("record the caller's own display name and nobody else's", async () => {
    const body = { email: MEMBER.email, displayName: "Renamed Member" };
    expect((await post("/api/user", body)).status).toBe(401);

    const created = await post("/api/user", body, { cookie: memberCookie });
    expect(created.status).toBe(200);
    expect(await created.json()).toEqual({ _id: expect.any(String), modifiedCount: 1 });
    const upserted = await post(
      "/api/user",
      { ...body, displayName: "Member Again" },
      { cookie: memberCookie, method: "PUT" },
    );
    expect(upserted.status).toBe(200);
    const record = await call(`/api/users/${MEMBER.email}`, { cookie: memberCookie });
    expect((await record.json()).displayName).toBe("Member Again");

    const someoneElse = await post(
      "/api/user",
      { email: ADMIN.email, displayName: "Hijack" },
      { cookie: memberCookie },
    );
    expect(someoneElse.status).toBe(403);
    expect(await someoneElse.json()).toEqual({ message: expect.any(String) });
  });

  it("answers 400 naming every bad field, and 400 for a body that is not JSON", async () => {
    const bad = await post("/api/user", { email: "not-an-email", displayName: " " }, { cookie: memberCookie });
    expect(bad.status).toBe(400);
    const answer = await bad.json();
    expect(Object.keys(answer.errors).sort()).toEqual(["displayName", "email"]);
    const notJson = await call("/api/user", { method: "POST", body: "{", cookie: memberCookie });
    expect(notJson.status).toBe(400);
    expect((await call("/api/user", { cookie: memberCookie })).status).toBe(405);
  });
});

describe("POST /api/users/make-admin and /api/users/revoke-admin", () => {
  it("are for admins only", async () => {
    for (const path of ["/api/users/make-admin", "/api/users/revoke-admin"]) {
      expect((await post(path, { email: MEMBER.email })).status).toBe(401);
      expect((await post(path, { email: MEMBER.email }, { cookie: memberCookie })).status).toBe(403);
    }
  });

  it("keep the last admin and report what changed", async () => {
    const lastAdmin = await post("/api/users/revoke-admin", { email: ADMIN.email }, { cookie: adminCookie });
    expect(lastAdmin.status).toBe(409);
    expect((await lastAdmin.json()).message).toMatch(/last admin/);

    const promoted = await post("/api/users/make-admin", { email: MEMBER.email }, { cookie: adminCookie });
    expect(await promoted.json()).toEqual({ modifiedCount: 1 });
    const again = await post("/api/users/make-admin", { email: MEMBER.email }, { cookie: adminCookie });
    expect(await again.json()).toEqual({ modifiedCount: 0, message: expect.stringMatching(/already an admin/) });
    const unknown = await post("/api/users/make-admin", { email: "nobody@example.org" }, { cookie: adminCookie });
    expect(await unknown.json()).toEqual({ modifiedCount: 0, message: expect.stringMatching(/No account/) });
    const invalid = await post("/api/users/make-admin", { email: "nope" }, { cookie: adminCookie });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toHaveProperty("email");

    // The promoted member now reads every record; demoting takes it away again at once.
    expect((await call("/api/users", { cookie: memberCookie })).status).toBe(200);
    const revoked = await post("/api/users/revoke-admin", { email: MEMBER.email }, { cookie: adminCookie });
    expect(await revoked.json()).toEqual({ modifiedCount: 1 });
    expect((await call("/api/users", { cookie: memberCookie })).status).toBe(403);
  });
});

describe("sign-in rate limit", () => {
  const wrongSignIn = (ip: string, headers: Record<string, string> = {}) =>
    call("/api/auth/sign-in/email", {
      method: "POST",
      ip,
      headers,
      body: JSON.stringify({ email: MEMBER.email, password: "wrong-password" }),
    });

  it("answers 429 after the limit, per client, and ignores a client-sent X-Forwarded-For", async () => {
    for (let attempt = 0; attempt < RATE_LIMIT; attempt++) {
      expect((await wrongSignIn("10.9.0.1")).status).toBe(401);
    }
    const limited = await wrongSignIn("10.9.0.1");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: expect.any(String) });
    expect((await wrongSignIn("10.9.0.1", { "X-Forwarded-For": "203.0.113.7" })).status).toBe(429);

    // The login form shares the limit: same client, same bucket.
    const form = await call("/login", {
      method: "POST",
      ip: "10.9.0.1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: MEMBER.email, password: "wrong-password" }).toString(),
    });
    expect(form.status).toBe(429);

    expect((await wrongSignIn("10.9.0.2")).status).toBe(401);
  });
});

describe("/api/members/me", () => {
  const OTHER = { name: "Api Other", email: "api-other@example.org", password: "other-password-1" };
  const page = (cookie: string, form: Record<string, string>) =>
    call("/dashboard/profile", { method: "POST", form, cookie, headers: { Origin: server.baseUrl } });

  /** An admin adds a student with the account's email; the account claims it on its profile page. */
  async function claimRecord(cookie: string, name: string, email: string) {
    const added = await post("/api/add-student", { name, email, photoURL: "/media/p.png" }, { cookie: adminCookie });
    expect(added.status).toBe(201);
    const { insertedId } = await added.json();
    expect((await page(cookie, { intent: "claim", studentId: insertedId })).status).toBe(200);
    return insertedId as string;
  }

  it("reads and saves only your own profile; a handle someone has is 409; a hidden email leaves /api/students", async () => {
    expect((await call("/api/members/me")).status).toBe(401);
    expect((await call("/api/members/me", { cookie: memberCookie })).status).toBe(404);
    const id = await claimRecord(memberCookie, "Api Member Student", MEMBER.email);

    const own = await call("/api/members/me", { cookie: memberCookie });
    expect(own.status).toBe(200);
    const profile = await own.json();
    expect(profile).toMatchObject({ _id: id, email: MEMBER.email, emailVisible: true });
    expect(profile.profileUrl).toBe(`${new URL(server.baseUrl).origin}/students/${profile.slug}`);

    const body = {
      name: "Api Member Student",
      photoURL: "/media/p.png",
      emailVisible: false,
      codeforces: "api_member",
    };
    const saved = await post("/api/members/me", body, { cookie: memberCookie, method: "PUT" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ handles: { codeforces: "api_member" }, emailVisible: false });

    const bad = await post(
      "/api/members/me",
      { ...body, session: "2020-20210", github: "ftp://x" },
      {
        cookie: memberCookie,
        method: "PUT",
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["github", "session"]);

    const otherCookie = await signUp(OTHER);
    await claimRecord(otherCookie, "Api Other Student", OTHER.email);
    const taken = await post(
      "/api/members/me",
      { ...body, codeforces: "API_MEMBER" },
      { cookie: otherCookie, method: "PUT" },
    );
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors).toEqual({ codeforces: "This Codeforces handle belongs to another member." });

    const students = (await (await call("/api/students")).json()) as { _id: string; email: string | null }[];
    expect(students.find((student) => student._id === id)?.email).toBeNull();
    const memberPage = await call(`/students/${profile.slug}`);
    expect(memberPage.status).toBe(200);
    const html = await memberPage.text();
    expect(html).toContain("Api Member Student");
    expect(html).not.toContain(MEMBER.email);
    expect(html).toContain("https://codeforces.com/profile/api_member");
  });
});

describe("membership calls", () => {
  it("apply once in an open round; admins list and decide; everyone else is refused", async () => {
    const APPLICANT = { name: "Api Applicant", email: "api-applicant@example.org", password: "applicant-pw-1" };
    const applicantCookie = await signUp(APPLICANT);
    const today = new Date().toISOString().slice(0, 10);
    // An admin opens a round through the dashboard's form (no JavaScript: a Yes on the second step).
    const round = { intent: "open-round", session: "2090-2091", opens_on: today, closes_on: "2099-12-31" };
    const headers = { Origin: server.baseUrl };
    await call("/dashboard/membership", { method: "POST", form: round, cookie: adminCookie, headers });
    const opened = await call("/dashboard/membership", {
      method: "POST",
      form: { ...round, confirmed: "yes" },
      cookie: adminCookie,
      headers,
    });
    expect(opened.status).toBe(200);
    const screen = await call("/dashboard/membership", { cookie: adminCookie });
    expect(screen.status).toBe(200);
    const roundId = /<option value="([0-9a-f-]{36})"[^>]*>2090-2091:/.exec(await screen.text())?.[1];
    expect(roundId).toBeDefined();

    const path = `/api/membership-rounds/${roundId}/applications`;
    const body = { name: "Api Applicant", batch: 12, photoURL: "https://example.org/a.png" };
    expect((await post(path, body)).status).toBe(401);
    expect((await post(path, { ...body, photoURL: "ftp://x" }, { cookie: applicantCookie })).status).toBe(400);
    const applied = await post(path, body, { cookie: applicantCookie });
    expect(applied.status).toBe(201);
    const { insertedId } = await applied.json();
    const twice = await post(path, body, { cookie: applicantCookie });
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe("You have already applied in this round.");
    expect(
      (
        await post("/api/membership-rounds/00000000-0000-4000-8000-000000000000/applications", body, {
          cookie: applicantCookie,
        })
      ).status,
    ).toBe(404);

    expect((await call(path, { cookie: applicantCookie })).status).toBe(403);
    const listed = await call(`${path}?status=pending&batch=12`, { cookie: adminCookie });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject([{ _id: insertedId, email: APPLICANT.email, status: "pending" }]);

    const decide = (decision: string, cookie: string) =>
      post(`/api/membership-applications/${insertedId}/${decision}`, { reason: "Welcome" }, { cookie });
    expect((await decide("approve", applicantCookie)).status).toBe(403);
    expect((await decide("maybe", adminCookie)).status).toBe(404);
    const approved = await decide("approve", adminCookie);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ modifiedCount: 1 });
    expect((await decide("reject", adminCookie)).status).toBe(404);
    const profile = await call("/api/members/me", { cookie: applicantCookie });
    expect(await profile.json()).toMatchObject({ name: "Api Applicant", batch: 12, session: "2090-2091" });
  });
});
