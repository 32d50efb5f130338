import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/auth-schema";
import { media } from "~/db/schema";
import {
  accountOfStudent,
  claimStudent,
  findClaimableStudent,
  findMemberProfile,
  findStudentBySlug,
  linkAccount,
  type MemberProfileInput,
  memberProfileInput,
  saveMemberProfile,
  unlinkAccount,
} from "~/features/members/members.server";
import { countStudentsByBatch, listStudents, studentStore } from "~/features/members/students.server";
import { messageOf } from "~/i18n/message";
import { sayFieldErrors } from "~/i18n/message.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/** Members: accounts linked to student records, on PGlite or on TEST_DATABASE_URL's server. */
const MEMBER_ACTOR = { id: null, email: "member@example.org", ip: "" };
let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

const unique = () => crypto.randomBytes(3).toString("hex");

async function newAccount(email: string) {
  const [user] = await testDb.db.insert(users).values({ name: email, email }).returning();
  if (!user) throw new Error("no user");
  return { id: user.id, email: user.email };
}

async function newStudent(name: string, email: string) {
  return studentStore.create(testDb.db, { name, email, photoURL: "/media/p.png", batch: 5 });
}

/** A member with their own record, claimed. */
async function newMember(name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${unique()}@x.org`;
  const account = await newAccount(email);
  const studentId = await newStudent(name, email);
  expect(await claimStudent(testDb.db, account, studentId)).toBe(true);
  return { account, studentId };
}

const profile = (changes: Partial<Record<keyof MemberProfileInput, unknown>>) =>
  memberProfileInput.parse({ name: "Member", photoURL: "/media/p.png", emailVisible: true, ...changes });

describe("claiming a student record", () => {
  it("is offered and allowed only to the account whose email the record has, once", async () => {
    const email = `Claim-${unique()}@X.org`;
    const owner = await newAccount(email.toLowerCase());
    const stranger = await newAccount(`stranger-${unique()}@x.org`);
    const studentId = await newStudent("Claimable Student", email);

    expect(await findClaimableStudent(testDb.db, stranger)).toBeUndefined();
    expect(await claimStudent(testDb.db, stranger, studentId)).toBe(false);
    expect(await findClaimableStudent(testDb.db, owner)).toMatchObject({ id: studentId, name: "Claimable Student" });
    expect(await claimStudent(testDb.db, owner, studentId)).toBe(true);
    expect(await claimStudent(testDb.db, owner, studentId)).toBe(false);
    expect(await findClaimableStudent(testDb.db, owner)).toBeUndefined();
    expect(await findMemberProfile(testDb.db, owner.id)).toMatchObject({ _id: studentId, emailVisible: true });
    expect(await claimStudent(testDb.db, owner, "not-an-id")).toBe(false);
  });
});

describe("an admin linking accounts by hand", () => {
  it("links a record to an account by email, refuses a second record for it, and unlinks", async () => {
    const email = `linked-${unique()}@x.org`;
    const account = await newAccount(email);
    const first = await newStudent("Linked First", "other@x.org");
    const second = await newStudent("Linked Second", "other@x.org");
    expect(await linkAccount(testDb.db, first, "nobody-here@x.org")).toEqual({
      ok: false,
      message: "No account has this email: the person registers first.",
    });
    expect(await linkAccount(testDb.db, first, email.toUpperCase())).toEqual({ ok: true });
    expect(await accountOfStudent(testDb.db, first)).toEqual({ name: email, email });
    expect(await linkAccount(testDb.db, second, email)).toMatchObject({ ok: false });
    expect((await findMemberProfile(testDb.db, account.id))?._id).toBe(first);
    expect(await unlinkAccount(testDb.db, first)).toBe(true);
    expect(await accountOfStudent(testDb.db, first)).toBeUndefined();
    expect(await linkAccount(testDb.db, second, email)).toEqual({ ok: true });
    expect(await linkAccount(testDb.db, "not-an-id", email)).toMatchObject({ ok: false });
  });
});

describe("a member's profile", () => {
  it("saves the member's own record, and a hidden email leaves every public read", async () => {
    const { account, studentId } = await newMember("Profile Keeper");
    const handle = `keeper_${unique()}`;
    const saved = await saveMemberProfile(
      testDb.db,
      account.id,
      profile({ name: "Profile Keeper", session: "2021-2022", codeforces: handle, emailVisible: false, bio: "Hi" }),
      MEMBER_ACTOR,
    );
    expect(saved).toMatchObject({ ok: true, profile: { handles: { codeforces: handle }, emailVisible: false } });

    const row = await findStudentBySlug(testDb.db, (await findMemberProfile(testDb.db, account.id))?.slug ?? "");
    expect(row).toMatchObject({ id: studentId, bio: "Hi" });
    const everyone = await listStudents(testDb.db, { page: 1, pageSize: 500 });
    const shown = everyone.items.find((student) => student._id === studentId);
    expect(shown).toMatchObject({ email: null, handles: { codeforces: handle }, profileUrl: `/students/${row?.slug}` });
    // Admins still see it (the dashboard's form needs it).
    expect((await studentStore.get(testDb.db, studentId))?.email).toBe(account.email);
  });

  it("leaves the Students page, its counts and their own page when they say so, and comes back", async () => {
    const { account, studentId } = await newMember("Quiet Member");
    const slug = (await findMemberProfile(testDb.db, account.id))?.slug ?? "";
    const inBatch5 = async () => (await countStudentsByBatch(testDb.db)).inBatch(5);
    const listed = async () =>
      (await listStudents(testDb.db, { page: 1, pageSize: 500 })).items.some((student) => student._id === studentId);
    const before = await inBatch5();
    expect(await listed()).toBe(true);

    await saveMemberProfile(testDb.db, account.id, profile({ batch: 5, listed: false }), MEMBER_ACTOR);
    expect(await listed()).toBe(false);
    expect(await findStudentBySlug(testDb.db, slug)).toBeUndefined();
    expect(await inBatch5()).toBe(before - 1);
    expect((await studentStore.get(testDb.db, studentId))?.name).toBe("Member");

    // Moving batch while hidden changes no count; coming back counts in the new batch.
    await saveMemberProfile(testDb.db, account.id, profile({ batch: 6, listed: false }), MEMBER_ACTOR);
    expect(await inBatch5()).toBe(before - 1);
    const inBatch6 = (await countStudentsByBatch(testDb.db)).inBatch(6);
    await saveMemberProfile(testDb.db, account.id, profile({ batch: 6 }), MEMBER_ACTOR);
    expect(await listed()).toBe(true);
    expect((await countStudentsByBatch(testDb.db)).inBatch(6)).toBe(inBatch6 + 1);
    expect(await findStudentBySlug(testDb.db, slug)).toBeDefined();
  });

  it("makes the member's own uploaded photo public when they save it, and nobody else's", async () => {
    const { account } = await newMember("Photo Member");
    const upload = async (uploadedBy: string) => {
      const hash = crypto.randomBytes(12).toString("hex");
      await testDb.db
        .insert(media)
        .values({ key: `${hash}-400x400.png`, hash, kind: "image", bytes: 1, uploadedBy, awaitingReview: true });
      return { hash, url: `/media/${hash}-400x400.png` };
    };
    const awaiting = async (hash: string) =>
      (await testDb.db.select().from(media).where(eq(media.hash, hash)))[0]?.awaitingReview;
    const stranger = await upload("visitor:0123456789abcdef");
    await saveMemberProfile(testDb.db, account.id, profile({ photoURL: stranger.url }), MEMBER_ACTOR);
    expect(await awaiting(stranger.hash)).toBe(true);
    const own = await upload(`user:${account.id}`);
    await saveMemberProfile(testDb.db, account.id, profile({ photoURL: own.url }), MEMBER_ACTOR);
    expect(await awaiting(own.hash)).toBe(false);
  });

  it("refuses bad handles, sessions and links by name", () => {
    const result = memberProfileInput.safeParse({
      name: "X",
      photoURL: "/media/p.png",
      session: "2020-20210",
      codeforces: "a b",
      atcoder: "x",
      github: "javascript:alert(1)",
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]).sort();
    expect(fields).toEqual(["atcoder", "codeforces", "github", "session"]);
  });

  it("gives a handle to one member per judge, whatever its case: the other gets 409 naming the judge", async () => {
    const first = await newMember("Handle First");
    const second = await newMember("Handle Second");
    const handle = `Shared_${unique()}`;
    expect((await saveMemberProfile(testDb.db, first.account.id, profile({ vjudge: handle }), MEMBER_ACTOR)).ok).toBe(
      true,
    );
    const taken = await saveMemberProfile(
      testDb.db,
      second.account.id,
      profile({ vjudge: handle.toLowerCase() }),
      MEMBER_ACTOR,
    );
    expect(taken).toEqual({
      ok: false,
      status: 409,
      errors: { vjudge: messageOf("messages.field.handleTaken", { judge: "vjudge" }) },
    });
    expect(sayFieldErrors(taken.ok ? {} : taken.errors, "en")).toEqual({
      vjudge: "This vjudge handle belongs to another member.",
    });
    // The same handle on another judge is someone else's business.
    expect((await saveMemberProfile(testDb.db, second.account.id, profile({ atcoder: handle }), MEMBER_ACTOR)).ok).toBe(
      true,
    );
  });

  it("settles a race for one handle: of two members saving it at once, one wins and one gets 409", async () => {
    const members = await Promise.all([newMember("Racer One"), newMember("Racer Two")]);
    const handle = `race_${unique()}`;
    const outcomes = await Promise.all(
      members.map((member) =>
        saveMemberProfile(testDb.db, member.account.id, profile({ codechef: handle }), MEMBER_ACTOR),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, status: 409, errors: { codechef: messageOf("messages.field.handleTaken", { judge: "CodeChef" }) } },
    ]);
  });

  it("is not there for an account without a record; saving then is 404", async () => {
    const account = await newAccount(`nobody-${unique()}@x.org`);
    expect(await findMemberProfile(testDb.db, account.id)).toBeUndefined();
    expect(await saveMemberProfile(testDb.db, account.id, profile({}), MEMBER_ACTOR)).toEqual({
      ok: false,
      status: 404,
      errors: {},
    });
  });

  it("keeps a student's address when the record is edited; a new one with the same name gets its own", async () => {
    const name = `Same Name ${unique()}`;
    const first = await newStudent(name, "a@x.org");
    const second = await newStudent(name, "b@x.org");
    const slugOf = async (id: string) => (await studentStore.get(testDb.db, id))?.profileUrl;
    expect(await slugOf(first)).toBe(`/students/${name.toLowerCase().replace(/ /g, "-")}`);
    expect(await slugOf(second)).toBe(`/students/${name.toLowerCase().replace(/ /g, "-")}-2`);
    await studentStore.update(testDb.db, first, { name: "Renamed", email: "a@x.org", photoURL: "/media/p.png" });
    expect(await slugOf(first)).toBe(`/students/${name.toLowerCase().replace(/ /g, "-")}`);
  });
});
