import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * The role matrix (admin, editor, check-in, General) on every kind of call and dashboard page,
 * and the audit log it all writes, against the production build (`npm run build`) on PGlite,
 * or on the TEST_DATABASE_URL server when it is set.
 */
const PASSWORD = "role-matrix-password-1";
const people = {
  admin: { name: "Matrix Admin", email: "matrix-admin@example.org", password: PASSWORD },
  editor: { name: "Matrix Editor", email: "matrix-editor@example.org", password: PASSWORD },
  checkIn: { name: "Matrix Door", email: "matrix-door@example.org", password: PASSWORD },
  general: { name: "Matrix Member", email: "matrix-member@example.org", password: PASSWORD },
};
type Who = keyof typeof people;

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
const cookies: Record<Who, string> = { admin: "", editor: "", checkIn: "", general: "" };
const { call, signUp } = httpClient(() => server.baseUrl);
let eventId = "";

const setRole = (email: string, role: string, cookie = cookies.admin) =>
  call(`/api/users/${email}`, { method: "PUT", cookie, body: { role } });

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: people.admin.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  for (const who of Object.keys(people) as Who[]) cookies[who] = await signUp(people[who]);
  expect((await setRole(people.editor.email, "editor")).status).toBe(200);
  expect((await setRole(people.checkIn.email, "check-in")).status).toBe(200);
  const event = await call("/api/add-event", {
    method: "POST",
    cookie: cookies.admin,
    body: {
      eventType: "WorkShop",
      name: "Matrix workshop",
      starts_on: "2099-03-01",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "2 Hours",
      details: "Bring a laptop.",
    },
  });
  expect(event.status).toBe(201);
  eventId = ((await event.json()) as { insertedId: string }).insertedId;
}, 120_000);

afterAll(() => running?.close());

interface Check {
  method: string;
  path: () => string;
  body?: unknown;
  allowed: readonly Who[];
}

// Allowed callers may still get a 4xx for the body (400, 404): what matters is that it is not 401 or 403.
const apiMatrix: Check[] = [
  { method: "GET", path: () => "/api/users", allowed: ["admin"] },
  { method: "PUT", path: () => `/api/users/${people.general.email}`, body: { role: "general" }, allowed: ["admin"] },
  { method: "GET", path: () => "/api/audit", allowed: ["admin"] },
  { method: "GET", path: () => "/api/review", allowed: ["admin", "editor"] },
  { method: "POST", path: () => "/api/add-teacher", body: {}, allowed: ["admin", "editor"] },
  { method: "PUT", path: () => `/api/event/${eventId}`, body: {}, allowed: ["admin", "editor"] },
  { method: "POST", path: () => "/api/standings/import", body: {}, allowed: ["admin", "editor"] },
  { method: "POST", path: () => `/api/events/${eventId}/certificates`, allowed: ["admin", "editor"] },
  { method: "GET", path: () => `/api/events/${eventId}/registrations`, allowed: ["admin", "editor", "checkIn"] },
  {
    method: "POST",
    path: () => `/api/events/${eventId}/check-ins`,
    body: { check_ins: [] },
    allowed: ["admin", "editor", "checkIn"],
  },
];

const pageMatrix: { path: string; allowed: readonly Who[] }[] = [
  { path: "/dashboard/users", allowed: ["admin"] },
  { path: "/dashboard/make-admin", allowed: ["admin"] },
  { path: "/dashboard/api-tokens", allowed: ["admin"] },
  { path: "/dashboard/audit", allowed: ["admin"] },
  { path: "/dashboard/webhooks", allowed: ["admin"] },
  { path: "/dashboard/all-notice", allowed: ["admin", "editor"] },
  { path: "/dashboard/add-notice", allowed: ["admin", "editor"] },
  { path: "/dashboard/review", allowed: ["admin", "editor"] },
  { path: "/dashboard/standings", allowed: ["admin", "editor"] },
  { path: "/dashboard/check-in", allowed: ["admin", "editor", "checkIn"] },
];

