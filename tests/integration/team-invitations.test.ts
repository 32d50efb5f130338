import fs from "node:fs";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MailingContext } from "~/core/mail.server";
import { attendees, mails, registrations } from "~/db/schema";
import { invitationOfToken, registerAndTell } from "~/features/events/registration-mails.server";
import { registrationMessages } from "~/features/events/registrations";
import type { RegistrationInput } from "~/features/events/registrations.server";
import { declineAndTell, lapseOverdueTeams } from "~/features/events/team-invitation-mails.server";
import { sayMessage } from "~/i18n/message.server";
import type { BackgroundJobs } from "~/wiring/background-jobs.server";
import { startTestJobs } from "../support/background-jobs";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";

/**
 * Naming someone as a teammate is an invitation they answer: accepted or declined, lapsing when
 * nobody answers, limited per registrant, and mailed once per address and event. Through the
 * real job queue (mail stays in the outbox); on PGlite or on TEST_DATABASE_URL's server.
 */
vi.setConfig({ testTimeout: 120_000 });

const TZ = "Asia/Dhaka";
const SOMEONE = { id: null, email: "someone@example.org", ip: "" };
const NOW = new Date("2031-05-15T06:00:00Z");
const HOUR = 3_600_000;
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

const newAccount = (name: string) => addAccount(testDb.db, name);
const teamEvent = (extra: Record<string, string> = {}) =>
  addEvent(testDb.db, { team_size_min: "2", team_size_max: "2", capacity: "1", ...extra });
const stranger = () => `stranger-${uniqueSuffix()}@x.org`;

function registerAs(eventId: string, registrant: { id: string; email: string }, input: RegistrationInput, now = NOW) {
  return registerAndTell(context, { eventId, registrant, input, now, timeZone: TZ }, SOMEONE);
}

const statusOf = async (registrationId: string) =>
  (await testDb.db.select().from(registrations).where(eq(registrations.id, registrationId)))[0]?.status;

const invitationMailsTo = (address: string) =>
  testDb.db
    .select()
    .from(mails)
    .where(and(eq(mails.to, address), like(mails.dedupeKey, "team-invite:%")));

