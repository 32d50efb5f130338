import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * What the JSON API answers can be sent back to it, its times are RFC 3339, and its membership
 * calls find rounds: against the production build (`BUILD_DIR=… npm run build`), on PGlite or
 * on TEST_DATABASE_URL's server.
 */
const ADMIN = { name: "Trip Admin", email: "trip-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Trip Member", email: "trip-member@example.org", password: "member-password-1" };
const link = "https://example.org/file.pdf";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

let server: RunningServer;
let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let adminCookie = "";
let memberCookie = "";
const { call, signUp } = httpClient(() => server.baseUrl);

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  adminCookie = await signUp(ADMIN);
  memberCookie = await signUp(MEMBER);
}, 120_000);

afterAll(() => running?.close());

async function add(path: string, body: object, cookie = adminCookie): Promise<string> {
  const response = await call(`/api/${path}`, { method: "POST", body, cookie });
  expect(response.status, `POST /api/${path} ${JSON.stringify(body)}`).toBe(201);
  return (await response.json()).insertedId;
}

const read = async (path: string, cookie = adminCookie) => {
  const response = await call(path, { cookie });
  expect(response.status, `GET ${path}`).toBe(200);
  return response.json();
};

/** GETs a record, PUTs the answer back unchanged, and expects 200 and the same record after. */
async function expectRoundTrip(path: string, putPath = path, cookie = adminCookie) {
  const before = await read(path, cookie);
  const put = await call(putPath, { method: "PUT", body: before, cookie });
  expect(put.status, `PUT ${putPath} with what GET ${path} answered: ${await put.clone().text()}`).toBe(200);
  expect(await read(path, cookie), `GET ${path} after the PUT`).toEqual(before);
}

/** An hour from now on UTC's clocks, RFC 3339 with its offset. */
const inAnHourUtc = () => new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");

describe("every entity round-trips: what GET answers, PUT takes back unchanged", () => {
  const event = {
    eventType: "Seminar",
    name: "Trip seminar",
    starts_at: "10:00",
    problem_number: 0,
    contest_duration: "2 Hours",
    details: "About it",
  };
  const notice = { name: "Trip notice", publishing_date: "2099-01-02", pdfFile: link, description: "Text" };
  const result = { name: "Trip result", publishing_date: "2099-01-03", pdfFile: link };
  const recent = { name: "Trip recent", img1: link, details: "What", img2: link, img3: link };

  it("with only the required fields (nulls and empty optional fields)", async () => {
    const items = [
      ["event", await add("add-event", event)],
      ["notices", await add("add-notice", notice)],
      ["results", await add("add-result", result)],
      ["recent-events", await add("add-recent-event", recent)],
      ["students", await add("add-student", { name: "Trip student", email: "s@example.org", photoURL: link })],
      [
        "teachers",
        await add("add-teacher", {
          name: "Trip teacher",
          designation: "Lecturer",
          email: "t@example.org",
          photoURL: link,
          joinDate: "2020-01-01",
        }),
      ],
      [
        "executives",
        await add("add-executive", {
          name: "Trip executive",
          designation: "Treasurer",
          email: "e@example.org",
          photoURL: link,
          panel: "2020-2021",
        }),
      ],
    ] as const;
    for (const [item, id] of items) await expectRoundTrip(`/api/${item}/${id}`);
  });

  it("with every field filled in, drafts, schedules and cancellations", async () => {
    const items = [
      [
        "event",
        await add("add-event", {
          ...event,
          starts_on: "2099-03-05",
          ends_at: "2099-03-05T13:30",
          venue: "CSE Lab 2",
          banner: link,
          registration_opens: "2099-03-01T09:00:00+06:00",
          registration_closes: "2099-03-04T17:59:30Z",
          capacity: 40,
          waitlist: false,
          team_size_min: 1,
          team_size_max: 3,
          eligible_batches: [7, 8],
          status: "scheduled",
          publish_at: inAnHourUtc(),
        }),
      ],
      ["event", await add("add-event", { ...event, status: "cancelled" })],
      ["notices", await add("add-notice", { ...notice, status: "draft" })],
      [
        "results",
        await add("add-result", {
          ...result,
          description: "Final",
          img: link,
          status: "scheduled",
          publish_at: inAnHourUtc(),
        }),
      ],
      ["recent-events", await add("add-recent-event", { ...recent, details1: "More", details2: "Most" })],
      [
        "students",
        await add("add-student", {
          name: "Trip student 2",
          batch: 7,
          email: "s2@example.org",
          photoURL: link,
          session: "2020-2021",
        }),
      ],
      [
        "executives",
        await add("add-executive", {
          name: "Trip executive 2",
          title: "Mr",
          designation: "Treasurer",
          email: "e2@example.org",
          photoURL: link,
          panel: "2020-2021",
        }),
      ],
    ] as const;
    for (const [item, id] of items) await expectRoundTrip(`/api/${item}/${id}`);
  });

  it("a submission waiting in the review queue stays there", async () => {
    await add("add-notice", { ...notice, name: "Trip pending notice" }, "");
    const queue = await read("/api/review");
    const pending = queue.notices.find((candidate: { name: string }) => candidate.name === "Trip pending notice");
    expect(await read(`/api/notices/${pending._id}`)).toMatchObject({ status: "pending", publish_at: null });
    await expectRoundTrip(`/api/notices/${pending._id}`);
    expect((await read("/api/review")).notices.map((candidate: { _id: string }) => candidate._id)).toContain(
      pending._id,
    );
  });

  it("the site's settings, a user record and a member's own profile", async () => {
    await expectRoundTrip("/api/settings");
    await expectRoundTrip(`/api/users/${ADMIN.email}`, "/api/user", adminCookie);
    await expectRoundTrip(`/api/users/${ADMIN.email}`);
    await expectRoundTrip(`/api/users/${MEMBER.email}`, `/api/users/${MEMBER.email}`);

    // The member claims a record with their email on their profile page, then fills it in.
    const studentId = await add("add-student", { name: "Trip member", email: MEMBER.email, photoURL: link });
    const claim = await call("/dashboard/profile", {
      method: "POST",
      form: { intent: "claim", studentId },
      cookie: memberCookie,
      headers: { Origin: server.baseUrl },
    });
    expect(claim.status).toBe(200);
    const profile = { name: "Trip member", photoURL: link, batch: 9, codeforces: "trip_member", bio: "Hello" };
    expect((await call("/api/members/me", { method: "PUT", body: profile, cookie: memberCookie })).status).toBe(200);
    await expectRoundTrip("/api/members/me", "/api/members/me", memberCookie);
    expect(await read("/api/members/me", memberCookie)).toMatchObject({ handles: { codeforces: "trip_member" } });
  });
});