describe("the role matrix", () => {
  it("answers each API call with 401 anonymous and 403 for a role without the permission", async () => {
    for (const check of apiMatrix) {
      const anonymous = await call(check.path(), { method: check.method, body: check.body });
      expect(anonymous.status, `${check.method} ${check.path()} anonymous`).toBe(401);
      for (const who of Object.keys(people) as Who[]) {
        const response = await call(check.path(), { method: check.method, body: check.body, cookie: cookies[who] });
        const label = `${check.method} ${check.path()} as ${who}`;
        if (check.allowed.includes(who)) expect([401, 403], label).not.toContain(response.status);
        else expect(response.status, label).toBe(403);
      }
    }
  });

  it("shows each dashboard screen only to the roles that may use it, and their menu lists only those", async () => {
    for (const { path, allowed } of pageMatrix) {
      for (const who of Object.keys(people) as Who[]) {
        const response = await call(path, { cookie: cookies[who] });
        expect(response.status, `${path} as ${who}`).toBe(allowed.includes(who) ? 200 : 403);
        const html = await response.text();
        if (allowed.includes(who)) expect(html, `${path} in ${who}'s menu`).toContain(`href="${path}"`);
      }
    }
    const editorMenu = await (await call("/dashboard", { cookie: cookies.editor })).text();
    expect(editorMenu).toContain('href="/dashboard/all-notice"');
    expect(editorMenu).not.toContain('href="/dashboard/users"');
    expect(editorMenu).not.toContain('href="/dashboard/api-tokens"');
    const doorMenu = await (await call("/dashboard", { cookie: cookies.checkIn })).text();
    expect(doorMenu).toContain('href="/dashboard/check-in"');
    expect(doorMenu).not.toContain('href="/dashboard/all-notice"');
  });

  it("refuses an editor's page actions on users and tokens, and lets an editor add a notice at once", async () => {
    const makeAdmin = await call("/dashboard/make-admin", {
      method: "POST",
      cookie: cookies.editor,
      form: { email: people.editor.email, confirmed: "yes" },
    });
    expect(makeAdmin.status).toBe(403);
    const token = await call("/dashboard/api-tokens", {
      method: "POST",
      cookie: cookies.editor,
      form: { intent: "create", name: "sneaky" },
    });
    expect(token.status).toBe(403);
    const notice = await call("/api/add-notice", {
      method: "POST",
      cookie: cookies.editor,
      body: { name: "Editor notice", publishing_date: "2099-01-02", pdfFile: "/media/n.pdf", description: "Text" },
    });
    expect(notice.status).toBe(201);
    expect(await (await call("/notice")).text()).toContain("Editor notice");
  });

  it("never demotes the last admin, and an unknown role is refused by name", async () => {
    const demote = await setRole(people.admin.email, "editor");
    expect(demote.status).toBe(409);
    expect(await demote.json()).toEqual({ message: expect.stringContaining("last admin") });
    const unknown = await setRole(people.general.email, "owner");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors).toEqual({ role: expect.any(String) });
    const me = await call(`/api/users/${people.editor.email}`, { cookie: cookies.admin });
    expect(await me.json()).toMatchObject({ role: "editor" });
  });
});

interface AuditEntry {
  actorEmail: string;
  ip: string;
  action: string;
  entity: string;
  entityId: string;
  label: string;
  before: unknown;
  after: unknown;
}

async function auditEntries(query: string): Promise<AuditEntry[]> {
  const response = await call(`/api/audit?${query}`, { cookie: cookies.admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: AuditEntry[] }).entries;
}

