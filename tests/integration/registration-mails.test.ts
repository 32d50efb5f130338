import fs from "node:fs";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MailingContext } from "~/core/mail.server";
import { auditLog, mails } from "~/db/schema";
import { sendEventReminders } from "~/features/events/event-reminders.server";
import {
  cancelAndTell,
  confirmAndTell,
  mailEveryoneRegistered,
  registerAndTell,
} from "~/features/events/registration-mails.server";
import type { BackgroundJobs } from "~/wiring/background-jobs.server";
import { startTestJobs } from "../support/background-jobs";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";

/**
 * What registering tells people by mail, and the reminders before an event, through the real
 * job queue (without SMTP: the mail stays in the outbox); on PGlite or on TEST_DATABASE_URL's server.
 */
vi.setConfig({ testTimeout: 120_000 });

const TZ = "Asia/Dhaka";
const SOMEONE = { id: null, email: "someone@example.org", ip: "" };
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

const newAccount = (name: string) => addAccount(testDb.db, name);
const newEvent = (extra: Record<string, string>) => addEvent(testDb.db, extra);

const mailsTo = async (addresses: string[]) =>
  testDb.db.select().from(mails).where(inArray(mails.to, addresses)).orderBy(mails.createdAt);

describe("registration mail", () => {
  it("tells the captain, invites teammates, tells a complete team, and tells who moves off the waitlist", async () => {
    const event = await newEvent({ team_size_min: "2", team_size_max: "2", capacity: "1" });
    const [captain, mate, late] = [await newAccount("captain"), await newAccount("mate"), await newAccount("late")];
    const registered = await registerAndTell(
      context,
      {
        eventId: event._id,
        registrant: captain,
        input: { team_name: "Alpha", members: [mate.email] },
        now: NOW,
        timeZone: TZ,
      },
      SOMEONE,
    );
    expect(registered).toMatchObject({ ok: true, status: "pending" });
    if (!registered.ok) throw new Error("not registered");
    const [entry] = await testDb.db.select().from(auditLog).where(eq(auditLog.entityId, registered.registrationId));
    expect(entry).toMatchObject({
      action: "create",
      entity: "registrations",
      label: `${captain.email} at ${event.name}`,
    });
    const invite = (await mailsTo([mate.email]))[0];
    expect(invite?.subject).toBe(`Team invitation: ${event.name}`);
    expect(invite?.text).toContain("https://club.example.org/invitations/");
    expect((await mailsTo([captain.email]))[0]?.subject).toBe(`Registered: ${event.name}`);

    await confirmAndTell(context, { eventId: event._id, user: mate }, SOMEONE);
    expect((await mailsTo([captain.email, mate.email])).map((mail) => mail.subject)).toContain(
      `Your team is registered: ${event.name}`,
    );

    const waiting = await registerAndTell(
      context,
      {
        eventId: event._id,
        registrant: late,
        input: { team_name: "Beta", members: [`friend-${uniqueSuffix()}@x.org`] },
        now: NOW,
        timeZone: TZ,
      },
      SOMEONE,
    );
    expect(waiting).toMatchObject({ ok: true, status: "waitlisted", position: 1 });
    expect((await mailsTo([late.email]))[0]?.subject).toBe(`On the waitlist: ${event.name}`);
    if (!registered.ok) throw new Error("not registered");
    await cancelAndTell(
      context,
      {
        registrationId: registered.registrationId,
        by: { id: captain.id, role: null },
        now: NOW,
        timeZone: TZ,
      },
      SOMEONE,
    );
    expect((await mailsTo([late.email])).map((mail) => mail.subject)).toContain(`A place opened up: ${event.name}`);
  });
});

describe("mail from the organisers", () => {
  it("reaches everyone holding a place, and the waitlist only when asked", async () => {
    const event = await newEvent({ capacity: "1" });
    const [inside, waiting] = [await newAccount("inside"), await newAccount("waiting")];
    for (const person of [inside, waiting]) {
      await registerAndTell(
        context,
        {
          eventId: event._id,
          registrant: person,
          input: { members: [] },
          now: NOW,
          timeZone: TZ,
        },
        SOMEONE,
      );
    }
    const message = {
      subject: `Room change ${uniqueSuffix()}`,
      body: "We moved to Lab 3.\n\nSee you there.",
      withWaitlist: false,
    };
    expect(await mailEveryoneRegistered(context, event, message)).toBe(1);
    expect(await mailEveryoneRegistered(context, event, { ...message, withWaitlist: true })).toBe(2);
    const sent = await testDb.db.select().from(mails).where(like(mails.subject, message.subject));
    expect(sent.map((mail) => mail.to).sort()).toEqual([inside.email, inside.email, waiting.email].sort());
    expect(sent[0]?.text).toContain("We moved to Lab 3.");
  });
});

describe("event reminders", () => {
  it("mails people with a ticket a day before and an hour before, each once", async () => {
    // 10:00 in Dhaka on 1 June 2031 is 04:00 UTC.
    const event = await newEvent({});
    const person = await newAccount("reminded");
    await registerAndTell(
      context,
      {
        eventId: event._id,
        registrant: person,
        input: { members: [] },
        now: NOW,
        timeZone: TZ,
      },
      SOMEONE,
    );
    const reminders = () =>
      testDb.db
        .select()
        .from(mails)
        .where(like(mails.dedupeKey, `event-reminder:%:${event._id}:%`));

    await sendEventReminders(context, new Date("2031-05-31T03:00:00Z"), TZ);
    expect(await reminders()).toHaveLength(0);
    await sendEventReminders(context, new Date("2031-05-31T04:30:00Z"), TZ);
    await sendEventReminders(context, new Date("2031-05-31T20:00:00Z"), TZ);
    const dayBefore = await reminders();
    expect(dayBefore.map((mail) => [mail.to, mail.subject])).toEqual([[person.email, `Tomorrow: ${event.name}`]]);
    expect(dayBefore[0]?.text).toMatch(/Your ticket's code is [0-9A-F]{5}(-[0-9A-F]{5}){3}\./);

    await sendEventReminders(context, new Date("2031-06-01T03:30:00Z"), TZ);
    await sendEventReminders(context, new Date("2031-06-01T03:59:00Z"), TZ);
    await sendEventReminders(context, new Date("2031-06-01T04:01:00Z"), TZ);
    expect((await reminders()).map((mail) => mail.subject).sort()).toEqual([
      `In an hour: ${event.name}`,
      `Tomorrow: ${event.name}`,
    ]);
  });
});
