import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { membershipApplications, membershipRounds } from "~/db/schema";
import { membersOnlyRefusals } from "~/features/events/members-only.server";
import { currentRound } from "~/features/members/membership.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";

/** Members-only events: who counts as a member (the current round's approved applicants), and the field. */
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

async function addRound(opensOn: string, closesOn: string) {
  const [row] = await testDb.db
    .insert(membershipRounds)
    .values({ session: "2030-31", opensOn, closesOn })
    .returning({ id: membershipRounds.id });
  if (!row) throw new Error("no round");
  return row.id;
}

async function applied(roundId: string, person: { id: string }, status: "pending" | "approved" | "rejected") {
  await testDb.db
    .insert(membershipApplications)
    .values({ roundId, userId: person.id, name: "Applicant", photoURL: "", status });
}

const newPerson = () => addAccount(testDb.db, `Person ${uniqueSuffix()}`);
const alone = (person: { email: string }) => ({ captainEmail: person.email, teammates: [] });
const keys = (refusals: ({ message: { key: string } } | undefined)[]) =>
  refusals.map((refusal) => refusal?.message.key);

describe("members-only events", () => {
  it("take the approved applicants of the round opened last, closed or not, and nobody else", async () => {
    // Rounds far in the future of the other tests' data, so this test's rounds are the current ones.
    const spring = await addRound("2040-01-10", "2040-01-31");
    const autumn = await addRound("2040-07-01", "2040-07-20");
    await addRound("2041-01-10", "2041-01-31");
    const [springMember, autumnMember, pending, rejected, stranger] = await Promise.all(
      Array.from({ length: 5 }, newPerson),
    );
    if (!springMember || !autumnMember || !pending || !rejected || !stranger) throw new Error("no people");
    await applied(spring, springMember, "approved");
    await applied(autumn, autumnMember, "approved");
    await applied(autumn, pending, "pending");
    await applied(autumn, rejected, "rejected");
    const event = await addEvent(testDb.db, { members_only: "true" });
    expect(event.members_only).toBe(true);
    const people = [springMember, autumnMember, pending, rejected, stranger].map(alone);

    // August 2040: the autumn round has closed but is still the current one; the next opens in 2041.
    expect((await currentRound(testDb.db, "2040-08-15"))?._id).toBe(autumn);
    expect(keys(await membersOnlyRefusals(testDb.db, event, people, "2040-08-15"))).toEqual([
      "messages.registration.membersOnly",
      undefined,
      "messages.registration.membersOnly",
      "messages.registration.membersOnly",
      "messages.registration.membersOnly",
    ]);
    // In spring the spring round's members are the members.
    expect(keys(await membersOnlyRefusals(testDb.db, event, people.slice(0, 2), "2040-03-01"))).toEqual([
      undefined,
      "messages.registration.membersOnly",
    ]);
    // Once the next round opens, last round's members are members no more until approved again.
    expect(keys(await membersOnlyRefusals(testDb.db, event, people.slice(1, 2), "2041-01-10"))).toEqual([
      "messages.registration.membersOnly",
    ]);
  });

  it("refuse a team with a teammate who has an account and is no member; one without an account is asked when they confirm", async () => {
    const round = await addRound("2050-01-01", "2050-01-31");
    const [captain, teammate, outsider] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    if (!captain || !teammate || !outsider) throw new Error("no people");
    await applied(round, captain, "approved");
    await applied(round, teammate, "approved");
    const event = await addEvent(testDb.db, { members_only: "true", team_size_min: "1", team_size_max: "3" });
    const newcomer = `newcomer-${uniqueSuffix()}@example.org`;
    const refusals = await membersOnlyRefusals(
      testDb.db,
      event,
      [
        { captainEmail: captain.email, teammates: [teammate.email.toUpperCase(), newcomer] },
        { captainEmail: captain.email, teammates: [teammate.email, outsider.email] },
      ],
      "2050-02-01",
    );
    expect(refusals).toEqual([
      undefined,
      {
        ok: false,
        status: 403,
        message: { key: "messages.registration.teammateNotMember", values: { email: outsider.email } },
        field: "members",
      },
    ]);
  });

  it("leave everyone be on an event open to all, which is what an event saved without the field is", async () => {
    const event = await addEvent(testDb.db);
    expect(event.members_only).toBe(false);
    const stranger = await newPerson();
    expect(await membersOnlyRefusals(testDb.db, event, [alone(stranger)], "2050-02-01")).toEqual([undefined]);
  });
});