describe("times: RFC 3339 in and out", () => {
  const event = {
    eventType: "Seminar",
    name: "Timed seminar",
    starts_on: "2031-06-01",
    starts_at: "10:00",
    problem_number: 0,
    contest_duration: "3 Hours",
    details: "About it",
  };

  it("takes the club's clocks, seconds, Z and an offset, and answers each with the club's offset", async () => {
    const given = {
      ends_at: "2031-06-01T13:00",
      registration_opens: "2031-05-01T03:00:00Z",
      registration_closes: "2031-05-30T23:59:30+06:00",
    };
    const id = await add("add-event", { ...event, ...given });
    const expected = {
      ends_at: "2031-06-01T13:00:00+06:00",
      registration_opens: "2031-05-01T09:00:00+06:00",
      registration_closes: "2031-05-30T23:59:30+06:00",
    };
    expect(await read(`/api/event/${id}`)).toMatchObject(expected);
    const listed = (await read("/api/events")) as { _id: string }[];
    expect(listed.find((candidate) => candidate._id === id)).toMatchObject(expected);

    // Another offset names the same instant: it is answered on the club's clocks.
    const put = await call(`/api/event/${id}`, {
      method: "PUT",
      body: { ...event, ends_at: "2031-06-01T09:00:00+02:00", registration_closes: "2031-05-30T18:00:00.250Z" },
      cookie: adminCookie,
    });
    expect(put.status).toBe(200);
    expect(await read(`/api/event/${id}`)).toMatchObject({
      ends_at: "2031-06-01T13:00:00+06:00",
      registration_opens: null,
      registration_closes: "2031-05-31T00:00:00+06:00",
    });

    const scheduled = await add("add-notice", {
      name: "Timed notice",
      publishing_date: "2099-01-02",
      pdfFile: link,
      description: "Text",
      status: "scheduled",
      publish_at: "2099-05-01T04:00:00Z",
    });
    expect(await read(`/api/notices/${scheduled}`)).toMatchObject({ publish_at: "2099-05-01T10:00:00+06:00" });
  });

  it.each([
    ["ends_at", "2031-06-01 13:00"],
    ["ends_at", "2031-06-01T13:00+0600"],
    ["ends_at", "2031-06-01T13"],
    ["registration_opens", "2031-02-30T10:00:00Z"],
    ["registration_opens", "2031-05-01T24:00:00Z"],
    ["registration_closes", "2031-05-01T10:00:00+25:00"],
    ["registration_closes", "tomorrow"],
    ["publish_at", "2099-05-01T04:00Z+06:00"],
    ["publish_at", "2099-05-01"],
  ])("refuses %s = %j naming the field", async (field, value) => {
    const body = { ...event, status: field === "publish_at" ? "scheduled" : undefined, [field]: value };
    const response = await call("/api/add-event", { method: "POST", body, cookie: adminCookie });
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toMatch(/must be a date and time/);
  });

  it("documents the format in the OpenAPI document", async () => {
    const document = await read("/api/openapi.json");
    const { Event, Notice } = document.components.schemas;
    for (const field of ["ends_at", "registration_opens", "registration_closes", "publish_at"]) {
      expect(JSON.stringify(Event.properties[field]), field).toContain('"format":"date-time"');
      expect(JSON.stringify(Event.properties[field]), field).toMatch(/RFC 3339/);
    }
    expect(JSON.stringify(Notice.properties.publish_at)).toContain('"format":"date-time"');
    const input = document.paths["/api/add-event"].post.requestBody.content["application/json"].schema;
    for (const field of ["ends_at", "registration_opens", "registration_closes", "publish_at"]) {
      const text = JSON.stringify(input.properties[field]);
      expect(text, field).toMatch(/RFC 3339/);
      expect(text, field).toContain('"pattern"');
    }
  });
});

