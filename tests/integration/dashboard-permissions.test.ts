import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, type Role } from "~/core/roles";
import { type DashboardScreen, dashboardScreens, type ScreenAccess, screenPattern } from "~/wiring/dashboard-screens";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Every screen of the dashboard's registry, opened (GET) and posted to (its action) by each
 * role, against the production build: the server refuses whoever the registry's permission
 * leaves out, with the 403 page, before the screen does anything.
 */
const PASSWORD = "screen-matrix-password-1";
const people = {
  admin: { name: "Screens Admin", email: "screens-admin@example.org", password: PASSWORD, role: "admin" },
  editor: { name: "Screens Editor", email: "screens-editor@example.org", password: PASSWORD, role: "editor" },
  checkIn: { name: "Screens Door", email: "screens-door@example.org", password: PASSWORD, role: "check-in" },
  general: { name: "Screens Member", email: "screens-member@example.org", password: PASSWORD, role: null },
} satisfies Record<string, { name: string; email: string; password: string; role: Role | null }>;
type Who = keyof typeof people;
const everyone = Object.keys(people) as Who[];

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
const cookies: Record<Who, string> = { admin: "", editor: "", checkIn: "", general: "" };
const { call, signUp } = httpClient(() => server.baseUrl);
let eventId = "";

beforeAll(async () => {
  running = await startServerOnTestDatabase({ ADMIN_EMAILS: people.admin.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
  server = running.server;
  for (const who of everyone) {
    const { name, email, password, role } = people[who];
    cookies[who] = await signUp({ name, email, password });
    if (role && role !== "admin") {
      const answer = await call(`/api/users/${email}`, { method: "PUT", cookie: cookies.admin, body: { role } });
      expect(answer.status).toBe(200);
    }
  }
  const event = await call("/api/add-event", {
    method: "POST",
    cookie: cookies.admin,
    body: {
      eventType: "WorkShop",
      name: "Screens workshop",
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

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

/** A screen's address, its parameters filled: the test's event where it takes an event. */
function addressOf(screen: DashboardScreen): string {
  const filled = screenPattern(screen)
    .replace(":collection/:id", `events/${eventId}`)
    .replace("events/:id", `events/${eventId}`)
    .replace(":group", "contact")
    .replace(":id", NO_SUCH_ID);
  return `/${filled}`;
}

const mayUse = (who: Who, access: ScreenAccess) => access === "signed-in" || can({ role: people[who].role }, access);

const hasAction = (screen: DashboardScreen) =>
  /^export const action\b/m.test(readFileSync(path.join("app", screen.file), "utf8"));

describe("the dashboard's screens, by role", () => {
  it("opens each screen to the roles its permission names, and to no one else", async () => {
    for (const screen of dashboardScreens) {
      const address = addressOf(screen);
      expect((await call(address)).status, `${address} anonymous`).toBe(302);
      for (const who of everyone) {
        const { status } = await call(address, { cookie: cookies[who] });
        const label = `GET ${address} as ${who}`;
        if (mayUse(who, screen.access)) expect([401, 403], label).not.toContain(status);
        else expect(status, label).toBe(403);
        expect(status, label).toBeLessThan(500);
      }
    }
  }, 300_000);

  it("refuses each screen's forms to the roles its permission leaves out", async () => {
    const withAction = dashboardScreens.filter(hasAction);
    expect(withAction.length).toBeGreaterThan(15);
    for (const screen of withAction) {
      const address = addressOf(screen);
      const refused = everyone.filter((who) => !mayUse(who, screen.changes ?? screen.access));
      for (const who of refused) {
        // A form as a browser without JavaScript sends it, its Yes given: it must not reach the screen.
        const { status } = await call(address, { method: "POST", cookie: cookies[who], form: { confirmed: "yes" } });
        expect(status, `POST ${address} as ${who}`).toBe(403);
      }
    }
  }, 300_000);
});
