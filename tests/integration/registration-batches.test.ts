import fs from "node:fs";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "~/core/audit.server";
import type { MailingContext } from "~/core/mail.server";
import { auditLog, mails, registrations } from "~/db/schema";
import { registerAndTell } from "~/features/events/registration-mails.server";
import { registrationMessages as texts } from "~/features/events/registrations";
import { listRegistrations, type RegistrationInput } from "~/features/events/registrations.server";
import type { BackgroundJobs } from "~/wiring/background-jobs.server";
import { startTestJobs } from "../support/background-jobs";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent } from "../support/event-fixtures";

/**
 * Many people registering for one event at once, through the call the event page and the API
 * use: the requests waiting in the process are registered together, a batch to a transaction,
 * and each still gets the outcome it would have got alone, in the order the requests came.
 * On PGlite or on TEST_DATABASE_URL's server.
 */
vi.setConfig({ testTimeout: 180_000 });

const TZ = "Asia/Dhaka";
const NOW = new Date("2031-05-15T06:00:00Z");
let testDb: TestDatabase;
let background: BackgroundJobs;
let context: MailingContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ background, context } = await startTestJobs(testDb));
}, 60_000);

afterAll(async () => {
  await background?.stop();
  await testDb?.close();
  if (context) fs.rmSync(context.config.DATA_DIR, { recursive: true, force: true });
});

const newAccount = (name: string, batch?: number) =>
  addAccount(testDb.db, name, batch === undefined ? undefined : { batch });

const actorOf = (person: { id: string; email: string }): Actor => ({ id: person.id, email: person.email, ip: "" });

/** Registers everyone at once: every call is made before the first is answered. */
function registerAll(eventId: string, crowd: { person: { id: string; email: string }; input?: RegistrationInput }[]) {
  return Promise.all(
    crowd.map(({ person, input = { members: [] } }) =>
      registerAndTell(context, { eventId, registrant: person, input, now: NOW, timeZone: TZ }, actorOf(person)),
    ),
  );
}

