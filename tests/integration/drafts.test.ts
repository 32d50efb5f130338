import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventPagePath } from "~/content/events";
import { localDateTimeIn } from "~/lib/zoned-time";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Drafts and scheduled items through the HTTP API and pages of the production build (`npm run
 * build`), on PGlite or on TEST_DATABASE_URL's server: kept from every public read, previewed by
 * admins only, refused with the field named when the schedule is wrong. What the publisher job
 * and the announcer do at publish time is scheduled-publishing.test.ts.
 */
const ADMIN = { name: "Drafts Admin", email: "drafts-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Drafts Member", email: "drafts-member@example.org", password: "member-password-1" };
const link = "https://example.org/file.pdf";

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
let memberCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

/** A time on the club's clocks `minutes` from now, as the form and the API take it. */
const clubTime = (minutes: number) => localDateTimeIn(new Date(Date.now() + minutes * 60_000), "Asia/Dhaka");

/** One valid body per collection, its API paths and what its public reads are. */
const kinds = {
  notices: {
    list: "all-notice",
    add: "add-notice",
    item: "notices",
    read: "all-notice",
    body: (name: string) => ({ name, publishing_date: "2099-03-04", pdfFile: link, description: `About ${name}` }),
  },
  events: {
    list: "all-events",
    add: "add-event",
    item: "event",
    read: "events",
    body: (name: string) => ({
      eventType: "Seminar",
      name,
      starts_on: "2099-03-05",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "2 Hours",
      details: `About ${name}`,
    }),
  },
  results: {
    list: "results",
    add: "add-result",
    item: "results",
    read: "results",
    body: (name: string) => ({ name, publishing_date: "2099-03-06", pdfFile: link, description: `About ${name}` }),
  },
  "recent-events": {
    list: "recent-events",
    add: "add-recent-event",
    item: "recent-events",
    read: "recentEvents.JSON",
    body: (name: string) => ({ name, img1: link, details: `About ${name}`, img2: link, img3: link }),
  },
} as const;

type Kind = keyof typeof kinds;
const kindNames = Object.keys(kinds) as Kind[];

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  memberCookie = await signUp(MEMBER);
}, 120_000);

afterAll(() => running?.close());

async function add(kind: Kind, body: object): Promise<string> {
  const response = await call(`/api/${kinds[kind].add}`, { method: "POST", body, cookie: adminCookie });
  expect(response.status, `${kind} ${JSON.stringify(body)}`).toBe(201);
  return (await response.json()).insertedId;
}

const adminRecord = async (kind: Kind, id: string) =>
  (await call(`/api/${kinds[kind].item}/${id}`, { cookie: adminCookie })).json();

/** Every anonymous public read an item of this kind could show up in (pages, API, feeds, sitemap). */
async function publicText(kind: Kind): Promise<string> {
  const paths = [`/api/${kinds[kind].read}`, "/", "/sitemap.xml"];
  if (kind === "notices") paths.push("/notice", "/feeds/notices.xml");
  if (kind === "events") paths.push("/events/seminar", "/feeds/events.xml", "/feeds/events.ics");
  if (kind === "results") paths.push("/results", "/feeds/results.xml");
  const texts = await Promise.all(paths.map(async (path) => (await call(path)).text()));
  return texts.join("\n");
}

/** The item's own public page, when it has one. */
async function ownPagePath(kind: Kind, id: string): Promise<string | undefined> {
  const record = await adminRecord(kind, id);
  if (kind === "notices") return `/notice/${record.slug}`;
  if (kind === "events") return eventPagePath(record);
  if (kind === "recent-events") return `/details/${id}`;
  return undefined;
}

