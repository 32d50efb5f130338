import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { judgeAccounts, judgePace, judgeRatingChanges, judgeSolves, students } from "~/db/schema";
import { contestsCalendar, readCodeforcesContests, upcomingJudgeContests } from "~/features/practice/contests.server";
import { practiceBoard } from "~/features/practice/leaderboard.server";
import { practiceOf } from "~/features/practice/progress.server";
import { type SyncSettings, syncAtcoder, syncCodeforces } from "~/features/practice/sync.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { ATCODER_HANDLE, type StandInJudges, startStandInJudges } from "../support/judges";

/**
 * Reading members' practice from the judges, against a stand-in judge answering with recorded
 * real answers: the first sync, an incremental one, the pace held by two callers at once, an
 * unknown handle, and the judge refusing or down.
 */
const SPACING_MS = 150;
let database: TestDatabase;
let judges: StandInJudges;
type Name = "Unbit" | "Clash" | "Ghost";
const ids: Record<Name, string> = { Unbit: "", Clash: "", Ghost: "" };

const settings = (): SyncSettings => ({
  db: database.db,
  log: pino({ level: "silent" }),
  codeforcesApiUrl: judges.codeforcesApiUrl,
  atcoderUrl: judges.atcoderUrl,
  atcoderProblemsApiUrl: judges.atcoderProblemsApiUrl,
  codeforcesSpacingMs: SPACING_MS,
  atcoderSpacingMs: SPACING_MS,
});

async function addStudent(name: Name, handles: { codeforces?: string; atcoder?: string }) {
  const [row] = await database.db
    .insert(students)
    .values({ name, email: `${name.toLowerCase()}@example.org`, photoURL: "", batch: 7, ...handles })
    .returning({ id: students.id });
  if (row) ids[name] = row.id;
}

const account = async (name: Name, judge: "codeforces" | "atcoder") =>
  (
    await database.db
      .select()
      .from(judgeAccounts)
      .where(and(eq(judgeAccounts.studentId, ids[name]), eq(judgeAccounts.judge, judge)))
  )[0];

const solvesOf = (name: Name) => database.db.select().from(judgeSolves).where(eq(judgeSolves.studentId, ids[name]));

/**
 * Each call waits for its reserved slot, and slots are a spacing apart from the moment the calls
 * began: the k-th call (0-based, in arrival order) comes no sooner than `began + k * spacing`.
 * A timer firing late only makes a call later, so this holds however busy the machine is.
 */