describe("a person named in a team", () => {
  it("is not locked out: they decline the invitation and register on their own", async () => {
    const event = await addEvent(testDb.db, { team_size_min: "1", team_size_max: "2" });
    const [captain, named] = [await newAccount("captain"), await newAccount("named")];
    const team = await registerAs(event._id, captain, { team_name: "Squatters", members: [named.email] });
    expect(team).toMatchObject({ ok: true, status: "pending" });
    if (!team.ok) throw new Error(JSON.stringify(team.message));

    // Registering while only invited says why, and how to get out of it.
    expect(await registerAs(event._id, named, { team_name: "Mine", members: [] })).toMatchObject({
      ok: false,
      status: 409,
      message: registrationMessages.invitedElsewhere("Squatters"),
    });
    const declined = await declineAndTell(
      context,
      { invitation: { eventId: event._id, email: named.email }, now: NOW, timeZone: TZ },
      SOMEONE,
    );
    // A team of one is allowed here: the captain keeps a team of one, now complete.
    expect(declined).toMatchObject({ ok: true, team: "confirmed" });
    expect(await statusOf(team.registrationId)).toBe("confirmed");
    expect(await registerAs(event._id, named, { team_name: "Mine", members: [] })).toMatchObject({
      ok: true,
      status: "confirmed",
    });
    // Declining twice finds nothing to answer.
    expect(
      await declineAndTell(
        context,
        { invitation: { eventId: event._id, email: named.email }, now: NOW, timeZone: TZ },
        SOMEONE,
      ),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("declines from the mail's link without an account; a team too small then gives its place to the waitlist", async () => {
    const event = await teamEvent();
    const [captain, late] = [await newAccount("captain"), await newAccount("late")];
    const named = stranger();
    const team = await registerAs(event._id, captain, { team_name: "Takers", members: [named] });
    const lateMate = stranger();
    const waiting = await registerAs(event._id, late, { team_name: "Late", members: [lateMate] });
    if (!team.ok || !waiting.ok) throw new Error("not registered");
    expect(waiting.status).toBe("waitlisted");

    const [invite] = await invitationMailsTo(named);
    const token = invite?.text.match(/\/invitations\/([A-Za-z0-9_.-]+)/)?.[1] ?? "";
    const attendeeId = invitationOfToken(token, context.secret);
    expect(attendeeId).toBeDefined();
    expect(invitationOfToken(`${token}x`, context.secret)).toBeUndefined();
    const declined = await declineAndTell(
      context,
      { invitation: { attendeeId: attendeeId ?? "" }, now: NOW, timeZone: TZ },
      { id: null, email: named, ip: "" },
    );
    expect(declined).toMatchObject({ ok: true, team: "withdrawn", promoted: [waiting.registrationId] });
    expect(await statusOf(team.registrationId)).toBe("cancelled");
    // The promoted team is not complete yet: it holds the place pending, with a time limit.
    expect(await statusOf(waiting.registrationId)).toBe("pending");
    const told = await testDb.db.select().from(mails).where(eq(mails.to, captain.email));
    expect(told.map((mail) => mail.subject)).toContain(`A teammate declined: ${event.name}`);
    // The team that moved up is told through the person who registered it; the teammate who has
    // not answered yet has their invitation, and no mail saying they are in.
    const movedUp = (address: string) =>
      testDb.db
        .select()
        .from(mails)
        .where(and(eq(mails.to, address), like(mails.dedupeKey, "promoted:%")));
    expect(await movedUp(late.email)).toHaveLength(1);
    expect(await movedUp(lateMate)).toHaveLength(0);
  });
});

describe("a pending team", () => {
  it("holds its place 48 hours at most, never past registration's close, then the place goes to the waitlist", async () => {
    const event = await teamEvent({ registration_closes: "2031-05-18T10:00" });
    const [captain, second, third] = [
      await newAccount("captain"),
      await newAccount("second"),
      await newAccount("third"),
    ];
    const early = await registerAs(event._id, captain, { team_name: "Early", members: [stranger()] });
    const next = await registerAs(event._id, second, { team_name: "Next", members: [stranger()] });
    const last = await registerAs(event._id, third, { team_name: "Last", members: [stranger()] });
    if (!early.ok || !next.ok || !last.ok) throw new Error("not registered");
    const [row] = await testDb.db.select().from(registrations).where(eq(registrations.id, early.registrationId));
    expect(row?.expiresAt?.toISOString()).toBe(new Date(NOW.getTime() + 48 * HOUR).toISOString());

    const hold = (now: Date) => ({ now, timeZone: TZ, hours: 48 });
    expect(await lapseOverdueTeams(context, hold(new Date(NOW.getTime() + 47 * HOUR)))).toBe(0);
    expect(await lapseOverdueTeams(context, hold(new Date(NOW.getTime() + 48 * HOUR)))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(early.registrationId)).toBe("cancelled");
    expect(await statusOf(next.registrationId)).toBe("pending");
    expect(await statusOf(last.registrationId)).toBe("waitlisted");
    // Moved up two days after registering, the next team holds its place only until registration closes
    // (10:00 in Dhaka on 18 May 2031 is 04:00 UTC), sooner than 48 hours.
    const [promoted] = await testDb.db.select().from(registrations).where(eq(registrations.id, next.registrationId));
    expect(promoted?.expiresAt?.toISOString()).toBe("2031-05-18T04:00:00.000Z");
    const toCaptain = await testDb.db.select().from(mails).where(eq(mails.to, captain.email));
    expect(toCaptain.map((mail) => mail.subject)).toContain(`Your team's place has lapsed: ${event.name}`);
    const toSecond = await testDb.db.select().from(mails).where(eq(mails.to, second.email));
    expect(toSecond.map((mail) => mail.subject)).toContain(`A place opened up: ${event.name}`);
  });
});

describe("invitations", () => {
  it("are limited to 10 an hour per registrant, refused before anything is written or mailed", async () => {
    const captain = await newAccount("spammer");
    const events = await Promise.all(Array.from({ length: 11 }, () => teamEvent({ capacity: "50" })));
    const outcomes = [];
    for (const event of events) {
      outcomes.push(await registerAs(event._id, captain, { team_name: `T${uniqueSuffix()}`, members: [stranger()] }));
    }
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.status : outcome.status))).toEqual([
      ...Array.from({ length: 10 }, () => "pending"),
      429,
    ]);
    const refused = outcomes[10];
    expect(refused).toMatchObject({ ok: false, field: "members" });
    if (refused?.ok === false) {
      expect(sayMessage(refused.message, "en")).toMatch(/^You have invited too many people lately/);
    }
    const written = await testDb.db
      .select()
      .from(attendees)
      .where(eq(attendees.eventId, events[10]?._id ?? ""));
    expect(written).toHaveLength(0);
    // Another registrant has invitations of their own.
    expect(
      await registerAs(events[10]?._id ?? "", await newAccount("other"), { team_name: "Other", members: [stranger()] }),
    ).toMatchObject({ ok: true, status: "pending" });
  });

  it("reach an address once per event, however many teams name it", async () => {
    const event = await addEvent(testDb.db, { team_size_min: "2", team_size_max: "2", capacity: "50" });
    const named = stranger();
    for (let i = 0; i < 3; i++) {
      const registered = await registerAs(event._id, await newAccount("namer"), {
        team_name: `Namers ${i}`,
        members: [named],
      });
      if (!registered.ok) throw new Error(JSON.stringify(registered.message));
      const invitation = { eventId: event._id, email: named };
      expect(await declineAndTell(context, { invitation, now: NOW, timeZone: TZ }, SOMEONE)).toMatchObject({
        ok: true,
      });
    }
    expect(await invitationMailsTo(named)).toHaveLength(1);
  });

  it("keep the captain's team name out of the subject, and quote it shortened in the text", async () => {
    const event = await teamEvent({ capacity: "50" });
    const named = stranger();
    const teamName = `URGENT: your account is suspended, call 555 ${"x".repeat(50)}`;
    const registered = await registerAs(event._id, await newAccount("phisher"), {
      team_name: teamName,
      members: [named],
    });
    expect(registered.ok).toBe(true);
    const [invite] = await invitationMailsTo(named);
    expect(invite?.subject).toBe(`Team invitation: ${event.name}`);
    expect(invite?.text).toContain(`“${teamName.slice(0, 59)}…”`);
    expect(invite?.text).not.toContain(teamName);
  });
});

