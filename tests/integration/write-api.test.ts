import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * The write API, the review queue and the public forms against the production build
 * (`BUILD_DIR=… npm run build`), on PGlite or on TEST_DATABASE_URL's server.
 */
const ADMIN = { name: "Write Admin", email: "write-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Write Member", email: "write-member@example.org", password: "member-password-1" };
const FORM_LIMIT = 3;

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
let memberCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

const link = "https://example.org/file.pdf";

/** A valid body per collection, by the API paths that take it. */
const collections = [
  {
    add: "add-event",
    item: "event",
    valid: {
      eventType: "Seminar",
      name: "API seminar",
      starts_on: "2099-01-01",
      starts_at: "10:00",
      problem_number: 3,
      contest_duration: "2 Hours",
      details: "Details",
    },
    required: ["eventType", "name", "starts_at", "problem_number", "contest_duration", "details"],
    optional: ["starts_on"],
    invalid: [
      { field: "eventType", value: "Select One" },
      { field: "starts_on", value: "2021-02-30" },
      { field: "starts_at", value: "25:00" },
      { field: "problem_number", value: "many" },
      { field: "problem_number", value: -1 },
    ],
  },
  {
    add: "add-notice",
    item: "notices",
    valid: { name: "API notice", publishing_date: "2099-01-02", pdfFile: "/media/notice.pdf", description: "Text" },
    required: ["name", "publishing_date", "pdfFile", "description"],
    optional: [],
    invalid: [
      { field: "publishing_date", value: "02/01/2099" },
      { field: "pdfFile", value: "javascript:alert(1)" },
      { field: "pdfFile", value: "/media/../secret" },
      { field: "name", value: "   " },
    ],
  },
  {
    add: "add-student",
    item: "students",
    valid: { name: "API student", batch: 5, email: "s@example.org", photoURL: link, session: "2020-2021" },
    required: ["name", "email", "photoURL"],
    optional: ["batch", "session"],
    invalid: [
      { field: "email", value: "not-an-email" },
      { field: "session", value: "2020-20210" },
      { field: "photoURL", value: "javascript:alert(1)" },
      { field: "photoURL", value: "data:image/png;base64,AAAA" },
      { field: "batch", value: 1.5 },
    ],
  },
  {
    add: "add-teacher",
    item: "teachers",
    valid: {
      name: "API teacher",
      designation: "Lecturer",
      email: "t@example.org",
      photoURL: link,
      joinDate: "2020-01-01",
    },
    required: ["name", "designation", "email", "photoURL", "joinDate"],
    optional: ["details"],
    invalid: [
      { field: "email", value: "t@" },
      { field: "joinDate", value: "yesterday" },
      { field: "photoURL", value: "javascript:alert(1)" },
      { field: "photoURL", value: "ftp://example.org/a.png" },
    ],
  },
  {
    add: "add-executive",
    item: "executives",
    valid: {
      name: "API executive",
      title: "Mr",
      designation: "Finance Secretary",
      email: "e@example.org",
      photoURL: link,
      panel: "2020-2021",
    },
    required: ["name", "designation", "email", "photoURL", "panel"],
    optional: ["title"],
    invalid: [
      { field: "panel", value: "2020-20210" },
      { field: "email", value: "e.example.org" },
      { field: "photoURL", value: "javascript:alert(1)" },
    ],
  },
  {
    add: "add-result",
    item: "results",
    valid: { name: "API result", publishing_date: "2099-01-03", pdfFile: link, description: "Final" },
    required: ["name", "publishing_date", "pdfFile"],
    optional: ["description", "img"],
    invalid: [
      { field: "pdfFile", value: "javascript:alert(1)" },
      { field: "img", value: "javascript:alert(1)" },
      { field: "publishing_date", value: "2099-13-01" },
    ],
  },
  {
    add: "add-recent-event",
    item: "recent-events",
    valid: { name: "API recent", img1: link, details: "What", img2: link, img3: link, details1: "More" },
    required: ["name", "img1", "details", "img2", "img3"],
    optional: ["details1", "details2"],
    invalid: [
      { field: "img1", value: "javascript:alert(1)" },
      { field: "img3", value: "JAVASCRIPT:alert(1)" },
    ],
  },
] as const;

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    AUTH_RATE_LIMIT_MAX: "1000",
    PUBLIC_FORM_RATE_LIMIT_MAX: String(FORM_LIMIT),
  });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  memberCookie = await signUp(MEMBER);
}, 120_000);

afterAll(() => running?.close());

