import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { en } from "../support/messages";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * `POST /api/events/{id}/check-ins` and the check-in page as anonymous, a member and an admin,
 * against the production build (`npm run build`); every /api answer is checked against the
 * OpenAPI contract.
 */
const ADMIN = { name: "Door Admin", email: "door-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Mia Member", email: "mia@example.org", password: "member-password-1" };

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
const cookies = { admin: "", member: "" };
const { call, signUp } = httpClient(() => server.baseUrl);
let eventId = "";
let memberCode = "";

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  cookies.admin = await signUp(ADMIN);
  cookies.member = await signUp(MEMBER);
  const added = await call("/api/add-event", {
    method: "POST",
    cookie: cookies.admin,
    body: {
      eventType: "WorkShop",
      name: "Door workshop",
      starts_on: "2099-03-01",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "3 Hours",
      details: "Bring a laptop.",
    },
  });
  eventId = ((await added.json()) as { insertedId: string }).insertedId;
  const registered = await call(`/api/events/${eventId}/registrations`, {
    method: "POST",
    cookie: cookies.member,
    body: {},
  });
  expect(registered.status).toBe(201);
  const page = await (await call(`/dashboard/events/${eventId}/check-in`, { cookie: cookies.admin })).text();
  memberCode = /Code: (?:<!-- -->)?([0-9A-F-]{23})/.exec(page)?.[1] ?? "";
  expect(memberCode).not.toBe("");
}, 120_000);

afterAll(() => running?.close());

const checkIns = (cookie: string, body: unknown, id = eventId) =>
  call(`/api/events/${id}/check-ins`, { method: "POST", cookie, body });

describe("POST /api/events/{id}/check-ins", () => {
  it("is for admins only, for an event that exists, with a list of check-ins", async () => {
    const body = { check_ins: [{ code: memberCode }] };
    expect((await checkIns("", body)).status).toBe(401);
    expect((await checkIns(cookies.member, body)).status).toBe(403);
    expect((await checkIns(cookies.admin, body, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await checkIns(cookies.admin, { check_ins: [] })).status).toBe(400);
    expect((await checkIns(cookies.admin, { check_ins: [{ code: memberCode, at: "yesterday" }] })).status).toBe(400);
    expect((await checkIns(cookies.admin, "check_ins=1")).status).toBe(400);
    expect((await call(`/api/events/${eventId}/check-ins`, { cookie: cookies.admin })).status).toBe(405);
  });

  it("answers each check-in in order: the first wins, a forged code is invalid", async () => {
    const at = "2026-01-01T08:00:00.000Z";
    const typed = memberCode.toLowerCase().replace(/-/g, " ");
    const forged = `${memberCode.slice(0, -1)}${memberCode.endsWith("0") ? "1" : "0"}`;
    const response = await checkIns(cookies.admin, {
      check_ins: [{ code: typed, at }, { code: forged }, { code: memberCode }],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      results: [
        { code: typed, status: "checked_in", name: MEMBER.name, checked_in_at: at },
        { code: forged, status: "invalid" },
        { code: memberCode, status: "already", name: MEMBER.name, checked_in_at: at },
      ],
    });
  });
});

describe("the check-in page", () => {
  it("is for admins, and checks a typed code in before the page's script runs", async () => {
    expect((await call(`/dashboard/events/${eventId}/check-in`, { cookie: cookies.member })).status).toBe(403);
    expect(
      (await call("/dashboard/events/00000000-0000-4000-8000-000000000000/check-in", { cookie: cookies.admin })).status,
    ).toBe(404);
    const posted = await call(`/dashboard/events/${eventId}/check-in`, {
      method: "POST",
      cookie: cookies.admin,
      headers: { Origin: server.baseUrl },
      form: { code: memberCode },
    });
    expect(posted.status).toBe(200);
    const page = await posted.text();
    expect(page).toMatch(/Already checked in at (<!-- -->)?\d\d:\d\d/);
    expect(page).toContain(en("tools.checkIn.counts", { checkedIn: 1, expected: 1 }));
  });
});
