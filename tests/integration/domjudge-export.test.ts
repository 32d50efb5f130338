import { eq, inArray } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrations, students } from "~/db/schema";
import { eventTeamEntries, rosterEntries } from "~/features/events/domjudge-export.server";
import {
  cancelRegistration,
  confirmTeammate,
  type RegistrationInput,
  register,
} from "~/features/events/registrations.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/** The DOMjudge files' teams from the database, and their download, on PGlite or on TEST_DATABASE_URL's server. */

describe("the teams the files are made of", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.close());

  const TZ = "Asia/Dhaka";
  const NOW = new Date("2031-05-15T06:00:00Z");
  const ADMIN = { id: "00000000-0000-4000-8000-000000000000", role: "admin" as const };

  async function registerAs(eventId: string, registrant: { id: string; email: string }, input: RegistrationInput) {
    const registered = await register(testDb.db, { eventId, registrant, input, now: NOW, timeZone: TZ });
    if (!registered.ok) throw new Error(JSON.stringify(registered.message));
    return registered;
  }

  async function arrivalOf(registrationId: string) {
    const [row] = await testDb.db.select().from(registrations).where(eq(registrations.id, registrationId));
    return String(row?.arrival);
  }

  async function addStudent(name: string, hidden = false) {
    const [row] = await testDb.db
      .insert(students)
      .values({ name, email: `${uniqueSuffix()}@x.org`, batch: 9, photoURL: "/media/a.png", hidden })
      .returning();
    return row!;
  }

  it("lists every member the Students page shows, equal names as separate teams with stable numbers", async () => {
    const [first, second] = [await addStudent("Same Name"), await addStudent("Same Name")];
    const hidden = await addStudent("Hidden Member", true);
    const entries = await rosterEntries(testDb.db);
    expect(entries.map((entry) => entry.name)).toEqual(["Same Name", "Same Name"]);
    expect(entries.map((entry) => entry.members)).toEqual([["Same Name"], ["Same Name"]]);
    for (const entry of entries) expect(entry.id).toMatch(/^[1-9][0-9]{9}$/);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(2);
    expect(await rosterEntries(testDb.db)).toEqual(entries);

    // Leaving the Students page leaves the roster; the others keep their numbers.
    await testDb.db.update(students).set({ hidden: true }).where(eq(students.id, first.id));
    const after = await rosterEntries(testDb.db);
    expect(after).toHaveLength(1);
    expect(entries.map((entry) => entry.id)).toContain(after[0]!.id);
    await testDb.db.delete(students).where(inArray(students.id, [first.id, second.id, hidden.id]));
  });

  it("exports an individual event's confirmed registrations only, numbered by arrival", async () => {
    const event = await addEvent(testDb.db, { capacity: "2" });
    const [ana, bilal, chai, dipu] = [
      await addAccount(testDb.db, "Ana"),
      await addAccount(testDb.db, "Bilal", { name: "Bilal Khan", batch: 9 }),
      await addAccount(testDb.db, "Chai"),
      await addAccount(testDb.db, "Dipu"),
    ];
    const a = await registerAs(event._id, ana, { members: [] });
    const c = await registerAs(event._id, chai, { members: [] });
    const b = await registerAs(event._id, bilal!, { members: [] });
    expect(b.status).toBe("waitlisted");
    // Chai cancels: Bilal moves up from the waitlist; Dipu then waits.
    expect(
      (await cancelRegistration(testDb.db, { registrationId: c.registrationId, by: ADMIN, now: NOW, timeZone: TZ })).ok,
    ).toBe(true);
    expect((await registerAs(event._id, dipu!, { members: [] })).status).toBe("waitlisted");

    expect(await eventTeamEntries(testDb.db, event._id)).toEqual([
      { id: await arrivalOf(a.registrationId), name: "Ana", members: ["Ana"] },
      { id: await arrivalOf(b.registrationId), name: "Bilal Khan", members: ["Bilal Khan"] },
    ]);
  });

  it("exports a confirmed team under its name with its people, not a team still waiting for a teammate", async () => {
    const event = await addEvent(testDb.db, { team_size_min: "2", team_size_max: "2" });
    const [captain, mate, other, otherMate] = [
      await addAccount(testDb.db, "Captain"),
      await addAccount(testDb.db, "Mate"),
      await addAccount(testDb.db, "Other"),
      await addAccount(testDb.db, "Other Mate"),
    ];
    const alpha = await registerAs(event._id, captain, { team_name: "Alpha", members: [mate!.email] });
    await registerAs(event._id, other!, { team_name: "Beta", members: [otherMate!.email] });
    expect(await confirmTeammate(testDb.db, { eventId: event._id, user: mate! })).toMatchObject({
      teamConfirmed: true,
    });

    const entries = await eventTeamEntries(testDb.db, event._id);
    expect(entries).toEqual([
      { id: await arrivalOf(alpha.registrationId), name: "Alpha", members: ["Captain", "Mate"] },
    ]);
    expect(await eventTeamEntries(testDb.db, "not-an-id")).toEqual([]);
  });
});

