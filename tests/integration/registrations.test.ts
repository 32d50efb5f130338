import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/auth-schema";
import { attendees, registrations } from "~/db/schema";
import {
  cancelRegistration,
  confirmTeammate,
  findMyRegistration,
  listRegistrations,
  moveOffWaitlist,
  type RegistrationInput,
  register,
} from "~/features/events/registrations.server";
import { sayMessage } from "~/i18n/message.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";

/** Registering for events, teams, the waitlist and cancelling, on PGlite or on TEST_DATABASE_URL's server. */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const TZ = "Asia/Dhaka";
/** Before every test event's registration closes (they start in 2031). */
const NOW = new Date("2031-05-15T06:00:00Z");
const newAccount = (name = "person", batch?: number) =>
  addAccount(testDb.db, name, batch === undefined ? undefined : { batch });
const newEvent = (extra: Record<string, string> = {}) => addEvent(testDb.db, extra);

const solo: RegistrationInput = { members: [] };

/** Registers; a refusal's message as the API words it (English). */
async function registerAs(eventId: string, registrant: { id: string; email: string }, input = solo, now = NOW) {
  const outcome = await register(testDb.db, { eventId, registrant, input, now, timeZone: TZ });
  return outcome.ok ? outcome : { ...outcome, message: sayMessage(outcome.message, "en") };
}

async function statusOf(registrationId: string) {
  const [row] = await testDb.db.select().from(registrations).where(eq(registrations.id, registrationId));
  return row?.status;
}

describe("registering alone", () => {
  it("confirms within capacity, then waitlists in order with positions", async () => {
    const event = await newEvent({ capacity: "2" });
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await registerAs(event._id, await newAccount()));
    expect(outcomes.map((outcome) => outcome.ok && [outcome.status, outcome.position])).toEqual([
      ["confirmed", undefined],
      ["confirmed", undefined],
      ["waitlisted", 1],
      ["waitlisted", 2],
    ]);
  });

  it("refuses a second registration, a full event without a waitlist, and a closed window", async () => {
    const event = await newEvent({ capacity: "1", waitlist: "false", registration_opens: "2031-05-10T09:00" });
    const first = await newAccount();
    expect((await registerAs(event._id, first)).ok).toBe(true);
    expect(await registerAs(event._id, first)).toMatchObject({
      ok: false,
      status: 409,
      message: "You are already registered for this event.",
    });
    expect(await registerAs(event._id, await newAccount())).toMatchObject({
      ok: false,
      message: "This event is full, and it keeps no waitlist.",
    });
    const early = await registerAs(event._id, await newAccount(), solo, new Date("2031-05-01T00:00:00Z"));
    expect(early).toMatchObject({ ok: false, status: 409, message: "Registration opens on 2031-05-10 at 09:00." });
    // Registration closes when the event starts (10:00 in Dhaka is 04:00 UTC) when no close is set.
    const late = await registerAs(event._id, await newAccount(), solo, new Date("2031-06-01T04:00:00Z"));
    expect(late).toMatchObject({ ok: false, message: "Registration for this event is closed." });
  });

  it("keeps out batches the event is not open to", async () => {
    const event = await newEvent({ eligible_batches: "7, 8" });
    expect(await registerAs(event._id, await newAccount("old", 6))).toMatchObject({ ok: false, status: 403 });
    expect(await registerAs(event._id, await newAccount("no-profile"))).toMatchObject({ ok: false, status: 403 });
    expect((await registerAs(event._id, await newAccount("fresh", 8))).ok).toBe(true);
  });

  it("gives 50 places to the first 50 of 200 registering at once, and lines the rest up in order", async () => {
    const event = await newEvent({ capacity: "50" });
    const people = await Promise.all(Array.from({ length: 200 }, () => newAccount("crowd")));
    const outcomes = await Promise.all(people.map((person) => registerAs(event._id, person)));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const list = await listRegistrations(testDb.db, event._id);
    expect(list.filter((row) => row.status === "confirmed")).toHaveLength(50);
    const waiting = list.filter((row) => row.status === "waitlisted");
    expect(waiting.map((row) => row.waitlistPosition)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    // Each caller was told the position the list now shows, and nobody was told twice.
    const told = new Map(outcomes.flatMap((o) => (o.ok && o.position ? [[o.registrationId, o.position]] : [])));
    expect(waiting.map((row) => told.get(row.id))).toEqual(waiting.map((row) => row.waitlistPosition));
  });
});

