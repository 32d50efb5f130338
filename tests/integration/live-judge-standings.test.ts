import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { judgePace, liveContests, students } from "~/db/schema";
import { type FollowOutcome, followLiveContest } from "~/features/live-contests/follower.server";
import { judgeConnectionInput } from "~/features/live-contests/judge-connection";
import { connectJudgeStandings } from "~/features/live-contests/judge-standings.server";
import { balloonsOf, getLiveContest, publicLiveBoard } from "~/features/live-contests/live-contests.server";
import { syncCodeforces } from "~/features/practice/sync.server";
import { issueMessage } from "~/lib/field-errors";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { type StandInJudges, startStandInJudges } from "../support/judges";
import {
  GYM_ID,
  GYM_KEY,
  JUDGING_FROM_SECONDS,
  recordedGym,
  recordedGymStatus,
  type StandInStandingsJudges,
  startStandInStandingsJudges,
  VJUDGE_ID,
} from "../support/standings-judges";
import { waitFor } from "../support/wait-for";

/**
 * Following Codeforces and vjudge by polling their standings, against a stand-in answering with
 * recorded real answers (tests/fixtures/live-judges/SOURCES.md): a gym followed through its
 * freeze to its final board, Codeforces' pace kept by live followers and the practice sync
 * together, the backoff after a refusal, and a vjudge contest.
 */
const SECRET = "h".repeat(40);
const SPACING_MS = 150;
const log = pino({ level: "silent" });
let testDb: TestDatabase;
let judges: StandInStandingsJudges;
let practiceJudges: StandInJudges;
const running: { abort: AbortController; done: Promise<FollowOutcome> }[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  judges = await startStandInStandingsJudges();
  practiceJudges = await startStandInJudges();
}, 60_000);

afterAll(async () => {
  for (const follower of running) follower.abort.abort();
  await Promise.all(running.map((follower) => follower.done));
  await judges?.close();
  await practiceJudges?.close();
  await testDb?.close();
});

beforeEach(async () => {
  judges.failWith = undefined;
  await testDb.db.update(judgePace).set({ failures: 0, backoffUntil: null, nextSlotAt: new Date() });
});

async function connect(values: Record<string, string>) {
  return connectJudgeStandings(testDb.db, SECRET, judgeConnectionInput.parse(values));
}

function follow(id: string, owner: string) {
  const abort = new AbortController();
  const done = followLiveContest(id, {
    db: testDb.db,
    secret: SECRET,
    log,
    owner,
    signal: abort.signal,
    pollMs: 50,
    codeforcesSpacingMs: SPACING_MS,
    backoffMs: 50,
  });
  const follower = { abort, done };
  running.push(follower);
  return follower;
}

const eventCount = async (id: string) => (await getLiveContest(testDb.db, id))?.eventCount ?? 0;
const solvedCells = (board: NonNullable<Awaited<ReturnType<typeof publicLiveBoard>>>) =>
  board.rows.flatMap((row) =>
    Object.entries(row.cells)
      .filter(([, cell]) => cell.solved)
      .map(([problem]) => `${row.teamId}\n${problem}`),
  );

/** The k-th call (in time order) comes no sooner than `began + k * spacing`: slots are a spacing apart. */
function expectPace(unsorted: number[], began: number) {
  const times = [...unsorted].sort((a, b) => a - b);
  times.forEach((time, k) => {
    expect(time).toBeGreaterThanOrEqual(began + k * SPACING_MS - 5);
  });
}