async function addAsAdmin(path: string, body: unknown): Promise<string> {
  const response = await call(`/api/${path}`, { method: "POST", body, cookie: adminCookie });
  expect(response.status).toBe(201);
  const answer = await response.json();
  expect(answer).toEqual({ acknowledged: true, insertedId: expect.any(String) });
  return answer.insertedId;
}

async function pendingNoticeId(name: string): Promise<string> {
  const queue = await (await call("/api/review", { cookie: adminCookie })).json();
  const notice = queue.notices.find((candidate: { name: string }) => candidate.name === name);
  expect(notice).toBeDefined();
  return notice._id;
}

function submitNotice(name: string, extra: Record<string, string> = {}, ip?: string) {
  return call("/notice-form", {
    method: "POST",
    ip,
    form: { name, publishing_date: "2099-06-01", pdfFile: link, description: "From a visitor", ...extra },
  });
}

describe("authorization: every write route and admin read", () => {
  interface Route {
    method: string;
    path: string;
    body?: unknown;
  }

  /** The routes with real targets, so the admin's call succeeds; deletes last. */
  async function routes(): Promise<Route[]> {
    const list: Route[] = [
      { method: "GET", path: "/api/users" },
      { method: "GET", path: "/api/review" },
      { method: "POST", path: "/api/users/make-admin", body: { email: "nobody@example.org" } },
      { method: "POST", path: "/api/users/revoke-admin", body: { email: "nobody@example.org" } },
    ];
    const deletes: Route[] = [];
    for (const collection of collections) {
      const id = await addAsAdmin(collection.add, collection.valid);
      // A visitor's notice goes to the review queue (tested below), so it is no refusal.
      if (collection.add !== "add-notice")
        list.push({ method: "POST", path: `/api/${collection.add}`, body: collection.valid });
      list.push(
        { method: "GET", path: `/api/${collection.item}/${id}` },
        { method: "PUT", path: `/api/${collection.item}/${id}`, body: collection.valid },
      );
      deletes.push({ method: "DELETE", path: `/api/${collection.item}/${id}` });
    }
    const approved = "Matrix approved";
    const rejected = "Matrix rejected";
    expect((await submitNotice(approved)).status).toBe(200);
    expect((await submitNotice(rejected)).status).toBe(200);
    list.push(
      { method: "POST", path: `/api/review/notices/${await pendingNoticeId(approved)}/approve` },
      { method: "POST", path: `/api/review/notices/${await pendingNoticeId(rejected)}/reject` },
    );
    return [...list, ...deletes];
  }

  it("sends a notice posted to /api/add-notice without an admin session to the review queue", async () => {
    const names = ["Client notice anonymous", "Client notice General"];
    for (const [index, cookie] of ["", memberCookie].entries()) {
      const body = {
        name: names[index],
        publishing_date: "2099-02-03",
        pdfFile: link,
        description: "From the spec's client",
      };
      const response = await call("/api/add-notice", { method: "POST", body, cookie });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    }
    const published = (await (await call("/api/all-notice")).json()) as { name: string }[];
    expect(published.filter((notice) => names.includes(notice.name))).toEqual([]);
    for (const name of names) expect(await pendingNoticeId(name)).toEqual(expect.any(String));
  });

  it("answers 401 anonymous, 403 General and 2xx for an admin", async () => {
    const all = await routes();
    expect(all.length).toBe(4 + collections.length * 4 - 1 + 2);
    for (const route of all) {
      const what = `${route.method} ${route.path}`;
      const anonymous = await call(route.path, { method: route.method, body: route.body });
      expect(anonymous.status, `${what} anonymous`).toBe(401);
      expect(await anonymous.json(), what).toEqual({ message: expect.any(String) });
      const general = await call(route.path, { method: route.method, body: route.body, cookie: memberCookie });
      expect(general.status, `${what} General`).toBe(403);
      const admin = await call(route.path, { method: route.method, body: route.body, cookie: adminCookie });
      expect(admin.status, `${what} admin`).toBeGreaterThanOrEqual(200);
      expect(admin.status, `${what} admin`).toBeLessThan(300);
    }
  });

  it("also guards the dashboard pages: login redirect for visitors, 403 for General users", async () => {
    for (const path of ["/dashboard/all-events", "/dashboard/add-notice", "/dashboard/review"]) {
      const anonymous = await call(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      expect((await call(path, { cookie: memberCookie })).status).toBe(403);
      expect((await call(path, { cookie: adminCookie })).status).toBe(200);
      const post = await call(path, { method: "POST", form: { id: "x" }, cookie: memberCookie });
      expect(post.status).toBe(403);
    }
  });
});

describe("validation", () => {
  for (const collection of collections) {
    describe(`POST /api/${collection.add} and PUT /api/${collection.item}/{id}`, () => {
      it("names every missing required field, and takes the optional ones as absent", async () => {
        const response = await call(`/api/${collection.add}`, { method: "POST", body: {}, cookie: adminCookie });
        expect(response.status).toBe(400);
        const answer = await response.json();
        expect(answer.message).toEqual(expect.any(String));
        expect(Object.keys(answer.errors).sort()).toEqual([...collection.required].sort());
        for (const field of collection.required) expect(answer.errors[field]).toMatch(/\w/);

        const withoutOptional = Object.fromEntries(
          Object.entries(collection.valid).filter(
            ([field]) => !(collection.optional as readonly string[]).includes(field),
          ),
        );
        await addAsAdmin(collection.add, withoutOptional);
      });

      it.each(collection.invalid.map((rule) => [rule.field, rule.value] as const))(
        "rejects %s = %j naming the field",
        async (field, value) => {
          const body = { ...collection.valid, [field]: value };
          for (const [method, path] of [
            ["POST", `/api/${collection.add}`],
            ["PUT", `/api/${collection.item}/${await addAsAdmin(collection.add, collection.valid)}`],
          ] as const) {
            const response = await call(path, { method, body, cookie: adminCookie });
            expect(response.status, `${method} ${path}`).toBe(400);
            expect(Object.keys((await response.json()).errors)).toEqual([field]);
          }
        },
      );

      it("answers 400 to malformed JSON and 404 to an unknown id", async () => {
        const malformed = await call(`/api/${collection.add}`, { method: "POST", body: "{name:", cookie: adminCookie });
        expect(malformed.status).toBe(400);
        expect(await malformed.json()).toEqual({ message: expect.any(String) });
        const array = await call(`/api/${collection.add}`, { method: "POST", body: [], cookie: adminCookie });
        expect(array.status).toBe(400);

        const unknown = "00000000-0000-4000-8000-000000000000";
        const put = await call(`/api/${collection.item}/${unknown}`, {
          method: "PUT",
          body: collection.valid,
          cookie: adminCookie,
        });
        expect(put.status).toBe(404);
        // The spec's contract (section 8): 200 with deletedCount 0 and a message.
        for (const id of ["not-a-uuid", unknown]) {
          const removed = await call(`/api/${collection.item}/${id}`, { method: "DELETE", cookie: adminCookie });
          expect(removed.status, id).toBe(200);
          expect(await removed.json()).toEqual({ deletedCount: 0, message: expect.any(String) });
        }
        expect((await call(`/api/${collection.item}/${unknown}`, { cookie: adminCookie })).status).toBe(404);
      });
    });
  }

  it("edits and deletes for real: modifiedCount and deletedCount", async () => {
    const id = await addAsAdmin("add-notice", { ...collections[1].valid, name: "Before edit" });
    const put = await call(`/api/notices/${id}`, {
      method: "PUT",
      cookie: adminCookie,
      body: { ...collections[1].valid, name: "After edit", publishing_date: "2099-07-09", chrMonth: "JAN", day: "01" },
    });
    expect(await put.json()).toEqual({ modifiedCount: 1 });
    const stored = await (await call(`/api/notices/${id}`, { cookie: adminCookie })).json();
    // The server derives month, day and slug; what the client sent for them is ignored.
    expect(stored).toMatchObject({ name: "After edit", chrMonth: "JUL", day: "09", slug: "after-edit" });
    const removed = await call(`/api/notices/${id}`, { method: "DELETE", cookie: adminCookie });
    expect(await removed.json()).toEqual({ deletedCount: 1 });
    expect((await call(`/api/notices/${id}`, { cookie: adminCookie })).status).toBe(404);
  });
});

describe("public forms and the review queue", () => {
  it("keeps a submission invisible until an admin approves it", async () => {
    const name = "Visitor notice invisible";
    const page = await submitNotice(name);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Notice successfully added.");
    const isPublic = async () =>
      (await (await call("/api/all-notice")).json()).some((notice: { name: string }) => notice.name === name);
    expect(await isPublic()).toBe(false);
    expect((await call("/notice/visitor-notice-invisible")).status).toBe(404);

    const id = await pendingNoticeId(name);
    const approve = await call(`/api/review/notices/${id}/approve`, { method: "POST", cookie: adminCookie });
    expect(await approve.json()).toEqual({ modifiedCount: 1 });
    expect(await isPublic()).toBe(true);
    expect((await call("/notice/visitor-notice-invisible")).status).toBe(200);
    // Approved once; there is nothing left to approve or reject.
    expect((await call(`/api/review/notices/${id}/approve`, { method: "POST", cookie: adminCookie })).status).toBe(404);
    expect((await call(`/api/review/notices/${id}/reject`, { method: "POST", cookie: adminCookie })).status).toBe(404);
  });

  it("takes results through POST /api/products-collection and removes rejected ones", async () => {
    const body = { name: "Visitor result", "publishing-date": "2099-06-02", img: link, pdfLink: link };
    const response = await call("/api/products-collection", { method: "POST", body });
    expect(response.status).toBe(201);
    const { insertedId } = await response.json();
    const results = async () => (await (await call("/api/results")).json()) as { _id: string }[];
    expect((await results()).some((result) => result._id === insertedId)).toBe(false);
    const reject = await call(`/api/review/results/${insertedId}/reject`, { method: "POST", cookie: adminCookie });
    expect(await reject.json()).toEqual({ deletedCount: 1 });
    expect((await call(`/api/results/${insertedId}`, { cookie: adminCookie })).status).toBe(404);

    const invalid = await call("/api/products-collection", {
      method: "POST",
      body: { ...body, pdfLink: "javascript:x" },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await invalid.json()).errors)).toEqual(["pdfLink"]);
    expect((await call("/api/products-collection", { method: "POST", body: "{" })).status).toBe(400);
  });

  it("refuses a submission whose honeypot is filled in, storing nothing", async () => {
    const page = await submitNotice("Bot notice", { website: "https://spam.example" });
    expect(page.status).toBe(400);
    const api = await call("/api/products-collection", {
      method: "POST",
      body: { name: "Bot result", "publishing-date": "2099-06-02", img: link, pdfLink: link, website: "x" },
    });
    expect(api.status).toBe(400);
    const queue = await (await call("/api/review", { cookie: adminCookie })).json();
    const names = [...queue.notices, ...queue.results].map((item: { name: string }) => item.name);
    expect(names).not.toContain("Bot notice");
    expect(names).not.toContain("Bot result");
  });

  it("names the bad fields of a public form and keeps what was typed", async () => {
    const page = await submitNotice("Bad link", { pdfFile: "javascript:alert(1)" });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("PDF link must be an http(s) link");
    expect(html).toContain('value="Bad link"');
  });

  it("answers 429 once a client used up its submissions, per client and across both forms", async () => {
    const ip = "10.9.9.9";
    for (let attempt = 0; attempt < FORM_LIMIT - 1; attempt++) {
      expect((await submitNotice(`Limited ${attempt}`, {}, ip)).status).toBe(200);
    }
    const viaApi = await call("/api/products-collection", {
      method: "POST",
      ip,
      body: { name: "Limited result", "publishing-date": "2099-06-02", img: link, pdfLink: link },
    });
    expect(viaApi.status).toBe(201);
    const limited = await submitNotice("One too many", {}, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const limitedApi = await call("/api/products-collection", { method: "POST", ip, body: {} });
    expect(limitedApi.status).toBe(429);
    expect(await limitedApi.json()).toEqual({ message: expect.any(String) });
    expect((await submitNotice("Another client", {}, "10.9.9.10")).status).toBe(200);
  });
});

describe("GET /api/openapi.json", () => {
  it("describes every write, review and user route with the input schemas", async () => {
    const document = await (await call("/api/openapi.json")).json();
    expect(document.openapi).toBe("3.1.0");
    for (const collection of collections) {
      expect(document.paths[`/api/${collection.add}`].post.requestBody).toBeDefined();
      expect(Object.keys(document.paths[`/api/${collection.item}/{id}`])).toEqual(
        expect.arrayContaining(["get", "put", "delete"]),
      );
    }
    for (const path of ["/api/users", "/api/review", "/api/users/make-admin", "/api/products-collection"]) {
      expect(document.paths[path], path).toBeDefined();
    }
    const body = (path: string, method = "post") =>
      document.paths[path][method].requestBody.content["application/json"].schema;
    expect(body("/api/add-student").required).toEqual(["name", "email", "photoURL"]);
    expect(body("/api/add-event").properties.eventType.enum).not.toContain("Select One");
    // What the reads answer, as they answer it: a notice's derived fields, a recent event's `id`.
    const listed = (path: string) => document.paths[path].get.responses["200"].content["application/json"].schema;
    expect(listed("/api/all-notice").items).toEqual({ $ref: "#/components/schemas/Notice" });
    expect(document.components.schemas.Notice.required).toEqual(
      expect.arrayContaining(["slug", "chrMonth", "day", "pdfFile"]),
    );
    expect(listed("/api/recentEvents.JSON").items).toEqual({ $ref: "#/components/schemas/RecentEvent" });
    expect(document.components.schemas.RecentEvent.required).toEqual(expect.arrayContaining(["_id", "id", "img3"]));
  });
});

describe("a notice written in Bangla", () => {
  it("gets a Bangla address, is marked lang=bn, and is listed URL-escaped in the sitemap", async () => {
    const name = "ভাষা দিবস প্রোগ্রামিং কনটেস্ট";
    await addAsAdmin("add-notice", { ...collections[1].valid, name, description: "সবাইকে আমন্ত্রণ" });
    const notices = (await (await call("/api/all-notice")).json()) as { name: string; slug: string }[];
    const slug = notices.find((notice) => notice.name === name)?.slug;
    expect(slug).toBe("ভাষা-দিবস-প্রোগ্রামিং-কনটেস্ট");
    const page = await call(`/notice/${encodeURIComponent(slug!)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<h1[^>]* lang="bn"[^>]*>${name}</h1>`));
    expect(html).toMatch(/<p lang="bn"[^>]*>সবাইকে আমন্ত্রণ/);
    const sitemap = await (await call("/sitemap.xml")).text();
    expect(sitemap).toContain(`/notice/${encodeURIComponent(slug!)}</loc>`);
  });
});

