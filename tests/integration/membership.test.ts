import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/auth-schema";
import { findMemberProfile } from "~/features/members/members.server";
import {
  type Applied,
  applicationInput,
  applicationsOf,
  apply,
  createRound,
  decideApplications,
  listApplications,
  openRound,
  roundInput,
} from "~/features/members/membership.server";
import { listStudents, studentStore } from "~/features/members/students.server";
import { sayMessage } from "~/i18n/message.server";
import { issueMessage } from "~/lib/field-errors";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** Membership rounds and applications, on PGlite or on TEST_DATABASE_URL's server. */
const DECIDER = { id: null, email: "decider@example.org", ip: "" };
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const unique = () => crypto.randomBytes(3).toString("hex");

/** An account; applicants have proved their address (/join asks for it), unless `emailVerified` is false. */
async function newAccount(prefix: string, emailVerified = true) {
  const email = `${prefix}-${unique()}@x.org`;
  const [user] = await testDb.db.insert(users).values({ name: prefix, email, emailVerified }).returning();
  if (!user) throw new Error("no user");
  return { id: user.id, email };
}

const application = (name: string, batch = 8) =>
  applicationInput.parse({ name, batch, photoURL: "/media/a.png", studentId: "CSE-01" });

describe("membership rounds", () => {
  it("is open between its dates (inclusive); the latest to open wins", async () => {
    await createRound(
      testDb.db,
      roundInput.parse({ session: "2031-2032", opens_on: "2031-01-01", closes_on: "2031-01-31" }),
    );
    const later = await createRound(
      testDb.db,
      roundInput.parse({ session: "2032-2033", opens_on: "2031-01-20", closes_on: "2031-02-10", note: "Second call" }),
    );
    expect((await openRound(testDb.db, "2030-12-31"))?.session).toBeUndefined();
    expect((await openRound(testDb.db, "2031-01-01"))?.session).toBe("2031-2032");
    expect(await openRound(testDb.db, "2031-01-25")).toMatchObject({ _id: later, note: "Second call" });
    expect((await openRound(testDb.db, "2031-02-11"))?.session).toBeUndefined();
    const backwards = roundInput.safeParse({ session: "x", opens_on: "2031-02-01", closes_on: "2031-01-01" });
    expect(backwards.error?.issues.map((issue) => [issue.path[0], sayMessage(issueMessage(issue), "en")])).toEqual([
      ["closes_on", "Closes on must be on or after Opens on"],
    ]);
  });
});

/** A refusal as the API words it. */
const inEnglish = (applied: Applied) =>
  applied.ok ? applied : { ...applied, message: sayMessage(applied.message, "en") };

describe("applications", () => {
  it("are refused twice in one round, outside its dates and for a round that isn't there", async () => {
    const round = await createRound(
      testDb.db,
      roundInput.parse({ session: "2040-2041", opens_on: "2040-01-01", closes_on: "2040-01-31" }),
    );
    const person = await newAccount("applicant");
    expect(inEnglish(await apply(testDb.db, person, round, application("Applicant"), "2039-12-31"))).toEqual({
      ok: false,
      status: 409,
      message: "This membership round is closed.",
    });
    expect((await apply(testDb.db, person, round, application("Applicant"), "2040-01-10")).ok).toBe(true);
    expect(inEnglish(await apply(testDb.db, person, round, application("Applicant"), "2040-01-11"))).toEqual({
      ok: false,
      status: 409,
      message: "You have already applied in this round.",
    });
    expect((await apply(testDb.db, person, "not-an-id", application("X"), "2040-01-11")).ok).toBe(false);
    expect(
      (await apply(testDb.db, person, "00000000-0000-4000-8000-000000000000", application("X"), "2040-01-11")).ok,
    ).toBe(false);
  });

  it("approved: the person is a member on the Students page; rejected: they see the reason", async () => {
    const round = await createRound(
      testDb.db,
      roundInput.parse({ session: "2050-2051", opens_on: "2050-01-01", closes_on: "2050-01-31" }),
    );
    const [ana, bo, cy] = await Promise.all(["ana", "bo", "cy"].map((prefix) => newAccount(prefix)));
    if (!ana || !bo || !cy) throw new Error("no accounts");
    const ids: string[] = [];
    for (const [person, name, batch] of [
      [ana, `Ana ${unique()}`, 8],
      [bo, `Bo ${unique()}`, 9],
      [cy, `Cy ${unique()}`, 8],
    ] as const) {
      const applied = await apply(testDb.db, person, round, application(name, batch), "2050-01-02");
      if (!applied.ok) throw new Error(sayMessage(applied.message, "en"));
      ids.push(applied.id);
    }
    const waiting = await listApplications(testDb.db, round, { status: "pending", batch: 8 }, 1);
    expect(waiting.items.map((item) => item.email)).toEqual([ana.email, cy.email]);

    expect(await decideApplications(testDb.db, [ids[0]!, ids[1]!], "approve", undefined, DECIDER)).toBe(2);
    expect(await decideApplications(testDb.db, [ids[0]!], "reject", "too late", DECIDER)).toBe(0);
    expect(await decideApplications(testDb.db, [ids[2]!], "reject", "  Not a CSE student  ", DECIDER)).toBe(1);

    const anaProfile = await findMemberProfile(testDb.db, ana.id);
    expect(anaProfile).toMatchObject({ batch: 8, session: "2050-2051", studentId: "CSE-01", email: ana.email });
    const listed = await listStudents(testDb.db, { page: 1, pageSize: 500 });
    expect(listed.items.some((student) => student._id === anaProfile?._id)).toBe(true);
    expect(await findMemberProfile(testDb.db, cy.id)).toBeUndefined();
    expect(await applicationsOf(testDb.db, cy.id)).toMatchObject([{ status: "rejected", reason: "Not a CSE student" }]);
    expect((await listApplications(testDb.db, round, { status: "approved" }, 1)).total).toBe(2);
  });

  it("approving someone whose record an admin made links that record instead of making a second", async () => {
    const round = await createRound(
      testDb.db,
      roundInput.parse({ session: "2060-2061", opens_on: "2060-01-01", closes_on: "2060-01-31" }),
    );
    const person = await newAccount("recorded");
    const recordId = await studentStore.create(testDb.db, {
      name: "Recorded Person",
      email: person.email.toUpperCase(),
      photoURL: "/media/r.png",
    });
    const applied = await apply(testDb.db, person, round, application("Recorded Person", 3), "2060-01-05");
    if (!applied.ok) throw new Error(sayMessage(applied.message, "en"));
    await decideApplications(testDb.db, [applied.id], "approve", undefined, DECIDER);
    expect(await findMemberProfile(testDb.db, person.id)).toMatchObject({ _id: recordId, batch: 3 });

    // An account that never proved its address (an application from before that was asked)
    // gets a record of its own: the one made for the address stays for its owner.
    const unproved = await newAccount("unproved", false);
    const theirs = await studentStore.create(testDb.db, {
      name: "Unproved Person",
      email: unproved.email,
      photoURL: "/media/u.png",
    });
    const appliedUnproved = await apply(testDb.db, unproved, round, application("Someone Else", 4), "2060-01-06");
    if (!appliedUnproved.ok) throw new Error(sayMessage(appliedUnproved.message, "en"));
    await decideApplications(testDb.db, [appliedUnproved.id], "approve", undefined, DECIDER);
    const made = await findMemberProfile(testDb.db, unproved.id);
    expect(made?._id).not.toBe(theirs);
    expect(made?.name).toBe("Someone Else");
  });
});