describe("membership rounds through the API", () => {
  it("lists the rounds to anyone signed in, and answers 404 for a round's applications when it isn't there", async () => {
    const round = { intent: "open-round", session: "2091-2092", opens_on: "2091-01-01", closes_on: "2091-12-31" };
    const headers = { Origin: server.baseUrl };
    const opened = await call("/dashboard/membership", {
      method: "POST",
      form: { ...round, confirmed: "yes" },
      cookie: adminCookie,
      headers,
    });
    expect(opened.status).toBe(200);

    expect((await call("/api/membership-rounds")).status).toBe(401);
    const rounds = await read("/api/membership-rounds", memberCookie);
    expect(rounds).toEqual(
      expect.arrayContaining([
        { _id: expect.any(String), session: "2091-2092", opens_on: "2091-01-01", closes_on: "2091-12-31", note: "" },
      ]),
    );
    const id = rounds.find((candidate: { session: string }) => candidate.session === "2091-2092")._id;
    expect(await read(`/api/membership-rounds/${id}/applications`)).toEqual([]);

    for (const missing of [UNKNOWN_ID, "not-an-id"]) {
      const response = await call(`/api/membership-rounds/${missing}/applications`, { cookie: adminCookie });
      expect(response.status, missing).toBe(404);
      expect(await response.json()).toEqual({ message: "There is no such membership round." });
    }
  });
});

describe("caching headers of a cacheable read's first answer", () => {
  it("are those of its hits: the same Cache-Control and ETag, and 304 to that ETag", async () => {
    // A write starts a new content version: every URL below is a miss again.
    await add("add-notice", { name: "Cache notice", publishing_date: "2099-01-05", pdfFile: link, description: "x" });
    for (const path of ["/api/events", "/api/all-notice", "/notice", "/teachers"]) {
      const first = await call(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("x-page-cache"), path).toBe("MISS");
      const firstBody = await first.text();
      const second = await call(path);
      expect(second.headers.get("x-page-cache"), path).toBe("HIT");
      expect(await second.text(), path).toBe(firstBody);
      expect(first.headers.get("cache-control"), path).toBe(second.headers.get("cache-control"));
      expect(first.headers.get("cache-control"), path).toMatch(/public.*s-maxage=30/);
      expect(first.headers.get("etag"), path).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get("etag"), path).toBe(second.headers.get("etag"));
      expect(first.headers.get("vary"), path).toBe(second.headers.get("vary"));
      const conditional = await call(path, { headers: { "If-None-Match": first.headers.get("etag") ?? "" } });
      expect(conditional.status, path).toBe(304);
    }
  });

  it("answers 304 on a miss already, to a client holding the same body's ETag", async () => {
    const etag = (await call("/api/teachers")).headers.get("etag") ?? "";
    await add("add-notice", { name: "Cache notice 2", publishing_date: "2099-01-06", pdfFile: link, description: "x" });
    const conditional = await call("/api/teachers", { headers: { "If-None-Match": etag } });
    expect(conditional.headers.get("x-page-cache")).toBe("MISS");
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get("etag")).toBe(etag);
  });
});