describe("the spec's own client", () => {
  it("takes numbers sent as strings and empty optional inputs as not given, still refusing words", async () => {
    const eventId = await addAsAdmin("add-event", { ...collections[0].valid, problem_number: "10", starts_on: "" });
    const event = await (await call(`/api/event/${eventId}`, { cookie: adminCookie })).json();
    expect(event).toMatchObject({ problem_number: 10 });
    expect(event.starts_on ?? null).toBeNull();
    for (const batch of ["7", ""]) {
      const id = await addAsAdmin("add-student", { ...collections[2].valid, batch });
      const student = await (await call(`/api/students/${id}`, { cookie: adminCookie })).json();
      expect(student.batch ?? null).toBe(batch === "" ? null : 7);
    }
    const words = await call("/api/add-student", {
      method: "POST",
      body: { ...collections[2].valid, batch: "abc" },
      cookie: adminCookie,
    });
    expect(words.status).toBe(400);
    expect(Object.keys((await words.json()).errors)).toEqual(["batch"]);
  });

  it("gets absolute links to uploaded files in JSON, so a client on another origin can show them", async () => {
    await addAsAdmin("add-result", { ...collections[5].valid, name: "Absolute links", img: "/media/absolute.svg" });
    const results = (await (await call("/api/results")).json()) as { name: string; img: string; pdfFile: string }[];
    const result = results.find((candidate) => candidate.name === "Absolute links");
    expect(result).toMatchObject({ img: `${new URL(server.baseUrl).origin}/media/absolute.svg`, pdfFile: link });
  });
});