describe("registration mail and the registration", () => {
  it("are written together: when the mail cannot be written, nothing is registered", async () => {
    const event = await addEvent(testDb.db, { capacity: "5" });
    const person = await newAccount("unmailable");
    // Stands for a process that dies between the two writes: the mail's insert fails.
    await testDb.db.execute(
      sql.raw(`create or replace function refuse_unmailable() returns trigger language plpgsql as $$
        begin
          if new."to" like 'unmailable-%' then raise exception 'mail refused'; end if;
          return new;
        end $$`),
    );
    await testDb.db.execute(
      sql.raw(
        "create trigger refuse_unmailable before insert on mails for each row execute function refuse_unmailable()",
      ),
    );
    try {
      await expect(registerAs(event._id, person, { members: [] })).rejects.toThrow();
    } finally {
      await testDb.db.execute(sql.raw("drop trigger refuse_unmailable on mails"));
      await testDb.db.execute(sql.raw("drop function refuse_unmailable()"));
    }
    const rows = await testDb.db.select().from(registrations).where(eq(registrations.eventId, event._id));
    expect(rows).toEqual([]);
    // Registering again works, and is mailed.
    expect(await registerAs(event._id, person, { members: [] })).toMatchObject({ ok: true, status: "confirmed" });
    expect(
      await testDb.db
        .select()
        .from(mails)
        .where(inArray(mails.to, [person.email])),
    ).toHaveLength(1);
  });
});