describe("the audit log", () => {
  it("records who created, changed and deleted a record, from where, with before and after", async () => {
    const created = await call("/api/add-teacher", {
      method: "POST",
      cookie: cookies.editor,
      ip: "203.0.113.77",
      body: {
        name: "Audited Teacher",
        designation: "Lecturer",
        email: "audited@example.org",
        photoURL: "/media/t.png",
        joinDate: "2020-01-01",
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = ((await created.json()) as { insertedId: string }).insertedId;
    const body = {
      name: "Audited Teacher",
      designation: "Professor",
      email: "audited@example.org",
      photoURL: "/media/t.png",
      joinDate: "2020-01-01",
    };
    expect((await call(`/api/teachers/${id}`, { method: "PUT", cookie: cookies.editor, body })).status).toBe(200);
    expect((await call(`/api/teachers/${id}`, { method: "DELETE", cookie: cookies.admin })).status).toBe(200);

    const entries = await auditEntries("entity=teachers");
    const ofTeacher = entries.filter((entry) => entry.entityId === id);
    expect(ofTeacher.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["delete", people.admin.email],
      ["update", people.editor.email],
      ["create", people.editor.email],
    ]);
    const [deleted, updated, added] = ofTeacher;
    expect(added).toMatchObject({ ip: "203.0.113.77", label: "Audited Teacher", before: null });
    expect(updated).toMatchObject({ before: { designation: "Lecturer" }, after: { designation: "Professor" } });
    expect(deleted).toMatchObject({ before: expect.objectContaining({ designation: "Professor" }), after: null });
  });

  it("records role changes and failed sign-ins to accounts with a role, not to General ones", async () => {
    const roleChanges = await auditEntries("action=role-change");
    expect(roleChanges).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorEmail: people.admin.email,
          label: people.editor.email,
          before: { role: "General" },
          after: { role: "Editor" },
        }),
      ]),
    );
    for (const email of [people.admin.email, people.general.email]) {
      const failed = await call("/api/auth/sign-in/email", {
        method: "POST",
        body: { email, password: "wrong-one-9" },
      });
      expect(failed.status).toBe(401);
    }
    const failures = await auditEntries("action=sign-in-failed");
    expect(failures.map((entry) => entry.label)).toEqual([people.admin.email]);
  });

  it("records a settings change with the fields before and after", async () => {
    const renamed = await call("/api/settings", {
      method: "PUT",
      cookie: cookies.admin,
      body: { motto: "Audited motto" },
    });
    expect(renamed.status).toBe(200);
    const [entry] = await auditEntries("action=settings-change");
    expect(entry).toMatchObject({
      actorEmail: people.admin.email,
      entity: "settings",
      before: { motto: expect.any(String) },
      after: { motto: "Audited motto" },
    });
  });

  it("filters by person, entity, action and date, names a bad filter, and exports the view as CSV", async () => {
    const byEditor = await auditEntries(`person=${encodeURIComponent("matrix-editor")}`);
    expect(byEditor.length).toBeGreaterThan(0);
    expect(byEditor.every((entry) => entry.actorEmail === people.editor.email)).toBe(true);
    expect(await auditEntries("from=2000-01-01&to=2000-12-31")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditEntries(`from=${today}&action=create`)).length).toBeGreaterThan(0);

    const bad = await call("/api/audit?from=yesterday&action=steal", { cookie: cookies.admin });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["action", "from"]);
    const page = await call("/dashboard/audit?from=yesterday", { cookie: cookies.admin });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("From: enter a date as YYYY-MM-DD");

    const csv = await call("/dashboard/audit.csv?entity=teachers", { cookie: cookies.admin });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe("at,person,address,action,entity,entity_id,label,before,after");
    expect(lines.slice(1).every((line) => line.includes(",teachers,"))).toBe(true);
    expect((await call("/dashboard/audit.csv", { cookie: cookies.editor })).status).toBe(403);
  });

  it("offers no way to change or remove an entry", async () => {
    for (const method of ["PUT", "DELETE", "POST"]) {
      const response = await call("/api/audit", { method, cookie: cookies.admin, body: {} });
      expect(response.status, method).toBe(405);
    }
  });
});