describe("GET /api/students", () => {
  it("answers every student without page or limit, and pages with X-Total-Count and Link with them", async () => {
    for (let index = 0; index < 110; index++) {
      await addAsAdmin("add-student", { ...collections[2].valid, name: `Listed ${String(index).padStart(3, "0")}` });
    }
    const everyone = await call("/api/students");
    expect(everyone.status).toBe(200);
    expect(everyone.headers.get("content-type")).toMatch(/^application\/json/);
    const all = (await everyone.json()) as { name: string }[];
    expect(all.length).toBeGreaterThan(110);
    expect(all.filter((student) => student.name.startsWith("Listed "))).toHaveLength(110);

    const second = await call("/api/students?page=2&limit=50");
    expect(second.headers.get("x-total-count")).toBe(String(all.length));
    expect(((await second.json()) as { name: string }[]).map((student) => student.name)).toEqual(
      all.slice(50, 100).map((student) => student.name),
    );
    const base = `${new URL(server.baseUrl).origin}/api/students`;
    const last = Math.ceil(all.length / 50);
    expect(second.headers.get("link")).toBe(
      [
        `<${base}?page=1&limit=50>; rel="first"`,
        `<${base}?page=1&limit=50>; rel="prev"`,
        `<${base}?page=3&limit=50>; rel="next"`,
        `<${base}?page=${last}&limit=50>; rel="last"`,
      ].join(", "),
    );
  });
});
