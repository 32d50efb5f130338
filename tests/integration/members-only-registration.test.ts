import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { membershipApplications, membershipRounds } from "~/db/schema";
import { register } from "~/features/events/registrations.server";
import type { Message } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";

/** Registering for a members-only event: the registration module refuses non-members, as the page and the API call it. */
let testDb: TestDatabase;
let roundId: string;
beforeAll(async () => {
  testDb = await createTestDatabase();
  const [round] = await testDb.db
    .insert(membershipRounds)
    .values({ session: "2030-31", opensOn: "2031-01-01", closesOn: "2031-01-31" })
    .returning({ id: membershipRounds.id });
  if (!round) throw new Error("no round");
  roundId = round.id;
});
afterAll(() => testDb.close());

const BEFORE = new Date("2031-05-15T06:00:00Z");

/** A refusal as the API words it (the module answers a message, or its English). */
const inEnglish = (message: Message | string) => (typeof message === "string" ? message : sayMessage(message, "en"));
const refusalOf = async (
  outcome: Promise<{ ok: true } | { ok: false; status: number; field?: string; message: Message | string }>,
) => {
  const answer = await outcome;
  if (answer.ok) throw new Error("registered");
  return { status: answer.status, field: answer.field, message: inEnglish(answer.message) };
};

async function member() {
  const person = await addAccount(testDb.db, `Member ${uniqueSuffix()}`);
  await testDb.db
    .insert(membershipApplications)
    .values({ roundId, userId: person.id, name: "Member", photoURL: "", status: "approved" });
  return person;
}

const registering = (eventId: string, person: { id: string; email: string }, extra: object = {}) =>
  register(testDb.db, {
    eventId,
    registrant: person,
    input: { members: [] },
    now: BEFORE,
    timeZone: "Asia/Dhaka",
    ...extra,
  });

describe("registering for a members-only event", () => {
  it("takes members, refuses everyone else with 403 and why, and lets an admin register anyone", async () => {
    const event = await addEvent(testDb.db, { members_only: "true" });
    expect(await registering(event._id, await member())).toMatchObject({ ok: true });
    const stranger = await addAccount(testDb.db, `Stranger ${uniqueSuffix()}`);
    expect(await refusalOf(registering(event._id, stranger))).toEqual({
      status: 403,
      field: undefined,
      message: sayMessage({ key: "messages.registration.membersOnly" }, "en"),
    });
    expect(await registering(event._id, stranger, { byAdmin: true })).toMatchObject({ ok: true });
    // The same person registers for an event open to all.
    expect(await registering((await addEvent(testDb.db))._id, stranger)).toMatchObject({ ok: true });
  });

  it("refuses a team naming a teammate who has an account and is no member", async () => {
    const event = await addEvent(testDb.db, { members_only: "true", team_size_min: "1", team_size_max: "3" });
    const outsider = await addAccount(testDb.db, `Outsider ${uniqueSuffix()}`);
    const teamOf = (members: string[]) => ({ input: { team_name: `Team ${uniqueSuffix()}`, members } });
    expect(await refusalOf(registering(event._id, await member(), teamOf([outsider.email])))).toEqual({
      status: 403,
      field: "members",
      message: sayMessage({ key: "messages.registration.teammateNotMember", values: { email: outsider.email } }, "en"),
    });
    const teammate = await member();
    expect(await registering(event._id, await member(), teamOf([teammate.email]))).toMatchObject({ ok: true });
  });
});