function expectPace(unsorted: number[], began: number) {
  const times = [...unsorted].sort((a, b) => a - b);
  times.forEach((time, k) => {
    expect(time).toBeGreaterThanOrEqual(began + k * SPACING_MS - 5);
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  judges = await startStandInJudges();
  await addStudent("Unbit", { codeforces: "unbit" });
  await addStudent("Clash", { codeforces: "Clash", atcoder: ATCODER_HANDLE });
  await addStudent("Ghost", { codeforces: "no_such_handle_here", atcoder: "no_such_atcoder_user" });
});

afterAll(async () => {
  await judges?.close();
  await database?.close();
});

beforeEach(() => {
  judges.failWith = undefined;
});

describe("Codeforces sync", () => {
  it("reads ratings, history and solved problems; marks the unknown handle and reads it no more", async () => {
    // The newest 3 of unbit's submissions are not there yet: the next sync reads them.
    judges.hiddenNewest.set("unbit", 3);
    const began = Date.now();
    const report = await syncCodeforces(settings());
    expect(report.stopped).toBeUndefined();
    expect(report.notFound).toEqual(["no_such_handle_here"]);

    const unbit = await account("Unbit", "codeforces");
    expect(unbit).toMatchObject({ status: "ok", rating: 1622, maxRating: 1622, rank: "expert" });
    expect(unbit?.infoReadAt).not.toBeNull();
    expect(unbit?.lastSubmissionId).toBe(335048729);
    const clash = await account("Clash", "codeforces");
    expect(clash).toMatchObject({ status: "ok", rating: 1484, rank: "specialist" });
    expect((await account("Ghost", "codeforces"))?.status).toBe("not-found");

    const history = await database.db
      .select()
      .from(judgeRatingChanges)
      .where(eq(judgeRatingChanges.studentId, ids.Unbit));
    expect(history).toHaveLength(30);
    expect(history.find((change) => change.contestId === "2128")).toMatchObject({ oldRating: 1587, newRating: 1622 });

    // unbit's visible submissions: 2132E (rated 1700, accepted after three wrong answers), C2, C1, B.
    const solved = await solvesOf("Unbit");
    expect(solved.map((solve) => solve.problemKey).sort()).toEqual(["2132B", "2132C1", "2132C2", "2132E"]);
    expect(solved.find((solve) => solve.problemKey === "2132E")).toMatchObject({ difficulty: 1700 });
    expect(solved.find((solve) => solve.problemKey === "2132B")?.tags.length).toBeGreaterThan(0);
    // Clash solved 2121E after a runtime error and a wrong answer; 2111D likewise: each counted once.
    expect((await solvesOf("Clash")).map((solve) => solve.problemKey).sort()).toEqual([
      "2111A",
      "2111B",
      "2111C",
      "2111D",
      "2121E",
      "2123C",
      "332B",
    ]);

    // Every call kept Codeforces' pace.
    expectPace(
      judges.calls.filter((call) => call.path.startsWith("/api/")).map((call) => call.at),
      began,
    );
  });

  it("reads only the new submissions the next time, and never asks for the unknown handle again", async () => {
    judges.hiddenNewest.delete("unbit");
    judges.calls.length = 0;
    // Due again, read before the handles were last online (the recordings are of August 2025).
    await database.db.update(judgeAccounts).set({ submissionsReadAt: new Date("2025-01-01T00:00:00Z") });
    const report = await syncCodeforces(settings());
    expect(report.stopped).toBeUndefined();
    expect(judges.calls.some((call) => call.path.includes("no_such_handle_here"))).toBe(false);
    const unbit = await account("Unbit", "codeforces");
    expect(unbit?.lastSubmissionId).toBe(335561150);
    expect((await solvesOf("Unbit")).map((solve) => solve.problemKey).sort()).toEqual(
      ["2133A", "2133B", "2133C", "2132B", "2132C1", "2132C2", "2132E"].sort(),
    );
    // One page of user.status per handle: the read stopped at the last submission seen.
    expect(judges.calls.filter((call) => call.path.startsWith("/api/user.status"))).toHaveLength(2);
  });

  it("reads neither history nor submissions of a handle not online since its last read", async () => {
    // Read 7 hours ago: due again, but the recorded users were last online in August 2025.
    await database.db.update(judgeAccounts).set({ submissionsReadAt: new Date(Date.now() - 7 * 3_600_000) });
    judges.calls.length = 0;
    const report = await syncCodeforces(settings());
    expect(report.stopped).toBeUndefined();
    expect(judges.calls.map((call) => call.path.split("?")[0])).toEqual(["/api/user.info"]);
    expect((await account("Unbit", "codeforces"))?.submissionsReadAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("keeps one pace across two callers at once (two processes sharing the database)", async () => {
    await database.db.update(judgeAccounts).set({ submissionsReadAt: null });
    judges.calls.length = 0;
    const began = Date.now();
    const [first, second] = await Promise.all([syncCodeforces(settings()), syncCodeforces(settings())]);
    expect(first.calls + second.calls).toBeGreaterThanOrEqual(6);
    expectPace(
      judges.calls.map((call) => call.at),
      began,
    );
  });

  it("stops and backs off when Codeforces refuses or is down, then goes on once it answers", async () => {
    await database.db.update(judgeAccounts).set({ submissionsReadAt: null });
    judges.failWith = 503;
    const refused = await syncCodeforces(settings());
    expect(refused.stopped).toContain("HTTP 503");
    const [pace] = await database.db.select().from(judgePace).where(eq(judgePace.judge, "codeforces"));
    expect(pace?.failures).toBe(1);
    expect(pace?.backoffUntil?.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(pace?.lastError).toContain("HTTP 503");

    // While the backoff lasts, a run makes no call at all.
    judges.calls.length = 0;
    judges.failWith = undefined;
    expect((await syncCodeforces(settings())).stopped).toBe("backoff");
    expect(judges.calls).toHaveLength(0);

    // A second refusal in a row doubles the wait.
    await database.db.update(judgePace).set({ backoffUntil: null }).where(eq(judgePace.judge, "codeforces"));
    judges.failWith = 429;
    expect((await syncCodeforces(settings())).stopped).toContain("HTTP 429");
    const [again] = await database.db.select().from(judgePace).where(eq(judgePace.judge, "codeforces"));
    expect(again?.failures).toBe(2);
    expect(again?.backoffUntil?.getTime()).toBeGreaterThan(Date.now() + 90_000);

    // Once the wait is over and the judge answers, the sync goes on and the failures are forgotten.
    await database.db.update(judgePace).set({ backoffUntil: null }).where(eq(judgePace.judge, "codeforces"));
    judges.failWith = undefined;
    expect((await syncCodeforces(settings())).stopped).toBeUndefined();
    const [recovered] = await database.db.select().from(judgePace).where(eq(judgePace.judge, "codeforces"));
    expect(recovered?.failures).toBe(0);
    expect(recovered?.lastSuccessAt).not.toBeNull();
  });

  it("starts over when a member changes their handle", async () => {
    await database.db.update(students).set({ codeforces: null }).where(eq(students.id, ids.Clash));
    await database.db.update(students).set({ codeforces: "Clash" }).where(eq(students.id, ids.Unbit));
    await syncCodeforces(settings());
    expect(await account("Unbit", "codeforces")).toMatchObject({ handle: "Clash", rating: 1484 });
    expect((await solvesOf("Unbit")).map((solve) => solve.problemKey)).toContain("2121E");
    expect((await solvesOf("Unbit")).map((solve) => solve.problemKey)).not.toContain("2133A");
    // Clash's member removed the handle: what was read for it went with it.
    expect(await account("Clash", "codeforces")).toBeUndefined();
    expect((await solvesOf("Clash")).filter((solve) => solve.judge === "codeforces")).toHaveLength(0);
  });
});

describe("AtCoder sync", () => {
  it("reads the rating history and AtCoder Problems' accepted submissions; a 404 marks the handle", async () => {
    const report = await syncAtcoder(settings());
    expect(report.stopped).toBeUndefined();
    expect(report.notFound).toEqual(["no_such_atcoder_user"]);
    expect(await account("Clash", "atcoder")).toMatchObject({ status: "ok", rating: 2733, maxRating: 2733 });
    expect((await account("Ghost", "atcoder"))?.status).toBe("not-found");
    const history = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(judgeRatingChanges)
      .where(and(eq(judgeRatingChanges.studentId, ids.Clash), eq(judgeRatingChanges.judge, "atcoder")));
    expect(history[0]?.count).toBe(5);
    const solved = (await solvesOf("Clash")).filter((solve) => solve.judge === "atcoder");
    expect(solved.map((solve) => solve.problemKey).sort()).toEqual(["abc018_2", "arc101_b"]);
    expect((await account("Clash", "atcoder"))?.lastSubmissionId).toBe(1550253178);
    const problemsCalls = judges.calls.filter((call) => call.path.startsWith("/problems/"));
    expect(problemsCalls.at(-1)?.path).toContain("from_second=0");
  });
});

describe("what the pages show of it", () => {
  // By now Unbit's member holds the handle Clash (its solves of June and July 2025), Clash's
  // member AtCoder only.
  it("ranks problems solved in the week, month and term, with the difficulty-weighted score", async () => {
    const now = new Date("2025-06-20T12:00:00Z");
    const month = await practiceBoard(database.db, { period: "month", batch: null, now });
    // June: 2121E (1500), 2111A (800), B (1100), C (1100), D (1400).
    expect(month.lines).toEqual([expect.objectContaining({ name: "Unbit", solved: 5, score: 59, rank: 1 })]);
    const week = await practiceBoard(database.db, { period: "week", batch: null, now });
    expect(week.lines).toEqual([expect.objectContaining({ name: "Unbit", solved: 1, score: 15 })]);
    expect((await practiceBoard(database.db, { period: "term", batch: 7, now })).lines[0]?.solved).toBe(5);
    expect((await practiceBoard(database.db, { period: "term", batch: 8, now })).lines).toEqual([]);
    const { ratings } = await practiceBoard(database.db, { period: "week", batch: null, now });
    expect(ratings.map((line) => [line.name, line.judge, line.rating, line.rank])).toEqual([
      ["Unbit", "codeforces", 1484, 1],
      ["Clash", "atcoder", 2733, 1],
    ]);
  });

  it("gives a member their last 12 weeks of solved problems and their rating history", async () => {
    const practice = await practiceOf(database.db, ids.Unbit, new Date("2025-07-09T12:00:00Z"));
    expect(practice.weeks).toHaveLength(12);
    expect(practice.weeks.map((week) => week.solved).slice(-6)).toEqual([4, 0, 1, 0, 1, 1]);
    expect(practice.weeks.at(-1)?.start).toBe("2025-07-07T00:00:00.000Z");
    expect(practice.history.codeforces?.at(-1)).toMatchObject({ contestId: "2102", newRating: 1484 });
    expect(practice.accounts).toEqual([
      expect.objectContaining({ judge: "codeforces", handle: "Clash", status: "ok", rating: 1484 }),
    ]);
  });
});

describe("the judges' contest calendar", () => {
  it("keeps Codeforces' contests from contest.list and writes them as iCalendar", async () => {
    // The recorded list was read in July 2023: two contests were still to come then.
    const then = new Date("2023-07-15T00:00:00Z");
    expect(
      await readCodeforcesContests({ db: database.db, spacingMs: SPACING_MS, apiUrl: judges.codeforcesApiUrl }, then),
    ).toBe(true);
    // Read again within the hour: the list is not asked for again.
    judges.calls.length = 0;
    expect(
      await readCodeforcesContests(
        { db: database.db, spacingMs: SPACING_MS, apiUrl: judges.codeforcesApiUrl },
        new Date(then.getTime() + 30 * 60_000),
      ),
    ).toBe(false);
    expect(judges.calls).toHaveLength(0);
    const upcoming = await upcomingJudgeContests(database.db, then);
    expect(upcoming.map((contest) => [contest.contestId, contest.name])).toEqual([
      ["1848", "Codeforces Round 885 (Div. 2)"],
      ["1849", "Educational Codeforces Round 152 (Rated for Div. 2)"],
    ]);
    expect(upcoming[0]).toMatchObject({
      startsAt: "2023-07-16T14:35:00.000Z",
      durationSeconds: 7200,
      url: "https://codeforces.com/contest/1848",
    });
    const ics = contestsCalendar(upcoming, "Club contests", then);
    expect(ics).toContain("BEGIN:VEVENT\r\nUID:codeforces-1848@contests");
    expect(ics).toContain("DTSTART:20230716T143500Z\r\nDTEND:20230716T163500Z");
    expect(ics).toContain("SUMMARY:Educational Codeforces Round 152 (Rated for Div. 2)");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });
});