describe("a draft", () => {
  it.each(kindNames)("of %s is in no public page, API read, feed or sitemap until it is published", async (kind) => {
    const name = `Secret ${kind} draft`;
    const id = await add(kind, { ...kinds[kind].body(name), status: "draft" });
    expect(await adminRecord(kind, id)).toMatchObject({ _id: id, status: "draft", publish_at: null });
    expect(await publicText(kind)).not.toContain(name);
    const page = await ownPagePath(kind, id);
    if (page) expect((await call(page)).status, page).toBe(404);

    // Published by an edit: every cached list shows it at once.
    const put = await call(`/api/${kinds[kind].item}/${id}`, {
      method: "PUT",
      cookie: adminCookie,
      body: { ...kinds[kind].body(name), status: "published" },
    });
    expect(await put.json()).toEqual({ modifiedCount: 1 });
    expect(await publicText(kind)).toContain(name);
    if (page) expect((await call(page)).status, page).toBe(200);
  });

  it("is listed in the dashboard with its status, and its edit form links its preview", async () => {
    const id = await add("notices", { ...kinds.notices.body("Listed draft"), status: "draft" });
    const scheduledId = await add("notices", {
      ...kinds.notices.body("Listed schedule"),
      status: "scheduled",
      publish_at: "2099-01-02T09:30",
    });
    expect(await adminRecord("notices", scheduledId)).toMatchObject({
      status: "scheduled",
      publish_at: "2099-01-02T09:30:00+06:00",
    });
    const list = await (await call("/dashboard/all-notice?q=Listed", { cookie: adminCookie })).text();
    expect(list).toContain("Draft");
    expect(list).toContain("Scheduled for 2 January 2099, 9:30 AM");
    const form = await (await call(`/dashboard/notices/${id}/edit`, { cookie: adminCookie })).text();
    expect(form).toContain(`href="/dashboard/preview/notices/${id}"`);
    expect(form).toContain("Save as draft");
  });

  it("keeps existing clients working: no publishing fields means published, and an edit without them changes nothing", async () => {
    const id = await add("notices", kinds.notices.body("Plain client notice"));
    expect(await adminRecord("notices", id)).toMatchObject({ status: "published", publish_at: null });
    const draftId = await add("notices", { ...kinds.notices.body("Plain edit draft"), status: "draft" });
    await call(`/api/notices/${draftId}`, {
      method: "PUT",
      cookie: adminCookie,
      body: kinds.notices.body("Plain edit draft, renamed"),
    });
    expect(await adminRecord("notices", draftId)).toMatchObject({ name: "Plain edit draft, renamed", status: "draft" });
    // Public reads answer the records they always did.
    const notices = (await (await call("/api/all-notice")).json()) as Record<string, unknown>[];
    expect(notices.find((notice) => notice._id === id)).not.toHaveProperty("status");
  });
});

describe("the preview", () => {
  it.each(kindNames)("of a %s draft shows it to an admin, 403 to a General user, login to visitors", async (kind) => {
    const name = `Previewed ${kind}`;
    const id = await add(kind, { ...kinds[kind].body(name), status: "draft" });
    const path = `/dashboard/preview/${kind}/${id}`;
    const admin = await call(path, { cookie: adminCookie });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("cache-control")).toContain("no-store");
    expect(admin.headers.get("x-robots-tag")).toBe("noindex");
    const html = await admin.text();
    expect(html).toContain(name);
    expect(html).toContain('content="noindex"');
    expect(html).toContain("visitors cannot see this yet");
    expect((await call(path, { cookie: memberCookie })).status).toBe(403);
    const anonymous = await call(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("is not found for an unknown item or collection", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await call(`/dashboard/preview/notices/${unknown}`, { cookie: adminCookie })).status).toBe(404);
    expect((await call(`/dashboard/preview/students/${unknown}`, { cookie: adminCookie })).status).toBe(404);
  });
});

describe("a bad schedule", () => {
  it.each(kindNames)("is refused for %s with the field named, saving nothing", async (kind) => {
    const body = kinds[kind].body(`Refused ${kind}`);
    const cases = [
      { extra: { status: "scheduled" }, field: "publish_at", message: "Publish at is required to schedule" },
      {
        extra: { status: "scheduled", publish_at: clubTime(-5) },
        field: "publish_at",
        message: "Publish at must be in the future to schedule",
      },
      { extra: { publish_at: "2020-01-01T10:00" }, field: "publish_at", message: "must be in the future" },
      { extra: { status: "scheduled", publish_at: "next week" }, field: "publish_at", message: "must be a date" },
      { extra: { status: "someday" }, field: "status", message: "Publishing must be one of" },
      {
        extra: { status: "published", publish_at: clubTime(60) },
        field: "publish_at",
        message: "Publish at is only for Schedule",
      },
    ];
    for (const { extra, field, message } of cases) {
      const response = await call(`/api/${kinds[kind].add}`, {
        method: "POST",
        cookie: adminCookie,
        body: { ...body, ...extra },
      });
      expect(response.status, JSON.stringify(extra)).toBe(400);
      const answer = await response.json();
      expect(Object.keys(answer.errors), JSON.stringify(extra)).toEqual([field]);
      expect(answer.errors[field]).toContain(message);
    }
    const listed = await (await call(`/dashboard/${kinds[kind].list}?q=Refused`, { cookie: adminCookie })).text();
    expect(listed).not.toContain(`Refused ${kind}`);
  });

  it("takes an instant with its offset, and answers it on the club's clocks with their offset", async () => {
    const id = await add("results", {
      ...kinds.results.body("Offset result"),
      status: "scheduled",
      publish_at: "2099-05-01T04:00:00Z",
    });
    expect(await adminRecord("results", id)).toMatchObject({
      status: "scheduled",
      publish_at: "2099-05-01T10:00:00+06:00",
    });
  });
});
