import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendees, auditLog } from "~/db/schema";
import { cancelRegistration, register } from "~/features/events/registrations.server";
import { checkIn, listTicketHolders, ticketCode, ticketOfCode } from "~/features/events/tickets.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent } from "../support/event-fixtures";

/** Tickets' codes and checking people in at the door, on PGlite or on TEST_DATABASE_URL's server. */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const SECRET = "check-in-test-secret-0123456789abcdef";
const DOOR_STAFF = { id: null, email: "door@example.org", ip: "198.51.100.4" };
const TZ = "Asia/Dhaka";
/** While registration is open for the test events (they start in 2031). */
const REGISTERED_AT = new Date("2031-05-15T06:00:00Z");
/** The door opens on the event's day. */
const DOOR = new Date("2031-06-01T03:30:00.000Z");
const newAccount = (name = "Person") => addAccount(testDb.db, name);
const newEvent = async (extra: Record<string, string> = {}) => (await addEvent(testDb.db, extra))._id;

async function registered(eventId: string, name = "Person") {
  const account = await newAccount(name);
  const outcome = await register(testDb.db, {
    eventId,
    registrant: account,
    input: { members: [] },
    now: REGISTERED_AT,
    timeZone: TZ,
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.message));
  const [row] = await testDb.db.select().from(attendees).where(eq(attendees.registrationId, outcome.registrationId));
  if (!row) throw new Error("no attendee");
  return { ...outcome, account, code: ticketCode(row.ticket, SECRET), ticket: row.ticket };
}

const checkInAt = (eventId: string, code: string, at?: Date, now = DOOR) =>
  checkIn(testDb.db, { eventId, checkIns: [{ code, at: at?.toISOString() }], secret: SECRET, now, actor: DOOR_STAFF });

describe("ticket codes", () => {
  it("round-trip, typed in lower case with spaces, and refuse a forged or foreign one", async () => {
    const eventId = await newEvent();
    const { code, ticket } = await registered(eventId, "Ana");
    expect(code).toMatch(/^[0-9A-F]{5}(-[0-9A-F]{5}){3}$/);
    expect(ticketOfCode(code, SECRET)).toBe(ticket);
    expect(ticketOfCode(` ${code.toLowerCase().replace(/-/g, " ")} `, SECRET)).toBe(ticket);
    const lastDigit = code.at(-1) === "0" ? "1" : "0";
    expect(ticketOfCode(code.slice(0, -1) + lastDigit, SECRET)).toBeUndefined();
    expect(ticketOfCode(code, "another-site-secret-0123456789abcdef")).toBeUndefined();
    expect(ticketOfCode(code.slice(0, 17), SECRET)).toBeUndefined();
    const holders = await listTicketHolders(testDb.db, eventId, SECRET);
    expect(holders).toEqual([expect.objectContaining({ code, name: "Ana", checkedInAt: null })]);
  });
});

describe("checking in", () => {
  it("lets the first check-in win: a second is `already`, with the first one's time", async () => {
    const eventId = await newEvent();
    const { code } = await registered(eventId, "Bo");
    const first = new Date(DOOR.getTime() - 60_000);
    expect(await checkInAt(eventId, code, first)).toEqual([
      { code, status: "checked_in", name: "Bo", checked_in_at: first.toISOString() },
    ]);
    const typedAgain = code.toLowerCase();
    expect(await checkInAt(eventId, typedAgain, DOOR)).toEqual([
      { code: typedAgain, status: "already", name: "Bo", checked_in_at: first.toISOString() },
    ]);
    const [holder] = await listTicketHolders(testDb.db, eventId, SECRET);
    expect(holder?.checkedInAt).toBe(first.toISOString());
  });

  it("answers a batch in order, the same ticket twice in it included", async () => {
    const eventId = await newEvent();
    const ana = await registered(eventId, "Ana");
    const bo = await registered(eventId, "Bo");
    const outcomes = await checkIn(testDb.db, {
      eventId,
      checkIns: [{ code: ana.code }, { code: "not a code" }, { code: bo.code }, { code: ana.code }],
      secret: SECRET,
      now: DOOR,
      actor: DOOR_STAFF,
    });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["checked_in", "invalid", "checked_in", "already"]);
    const entries = await testDb.db.select().from(auditLog).where(eq(auditLog.entityId, eventId));
    expect(entries).toEqual([
      expect.objectContaining({ actorEmail: DOOR_STAFF.email, entity: "check-ins", label: "2 checked in" }),
    ]);
  });

  it("refuses the codes of waitlisted and cancelled people", async () => {
    const eventId = await newEvent({ capacity: "1" });
    const placed = await registered(eventId, "Placed");
    const waiting = await registered(eventId, "Waiting");
    expect(waiting.status).toBe("waitlisted");
    expect(await checkInAt(eventId, waiting.code)).toEqual([{ code: waiting.code, status: "invalid" }]);
    const cancelled = await cancelRegistration(testDb.db, {
      registrationId: placed.registrationId,
      by: { id: placed.account.id, role: null },
      now: REGISTERED_AT,
      timeZone: TZ,
    });
    expect(cancelled.ok).toBe(true);
    expect(await checkInAt(eventId, placed.code)).toEqual([{ code: placed.code, status: "invalid" }]);
    // The cancelled place went to the waitlist: that ticket holds now.
    expect((await checkInAt(eventId, waiting.code))[0]?.status).toBe("checked_in");
  });

  it("refuses another event's code, and any code for an event id that is not one", async () => {
    const eventId = await newEvent();
    const other = await registered(await newEvent(), "Elsewhere");
    expect(await checkInAt(eventId, other.code)).toEqual([{ code: other.code, status: "invalid" }]);
    expect(await checkInAt("not-a-uuid", other.code)).toEqual([{ code: other.code, status: "invalid" }]);
  });

  it("counts a device's time in the future as now", async () => {
    const eventId = await newEvent();
    const { code } = await registered(eventId);
    const [outcome] = await checkInAt(eventId, code, new Date(DOOR.getTime() + 3_600_000));
    expect(outcome).toMatchObject({ status: "checked_in", checked_in_at: DOOR.toISOString() });
  });

  it("is idempotent under a race: of two devices sending the same ticket at once, one wins", async () => {
    const eventId = await newEvent();
    const { code } = await registered(eventId);
    const outcomes = (await Promise.all([checkInAt(eventId, code, DOOR), checkInAt(eventId, code, DOOR)])).flat();
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["already", "checked_in"]);
  });
});