describe("a crowd registering for one event at once", () => {
  it("gives the places to the first in the order they came, lines up the rest with the positions they were told, and mails and audits each", async () => {
    const event = await addEvent(testDb.db, { capacity: "30" });
    const people = await Promise.all(Array.from({ length: 120 }, (_, index) => newAccount(`drop${index}`)));
    const outcomes = await registerAll(
      event._id,
      people.map((person) => ({ person })),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const registered = outcomes.flatMap((outcome) => (outcome.ok ? [outcome] : []));
    expect(registered.slice(0, 30).map((outcome) => outcome.status)).toEqual(Array(30).fill("confirmed"));
    expect(registered.slice(30).map((outcome) => [outcome.status, outcome.position])).toEqual(
      Array.from({ length: 90 }, (_, index) => ["waitlisted", index + 1]),
    );
    // The `arrival` order (the waitlist's) is the order the calls were made in.
    const rows = await testDb.db
      .select({ id: registrations.id, createdAt: registrations.createdAt })
      .from(registrations)
      .where(eq(registrations.eventId, event._id))
      .orderBy(asc(registrations.arrival));
    expect(rows.map((row) => row.id)).toEqual(registered.map((outcome) => outcome.registrationId));
    const list = await listRegistrations(testDb.db, event._id);
    expect(list.filter((row) => row.status === "waitlisted").map((row) => row.waitlistPosition)).toEqual(
      registered.slice(30).map((outcome) => outcome.position),
    );
    // Written in a few transactions (a registration's time is its transaction's), not 120.
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBeLessThanOrEqual(4);
    const addresses = people.map((person) => person.email);
    const written = await testDb.db.select().from(mails).where(inArray(mails.to, addresses));
    expect(written.map((mail) => mail.to).sort()).toEqual([...addresses].sort());
    const waitlistedMail = written.find((mail) => mail.to === people[119]?.email);
    expect(waitlistedMail?.text).toContain("90");
    const audited = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "registrations"), inArray(auditLog.actorEmail, addresses)));
    expect(audited).toHaveLength(120);
  });

  it("refuses one without changing anything for the others in its batch", async () => {
    const event = await addEvent(testDb.db, { capacity: "3", eligible_batches: "8" });
    const [early, a, b, c, d, e] = await Promise.all(
      ["early", "a", "b", "c", "d", "e"].map((name) => newAccount(name, 8)),
    );
    const old = await newAccount("old", 6);
    if (!early || !a || !b || !c || !d || !e) throw new Error("accounts missing");
    expect((await registerAll(event._id, [{ person: early }]))[0]?.ok).toBe(true);
    const outcomes = await registerAll(event._id, [
      { person: early },
      { person: a },
      { person: old },
      { person: a },
      { person: b },
      { person: c },
      { person: d },
      { person: e },
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? [outcome.status, outcome.position] : outcome.status))).toEqual([
      409,
      ["confirmed", undefined],
      403,
      409,
      ["confirmed", undefined],
      ["waitlisted", 1],
      ["waitlisted", 2],
      ["waitlisted", 3],
    ]);
    expect(outcomes[0]).toMatchObject({ message: texts.alreadyRegistered });
    expect(outcomes[3]).toMatchObject({ message: texts.alreadyRegistered });
    const list = await listRegistrations(testDb.db, event._id);
    expect(list.map((row) => [row.people[0]?.email, row.status, row.waitlistPosition])).toEqual([
      [early.email, "confirmed", null],
      [a.email, "confirmed", null],
      [b.email, "confirmed", null],
      [c.email, "waitlisted", 1],
      [d.email, "waitlisted", 2],
      [e.email, "waitlisted", 3],
    ]);
    const toldTwice = await testDb.db.select().from(mails).where(eq(mails.to, a.email));
    expect(toldTwice).toHaveLength(1);
    expect(await testDb.db.select().from(mails).where(eq(mails.to, old.email))).toHaveLength(0);
  });

  it("checks teams against each other within a batch: names, and addresses another team named", async () => {
    const event = await addEvent(testDb.db, { team_size_min: "1", team_size_max: "2", capacity: "10" });
    const [alpha, mate, rival, named, poacher, other] = await Promise.all(
      ["alpha", "mate", "rival", "named", "poacher", "other"].map((name) => newAccount(name)),
    );
    if (!alpha || !mate || !rival || !named || !poacher || !other) throw new Error("accounts missing");
    const outcomes = await registerAll(event._id, [
      { person: alpha, input: { team_name: "Alpha", members: [mate.email] } },
      { person: rival, input: { team_name: "ALPHA", members: [] } },
      { person: mate, input: { team_name: "Mates", members: [] } },
      { person: poacher, input: { team_name: "Poachers", members: [mate.email.toUpperCase()] } },
      { person: named, input: { team_name: "Named", members: [] } },
      { person: other, input: { team_name: "Other", members: [named.email] } },
    ]);
    expect(outcomes[0]).toMatchObject({ ok: true, status: "pending" });
    expect(outcomes[1]).toMatchObject({ ok: false, status: 409, field: "team_name", message: texts.teamNameTaken });
    expect(outcomes[2]).toMatchObject({ ok: false, status: 409, message: texts.invitedElsewhere("Alpha") });
    expect(outcomes[3]).toMatchObject({
      ok: false,
      status: 409,
      field: "members",
      message: texts.teammateTaken(mate.email.toUpperCase()),
    });
    expect(outcomes[4]).toMatchObject({ ok: true, status: "confirmed" });
    expect(outcomes[5]).toMatchObject({
      ok: false,
      status: 409,
      field: "members",
      message: texts.teammateTaken(named.email),
    });
    const list = await listRegistrations(testDb.db, event._id);
    expect(list.map((row) => row.teamName)).toEqual(["Alpha", "Named"]);
    // The teammate is invited once, by the team that got them.
    expect(await testDb.db.select().from(mails).where(eq(mails.to, mate.email))).toHaveLength(1);
  });
});