describe("the downloads", () => {
  const ADMIN = { name: "Judge Admin", email: "judge-admin@example.org", password: "admin-password-1" };
  const MEMBER = { name: "Mina Member", email: "mina@example.org", password: "member-password-1" };
  let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
  let server: RunningServer;
  const { call, signUp } = httpClient(() => server.baseUrl);
  const cookies = { admin: "", member: "" };
  let eventId = "";

  beforeAll(async () => {
    running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
    server = running.server;
    cookies.admin = await signUp(ADMIN);
    cookies.member = await signUp(MEMBER);
    const added = await call("/api/add-event", {
      method: "POST",
      cookie: cookies.admin,
      body: {
        eventType: "Programming Contest",
        name: "Judge cup",
        starts_on: "2099-03-01",
        starts_at: "10:00",
        problem_number: 5,
        contest_duration: "3 Hours",
        details: "Bring a laptop.",
      },
    });
    expect(added.status).toBe(201);
    eventId = ((await added.json()) as { insertedId: string }).insertedId;
    const registered = await call(`/api/events/${eventId}/registrations`, {
      method: "POST",
      cookie: cookies.member,
      body: {},
    });
    expect(registered.status).toBe(201);
    const student = await call("/api/add-student", {
      method: "POST",
      cookie: cookies.admin,
      body: { name: "Roster Student", email: "roster@example.org", photoURL: "https://example.org/p.png" },
    });
    expect(student.status).toBe(201);
  }, 120_000);

  afterAll(() => running?.close());

  async function filesOf(response: Response) {
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    return { names: Object.keys(files).sort(), teams: JSON.parse(text("teams.json")), accounts: text("accounts.tsv") };
  }

  it("gives admins an event's zip: teams.json and accounts.tsv from one generation", async () => {
    const response = await call(`/dashboard/events/${eventId}/domjudge.zip`, { cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="domjudge-judge-cup-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const { names, teams, accounts } = await filesOf(response);
    expect(names).toEqual(["README.txt", "accounts.tsv", "groups.json", "organizations.json", "teams.json"]);
    expect(teams).toEqual([expect.objectContaining({ name: MEMBER.name, group_ids: ["participants"] })]);
    const [header, line] = accounts.trimEnd().split("\n");
    expect(header).toBe("accounts\t1");
    expect(line?.split("\t").slice(0, 3)).toEqual(["team", MEMBER.name, `team${teams[0].id}`]);
  });

  it("gives admins the roster's zip", async () => {
    const response = await call("/dashboard/domjudge.zip", { cookie: cookies.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="domjudge-members-/);
    const { teams } = await filesOf(response);
    expect(teams.map((team: { name: string }) => team.name)).toEqual(["Roster Student"]);
  });

  it("refuses members and sends visitors to log in", async () => {
    for (const path of ["/dashboard/domjudge.zip", `/dashboard/events/${eventId}/domjudge.zip`]) {
      expect((await call(path, { cookie: cookies.member })).status).toBe(403);
      const anonymous = await call(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    }
    const unknown = await call("/dashboard/events/00000000-0000-4000-8000-000000000000/domjudge.zip", {
      cookie: cookies.admin,
    });
    expect(unknown.status).toBe(404);
  });
});