describe("teams", () => {
  async function teamEvent(extra: Record<string, string> = {}) {
    return newEvent({ team_size_min: "3", team_size_max: "3", capacity: "1", ...extra });
  }

  it("checks the team's size, its name and every address, and saves nothing when one is wrong", async () => {
    const event = await teamEvent();
    const captain = await newAccount("captain");
    const [a, b] = [await newAccount("a"), await newAccount("b")];
    const tried = (input: RegistrationInput) => registerAs(event._id, captain, input);
    expect(await tried({ team_name: "T", members: [a.email] })).toMatchObject({ status: 400, field: "members" });
    expect(await tried({ members: [a.email, b.email] })).toMatchObject({ status: 400, field: "team_name" });
    expect(await tried({ team_name: "T", members: [a.email, a.email.toUpperCase()] })).toMatchObject({
      message: `${a.email.toUpperCase()} is named twice.`,
    });
    expect(await tried({ team_name: "T", members: [captain.email, b.email] })).toMatchObject({
      message: "You are in the team already: name only your teammates.",
    });
    const other = await registerAs(event._id, await newAccount("rival"), {
      team_name: "Rivals",
      members: [b.email, `x-${uniqueSuffix()}@x.org`],
    });
    expect(other.ok).toBe(true);
    expect(await tried({ team_name: "T", members: [a.email, b.email] })).toMatchObject({
      status: 409,
      message: `${b.email} is already in another team for this event.`,
    });
    expect(await tried({ team_name: "rivals", members: [a.email, `y-${uniqueSuffix()}@x.org`] })).toMatchObject({
      status: 409,
      field: "team_name",
    });
    const rows = await testDb.db.select().from(attendees).where(eq(attendees.eventId, event._id));
    expect(rows.map((row) => row.email).sort()).toHaveLength(3);
  });

  it("holds a place as pending until every teammate confirms, signed in with the named address", async () => {
    const event = await teamEvent();
    const captain = await newAccount("captain");
    const mate = await newAccount("mate");
    const newcomer = `newcomer-${uniqueSuffix()}@x.org`;
    const registered = await registerAs(event._id, captain, { team_name: "Alpha", members: [mate.email, newcomer] });
    if (!registered.ok) throw new Error(registered.message);
    expect(registered.status).toBe("pending");
    expect(await confirmTeammate(testDb.db, { eventId: event._id, user: await newAccount("stranger") })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await confirmTeammate(testDb.db, { eventId: event._id, user: mate })).toMatchObject({
      ok: true,
      teamConfirmed: false,
    });
    // The newcomer makes an account with the address the captain gave, then confirms.
    const [account] = await testDb.db.insert(users).values({ name: "Newcomer", email: newcomer }).returning();
    if (!account) throw new Error("no account");
    const done = await confirmTeammate(testDb.db, { eventId: event._id, user: { id: account.id, email: newcomer } });
    expect(done).toMatchObject({ ok: true, teamConfirmed: true });
    expect(await statusOf(registered.registrationId)).toBe("confirmed");
    const mine = await findMyRegistration(testDb.db, { event, user: mate, now: NOW, timeZone: TZ });
    expect(mine).toMatchObject({ teamName: "Alpha", isCaptain: false, confirmedByMe: true, mayCancel: false });
    expect(mine?.people.map((person) => person.confirmed)).toEqual([true, true, true]);
  });
});

describe("cancelling", () => {
  it("gives a cancelled place to the first in line; only the captain or an admin may cancel", async () => {
    const event = await newEvent({ capacity: "1", registration_closes: "2031-05-31T23:00" });
    const [first, second, third] = [await newAccount(), await newAccount(), await newAccount()];
    const held = await registerAs(event._id, first);
    const next = await registerAs(event._id, second);
    const last = await registerAs(event._id, third);
    if (!held.ok || !next.ok || !last.ok) throw new Error("not registered");
    expect(
      await cancelRegistration(testDb.db, {
        registrationId: held.registrationId,
        by: { id: second.id, role: null },
        now: NOW,
        timeZone: TZ,
      }),
    ).toMatchObject({ ok: false, status: 403 });
    const cancelled = await cancelRegistration(testDb.db, {
      registrationId: held.registrationId,
      by: { id: first.id, role: null },
      now: NOW,
      timeZone: TZ,
    });
    expect(cancelled).toMatchObject({ ok: true, promoted: [next.registrationId] });
    expect(await statusOf(next.registrationId)).toBe("confirmed");
    expect(
      (await findMyRegistration(testDb.db, { event, user: third, now: NOW, timeZone: TZ }))?.waitlistPosition,
    ).toBe(1);
    // Once registration has closed the person may not cancel, an admin still may.
    const afterClose = new Date("2031-06-01T00:00:00Z");
    const byPerson = {
      registrationId: next.registrationId,
      by: { id: second.id, role: null },
      now: afterClose,
      timeZone: TZ,
    };
    expect(await cancelRegistration(testDb.db, byPerson)).toMatchObject({ ok: false, status: 409 });
    expect(
      await cancelRegistration(testDb.db, { ...byPerson, by: { id: first.id, role: "admin" as const } }),
    ).toMatchObject({
      ok: true,
      promoted: [last.registrationId],
    });
    // Cancelled people may register again.
    expect((await registerAs(event._id, first)).ok).toBe(true);
  });

  it("lets an admin move someone off the waitlist beyond capacity", async () => {
    const event = await newEvent({ capacity: "1" });
    await registerAs(event._id, await newAccount());
    const waiting = await registerAs(event._id, await newAccount());
    if (!waiting.ok) throw new Error(JSON.stringify(waiting.message));
    expect(await moveOffWaitlist(testDb.db, waiting.registrationId)).toMatchObject({ ok: true, status: "confirmed" });
    expect(await moveOffWaitlist(testDb.db, waiting.registrationId)).toMatchObject({ ok: false, status: 409 });
  });
});
