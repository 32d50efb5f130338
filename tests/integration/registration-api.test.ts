import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { en } from "../support/messages";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * The registration calls and the event page's forms as anonymous, a member and an admin,
 * against the production build (`npm run build`) on PGlite, or on TEST_DATABASE_URL's server.
 * Every /api answer is checked against the OpenAPI contract.
 */
const ADMIN = { name: "Events Admin", email: "events-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Ria Member", email: "ria@example.org", password: "member-password-1" };
const OTHER = { name: "Other Member", email: "other@example.org", password: "member-password-2" };

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
const cookies = { admin: "", member: "", other: "" };
const { call, signUp } = httpClient(() => server.baseUrl);
let eventId = "";
let teamEventId = "";
const eventPage = "/events/workshop/api-workshop";

async function addEvent(body: Record<string, unknown>): Promise<string> {
  const response = await call("/api/add-event", {
    method: "POST",
    cookie: cookies.admin,
    body: {
      starts_on: "2099-03-01",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "3 Hours",
      details: "Bring a laptop.",
      ...body,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    INVITATION_RATE_LIMIT_MAX: "2",
  });
  server = running.server;
  cookies.admin = await signUp(ADMIN);
  cookies.member = await signUp(MEMBER);
  cookies.other = await signUp(OTHER);
  eventId = await addEvent({ eventType: "WorkShop", name: "API workshop", capacity: 1 });
  teamEventId = await addEvent({
    eventType: "Programming Contest",
    name: "API cup",
    team_size_min: 2,
    team_size_max: 2,
  });
}, 120_000);

afterAll(() => running?.close());

const register = (id: string, cookie: string, body: unknown = {}) =>
  call(`/api/events/${id}/registrations`, { method: "POST", cookie, body });

describe("POST /api/events/{id}/registrations", () => {
  it("asks for a session, refuses bad bodies by field, unknown events and second registrations", async () => {
    expect((await register(eventId, "")).status).toBe(401);
    const bad = await register(teamEventId, cookies.member, { team_name: 5, members: "x@y.org" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toMatchObject({
      team_name: "Team name must be text",
      members: "Teammates must be a list of email addresses",
    });
    const small = await register(teamEventId, cookies.member, { team_name: "Solo", members: [] });
    expect(small.status).toBe(400);
    expect(await small.json()).toEqual({
      message: en("messages.registration.teamSizeExact", { min: 2, teammates: 1 }),
      errors: { members: en("messages.registration.teamSizeExact", { min: 2, teammates: 1 }) },
    });
    expect((await register("00000000-0000-4000-8000-000000000000", cookies.member)).status).toBe(404);
    expect((await register("not-an-id", cookies.member)).status).toBe(404);

    const first = await register(eventId, cookies.member);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ registrationId: expect.any(String), status: "confirmed" });
    const twice = await register(eventId, cookies.member);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: en("messages.registration.alreadyRegistered") });
    const waiting = await register(eventId, cookies.other);
    expect(await waiting.json()).toEqual({ registrationId: expect.any(String), status: "waitlisted", position: 1 });
  });
});

describe("naming teammates", () => {
  it("counts against the registrant's invitations: beyond INVITATION_RATE_LIMIT_MAX, 429 and nothing written", async () => {
    const inviter = await signUp({ name: "Inviter", email: "inviter@example.org", password: "member-password-3" });
    const cups = [teamEventId];
    for (const n of [2, 3]) {
      cups.push(
        await addEvent({ eventType: "Programming Contest", name: `API cup ${n}`, team_size_min: 2, team_size_max: 2 }),
      );
    }
    const statuses = [];
    for (const [index, cup] of cups.entries()) {
      const response = await register(cup, inviter, {
        team_name: `Inviters ${index}`,
        members: [`mate${index}@x.org`],
      });
      statuses.push(response.status);
      if (response.status === 429) {
        const body = (await response.json()) as { message: string; errors: Record<string, string> };
        expect(body.message).toMatch(/^You have invited too many people lately\. Try again in \d+ minutes\.$/);
        expect(body.errors).toEqual({ members: body.message });
      }
    }
    expect(statuses).toEqual([201, 201, 429]);
    const listed = await call(`/api/events/${cups[2]}/registrations`, { cookie: cookies.admin });
    expect(await listed.json()).toEqual([]);
  });
});

describe("GET /api/events/{id}/registrations and DELETE /api/registrations/{id}", () => {
  it("lists for admins only; only the registrant or an admin cancels, and the next in line moves up", async () => {
    expect((await call(`/api/events/${eventId}/registrations`)).status).toBe(401);
    expect((await call(`/api/events/${eventId}/registrations`, { cookie: cookies.member })).status).toBe(403);
    const listed = await call(`/api/events/${eventId}/registrations`, { cookie: cookies.admin });
    expect(listed.status).toBe(200);
    const rows = (await listed.json()) as { _id: string; status: string; people: { email: string }[] }[];
    expect(rows.map((row) => [row.people[0]?.email, row.status])).toEqual([
      [MEMBER.email, "confirmed"],
      [OTHER.email, "waitlisted"],
    ]);
    const [held, waiting] = rows;
    const cancel = (id: string, cookie: string) => call(`/api/registrations/${id}`, { method: "DELETE", cookie });
    expect((await cancel(held?._id ?? "", "")).status).toBe(401);
    expect((await cancel(held?._id ?? "", cookies.other)).status).toBe(403);
    const cancelled = await cancel(held?._id ?? "", cookies.member);
    expect(await cancelled.json()).toEqual({ cancelled: true, promoted: [waiting?._id] });
    expect((await cancel(held?._id ?? "", cookies.admin)).status).toBe(404);
    expect((await call(`/api/registrations/${held?._id}`, { cookie: cookies.member })).status).toBe(405);
  });
});

describe("the event page's registration form, without JavaScript", () => {
  it("registers with one click, asks before cancelling, and refuses someone else's registration", async () => {
    const anonymous = await call(eventPage, { method: "POST", form: { intent: "register" } });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login?redirectTo=");

    const page = await call(eventPage, { cookie: cookies.member });
    expect(await page.text()).toContain("Register");
    const registered = await call(eventPage, { method: "POST", cookie: cookies.member, form: { intent: "register" } });
    expect(registered.status).toBe(200);
    const html = await registered.text();
    expect(html).toContain(en("messages.registration.waitlisted", { position: 1 }));

    const list = (await (await call(`/api/events/${eventId}/registrations`, { cookie: cookies.admin })).json()) as {
      _id: string;
      status: string;
      people: { email: string }[];
    }[];
    const othersPlace = list.find((row) => row.status === "confirmed")?._id ?? "";
    const forged = await call(eventPage, {
      method: "POST",
      cookie: cookies.member,
      form: { intent: "cancel", registrationId: othersPlace, confirmed: "yes" },
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(en("messages.registration.notYours"));

    const mine = list.find((row) => row.people[0]?.email === MEMBER.email && row.status !== "cancelled")?._id ?? "";
    const asked = await call(eventPage, {
      method: "POST",
      cookie: cookies.member,
      form: { intent: "cancel", registrationId: mine },
    });
    expect(await asked.text()).toContain(en("messages.registration.cancelQuestion"));
    const done = await call(eventPage, {
      method: "POST",
      cookie: cookies.member,
      form: { intent: "cancel", registrationId: mine, confirmed: "yes" },
    });
    expect(await done.text()).toContain(en("messages.registration.cancelledMine"));
  });
});