describe("following Codeforces", () => {
  it("refuses a form that names the wrong things, field by field", () => {
    const refused = judgeConnectionInput.safeParse({
      name: "Gym",
      slug: "gym",
      source: "codeforces",
      judgeContestId: "gym-104491",
      pollSeconds: "1",
      apiKey: "key-without-secret",
      user: "jury",
      password: "x",
    });
    expect(refused.success).toBe(false);
    const fields = new Map(refused.error?.issues.map((issue) => [issue.path.join("."), issueMessage(issue).key]));
    expect(fields.get("judgeContestId")).toBe("tools.live.error.codeforcesContestId");
    expect(fields.get("pollSeconds")).toBe("tools.live.error.pollSeconds");
    expect(fields.get("apiSecret")).toBe("tools.live.error.apiKeyPair");
    expect(fields.get("user")).toBe("tools.live.error.accountClics");
    // Codeforces' own address when the form leaves it empty.
    const accepted = judgeConnectionInput.parse({
      name: "Gym",
      slug: "gym",
      source: "codeforces",
      judgeContestId: "1",
    });
    expect(accepted.judgeApi).toBe("https://codeforces.com/api");
  });

  it("follows a gym through its freeze to the judge's final standings, signed with the API key", async () => {
    judges.stage = "before";
    judges.calls.length = 0;
    const id = await connect({
      name: "Petrozavodsk Day 7",
      slug: "ptz-day-7",
      source: "codeforces",
      judgeApi: judges.codeforcesApiUrl,
      judgeContestId: GYM_ID,
      showUnofficial: "on",
      pollSeconds: "2",
      apiKey: GYM_KEY.key,
      apiSecret: GYM_KEY.secret,
    });
    const record = await getLiveContest(testDb.db, id);
    expect(record?.sealedCredentials).not.toContain(GYM_KEY.secret);
    const follower = follow(id, "process-a");

    await waitFor(async () => (await eventCount(id)) >= 1, "the first read");
    expect((await publicLiveBoard(testDb.db, "ptz-day-7"))?.phase).toBe("before");

    judges.stage = "frozen-early";
    const frozen = await waitFor(async () => {
      const board = await publicLiveBoard(testDb.db, "ptz-day-7");
      return board?.frozen ? board : undefined;
    }, "the frozen board");
    const solvedAtFreeze = solvedCells(frozen);
    // Tries still being judged (contest.status: no verdict) show as pending.
    const judging = recordedGymStatus().filter(
      (submission) =>
        submission.relativeTimeSeconds >= JUDGING_FROM_SECONDS &&
        submission.relativeTimeSeconds < 2 ** 31 - 1 &&
        (submission.author as { participantType: string }).participantType !== "PRACTICE",
    );
    expect(judging.length).toBeGreaterThan(0);
    let judgingShown = 0;
    for (const submission of judging) {
      const author = submission.author as { members: { handle: string }[]; teamId?: number; teamName?: string };
      const row = frozen.rows.find((candidate) => candidate.name === (author.teamName ?? author.members[0]?.handle));
      const cell = row?.cells[(submission.problem as { index: string }).index];
      expect(cell?.solved || (cell?.pending ?? 0) > 0).toBe(true);
      if (!cell?.solved) judgingShown++;
    }
    expect(judgingShown).toBeGreaterThan(0);

    // A manager's key sees through the freeze: the public board must not.
    judges.stage = "frozen-late";
    const seen = await eventCount(id);
    await waitFor(async () => (await eventCount(id)) >= seen + 2, "reads during the freeze");
    const late = await publicLiveBoard(testDb.db, "ptz-day-7");
    expect(late?.frozen).toBe(true);
    expect(solvedCells(late as NonNullable<typeof late>).sort()).toEqual([...solvedAtFreeze].sort());
    const pending = late?.rows.reduce(
      (sum, row) => sum + Object.values(row.cells).filter((c) => c.pending > 0).length,
      0,
    );
    expect(pending).toBeGreaterThan(0);

    judges.stage = "final";
    expect(await follower.done).toBe("complete");
    const final = await publicLiveBoard(testDb.db, "ptz-day-7");
    expect(final?.phase).toBe("final");
    expect(final?.frozen).toBe(false);
    // The judge's final standings, row for row (practice rows are not standings).
    const recorded = recordedGym().rows.filter((row) => row.party.participantType !== "PRACTICE");
    expect(final?.rows.map((row) => ({ rank: row.rank, solved: row.solved, penalty: row.penalty }))).toEqual(
      recorded.map((row) => ({ rank: row.rank, solved: row.points, penalty: row.penalty })),
    );
    expect(final?.rows[0]?.name).toBe("* Almost Past Glory: Danilyuk, Korotkevich, Minaiev");
    expect(final?.problems.map((problem) => problem.label)).toEqual("ABCDEFGHIJK".split(""));

    // A balloon for each problem someone solved, to its first solver.
    const balloons = await balloonsOf(testDb.db, id);
    const solvedProblems = new Set(solvedCells(final as NonNullable<typeof final>).map((cell) => cell.split("\n")[1]));
    expect(new Set(balloons.map((balloon) => balloon.problemId))).toEqual(solvedProblems);
    for (const balloon of balloons) {
      const times = final?.rows.flatMap((row) => {
        const cell = row.cells[balloon.problemId];
        return cell?.solved ? [cell.minutes ?? 0] : [];
      });
      expect(balloon.minutes).toBe(Math.min(...(times ?? [])));
    }
    // Every call signed; the standings with the admin's showUnofficial, the submissions only while it runs
    // (none once the judge has said the contest is over).
    expect(judges.calls.length).toBeGreaterThanOrEqual(4);
    for (const call of judges.calls) expect(call.path).toContain("apiSig=");
    const standingsCalls = judges.calls.filter((call) => call.path.startsWith("/api/contest.standings"));
    for (const call of standingsCalls) expect(call.path).toContain("showUnofficial=true");
    const isStatus = (call: { path: string }) => call.path.startsWith("/api/contest.status");
    const callList = judges.calls.map((call) => `${call.stage} ${call.path.split("?")[0]}`).join(", ");
    expect(judges.calls.filter(isStatus).length, callList).toBeGreaterThanOrEqual(1);
    const finalRead = judges.calls.findIndex((call) => !isStatus(call) && call.stage === "final");
    expect(finalRead, callList).toBeGreaterThan(-1);
    expect(judges.calls.slice(finalRead).some(isStatus), callList).toBe(false);
  });

  it("keeps one Codeforces pace for two followers in two processes and the practice sync together", async () => {
    judges.stage = "frozen-late";
    judges.calls.length = 0;
    practiceJudges.calls.length = 0;
    await testDb.db
      .insert(students)
      .values({ name: "Unbit", email: "unbit@example.org", photoURL: "", batch: 7, codeforces: "unbit" });
    const ids = await Promise.all(
      ["pace-a", "pace-b"].map((slug) =>
        connect({
          name: slug,
          slug,
          source: "codeforces",
          judgeApi: judges.codeforcesApiUrl,
          judgeContestId: GYM_ID,
          showUnofficial: "on",
          apiKey: GYM_KEY.key,
          apiSecret: GYM_KEY.secret,
        }),
      ),
    );
    const began = Date.now();
    const followers = ids.map((id, index) => follow(id, `process-${index}`));
    const report = await syncCodeforces({
      db: testDb.db,
      log,
      codeforcesApiUrl: practiceJudges.codeforcesApiUrl,
      atcoderUrl: practiceJudges.atcoderUrl,
      atcoderProblemsApiUrl: practiceJudges.atcoderProblemsApiUrl,
      codeforcesSpacingMs: SPACING_MS,
      atcoderSpacingMs: SPACING_MS,
    });
    expect(report.stopped).toBeUndefined();
    await waitFor(
      async () => (await Promise.all(ids.map(eventCount))).every((count) => count >= 3),
      "three reads by each follower",
    );
    for (const follower of followers) follower.abort.abort();
    expect(await Promise.all(followers.map((follower) => follower.done))).toEqual(["aborted", "aborted"]);
    const calls = [...judges.calls, ...practiceJudges.calls.filter((call) => call.path.startsWith("/api/"))];
    expect(practiceJudges.calls.length).toBeGreaterThanOrEqual(3);
    expectPace(
      calls.map((call) => call.at),
      began,
    );
  });

  it.each([429, 503] as const)(
    "leaves Codeforces alone after a %i until the backoff ends, then follows again",
    async (status) => {
      judges.stage = "frozen-late";
      judges.failWith = status;
      judges.calls.length = 0;
      const id = await connect({
        name: "Refused",
        slug: `refused-${status}`,
        source: "codeforces",
        judgeApi: judges.codeforcesApiUrl,
        judgeContestId: GYM_ID,
        showUnofficial: "on",
        apiKey: GYM_KEY.key,
        apiSecret: GYM_KEY.secret,
      });
      const follower = follow(id, `process-${status}`);
      const [pace] = await waitFor(async () => {
        const rows = await testDb.db.select().from(judgePace).where(eq(judgePace.judge, "codeforces"));
        return rows[0]?.failures ? rows : undefined;
      }, "the refusal recorded");
      expect(pace?.backoffUntil?.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect(pace?.lastError).toContain(`HTTP ${status}`);
      // The follower sees the backoff and makes no call while it lasts.
      await waitFor(async () => (await getLiveContest(testDb.db, id))?.lastError?.includes("left alone"), "the wait");
      expect(judges.calls).toHaveLength(1);

      // The backoff is over (as if a minute went by) and Codeforces answers again.
      judges.failWith = undefined;
      await testDb.db.update(judgePace).set({ backoffUntil: sql`now() - interval '1 second'` });
      await waitFor(async () => (await eventCount(id)) >= 1, "a read after the backoff");
      expect((await getLiveContest(testDb.db, id))?.lastError).toBeNull();
      follower.abort.abort();
      expect(await follower.done).toBe("aborted");
    },
  );
});

describe("following vjudge", () => {
  it("reads a vjudge contest's rank into a board ranked by the ICPC rule, tries after the end left out", async () => {
    const id = await connect({
      name: "SCUT training",
      slug: "scut-training",
      source: "vjudge",
      judgeApi: judges.vjudgeUrl,
      judgeContestId: VJUDGE_ID,
      pollSeconds: "5",
    });
    const follower = follow(id, "process-d");
    // The contest ended long ago: one read, and the board is final.
    expect(await follower.done).toBe("complete");
    const board = await publicLiveBoard(testDb.db, "scut-training");
    expect(board?.phase).toBe("final");
    expect(board?.name).toBe("大一组队前比赛最后一波");
    expect(board?.rows).toHaveLength(17);
    expect(board?.rows.slice(0, 3).map((row) => [row.name, row.solved, row.penalty])).toEqual([
      ["SCUT_我拿buff", 6, 866],
      ["吴潘安", 4, 568],
      ["黄锟城", 4, 844],
    ]);
    // 余信志 solved E after the end: not counted.
    expect(board?.rows.find((row) => row.teamId === "115441")).toMatchObject({ solved: 2, penalty: 362, rank: 11 });
    expect(board?.problems.map((problem) => problem.label)).toEqual("ABCDEFGHIJK".split(""));
    const [record] = await testDb.db.select().from(liveContests).where(eq(liveContests.id, id));
    expect(record?.pollSeconds).toBe(5);
  });
});
