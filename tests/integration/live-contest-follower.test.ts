import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finalizeLiveContest } from "~/features/live-contests/finalize.server";
import { followLiveContest } from "~/features/live-contests/follower.server";
import { liveContestInput } from "~/features/live-contests/live-contests";
import {
  balloonsOf,
  createLiveContest,
  getLiveContest,
  listLiveContests,
  publicLiveBoard,
  setReveal,
} from "~/features/live-contests/live-contests.server";
import { computeScoreboard, type FeedEvent, stateOfFeed } from "~/features/standings/importers/clics-event-feed";
import { findPublishedStandings } from "~/features/standings/standings.server";
import { juryOrder, readRecordedFeed, type StandInJudge, startStandInJudge } from "../support/clics-judge";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { waitFor } from "../support/wait-for";

/**
 * The follower against a stand-in judge replaying the EUC 2025 event feed as recorded by ICPC
 * Live (tests/fixtures/standings/real/SOURCES.md): a connection dropped mid-contest and resumed
 * after the last stored event, the freeze hiding outcomes from the public board whatever the
 * follower's account sees, one follower at a time, and the final board equal to the judge's.
 */
const SECRET = "l".repeat(40);
const FEED = path.join(import.meta.dirname, "../fixtures/standings/real/live-v3/euc-2025.zip");
const log = pino({ level: "silent" });
let testDb: TestDatabase;
let judge: StandInJudge;
let lines: string[];

const events = (count: number) => lines.slice(0, count).map((line) => JSON.parse(line) as FeedEvent);
const indexOfState = (key: string) =>
  lines.findIndex((line) => {
    const event = JSON.parse(line) as { type: string; data: Record<string, unknown> };
    return event.type === "state" && Boolean(event.data?.[key]);
  });

beforeAll(async () => {
  lines = juryOrder(readRecordedFeed(FEED, fs));
  judge = await startStandInJudge({ lines, contestId: "euc2025", user: "follower", password: "jury-pass-1" });
  testDb = await createTestDatabase();
}, 60_000);

let stopFollowing = () => {};

afterAll(async () => {
  stopFollowing();
  await judge?.stop();
  await testDb?.close();
});

describe("following a contest's event feed", () => {
  it("resumes after a dropped connection, hides frozen outcomes from the public board, and ends on the judge's final standings", async () => {
    const input = liveContestInput.parse({
      name: "EUC 2025",
      slug: "euc-2025",
      source: "clics-feed",
      judgeApi: `${judge.apiUrl}/`,
      judgeContestId: "euc2025",
      user: "follower",
      password: "jury-pass-1",
    });
    const id = await createLiveContest(testDb.db, SECRET, input);
    const [summary] = await listLiveContests(testDb.db);
    expect(summary).toMatchObject({ slug: "euc-2025", hasAccount: true });
    expect(JSON.stringify(summary)).not.toContain("jury-pass-1");
    expect((await getLiveContest(testDb.db, id))?.sealedCredentials).not.toContain("jury-pass-1");

    const controller = new AbortController();
    stopFollowing = () => controller.abort();
    const following = followLiveContest(id, {
      db: testDb.db,
      secret: SECRET,
      log,
      owner: "follower-a",
      signal: controller.signal,
      backoffMs: 20,
      maxBackoffMs: 100,
    });
    // Stored up to the judge's `count`th event: the resume point is its token.
    const tokenOf = (line: string | undefined) => (JSON.parse(line ?? "{}") as { token?: string }).token;
    const stored = async (count: number) =>
      waitFor(
        async () =>
          (await getLiveContest(testDb.db, id))?.sinceToken === tokenOf(lines[count - 1]) ? true : undefined,
        `${count} events`,
      );

    judge.release(1000);
    await stored(1000);
    judge.dropConnections();
    const frozenAt = indexOfState("frozen");
    const thawedAt = indexOfState("thawed");
    expect(frozenAt).toBeGreaterThan(1000);
    const duringFreeze = frozenAt + 200;
    expect(duringFreeze).toBeLessThan(thawedAt);
    judge.release(duringFreeze);
    await stored(duringFreeze);
    // Reconnected once, after the last event it had stored, with the account; nothing twice.
    const lastBeforeDrop = (JSON.parse(lines[999] ?? "{}") as { token: string }).token;
    expect(judge.feedRequests.map((request) => request.sinceToken)).toEqual([null, lastBeforeDrop]);
    expect(judge.feedRequests.every((request) => request.authorized)).toBe(true);

    // A second follower (another process) is refused while the first holds the contest.
    const second = await followLiveContest(id, {
      db: testDb.db,
      secret: SECRET,
      log,
      owner: "follower-b",
      signal: new AbortController().signal,
    });
    expect(second).toBe("held-elsewhere");

    // Frozen: the follower's account sees every verdict, the public board none after the freeze.
    const board = await publicLiveBoard(testDb.db, "euc-2025");
    expect(board?.phase).toBe("frozen");
    expect(board?.frozen).toBe(true);
    const jury = computeScoreboard(stateOfFeed(events(duringFreeze)), { revealFrozen: true });
    const freezeMinute = 4 * 60;
    const solvedAfterFreeze = jury.rows.flatMap((row) =>
      [...row.cells]
        .filter(([, cell]) => cell.solved && (cell.minutes ?? 0) >= freezeMinute)
        .map(([p]) => [row.teamId, p]),
    );
    expect(solvedAfterFreeze.length).toBeGreaterThan(0);
    for (const row of board?.rows ?? []) {
      for (const cell of Object.values(row.cells)) {
        if (cell.solved) expect(cell.minutes ?? 0).toBeLessThan(freezeMinute);
      }
    }
    for (const [teamId, problemId] of solvedAfterFreeze) {
      const cell = board?.rows.find((row) => row.teamId === teamId)?.cells[problemId ?? ""];
      expect(cell?.solved).toBe(false);
      expect(cell?.pending).toBeGreaterThan(0);
    }
    const publicText = JSON.stringify(board);
    expect(publicText).not.toContain('"judgement_type_id"');
    // First solves announced so far: only those the public board shows, none after the freeze.
    const frozenBalloons = await balloonsOf(testDb.db, id);
    expect(frozenBalloons.length).toBeGreaterThan(0);
    for (const balloon of frozenBalloons) expect(balloon.minutes).toBeLessThan(freezeMinute);

    // Ended, still frozen: the reveal resolves the hidden tries from the bottom up, to the jury's board.
    const thawedLine = indexOfState("thawed");
    judge.release(thawedLine);
    await stored(thawedLine);
    const byTeam = (rows: { teamId: string; rank: number; solved: number; penalty: number }[]) =>
      rows.map((row) => [row.teamId, row.rank, row.solved, row.penalty]).sort();
    const frozenEnd = await publicLiveBoard(testDb.db, "euc-2025");
    expect(frozenEnd?.phase).toBe("ended");
    await setReveal(testDb.db, id, { step: 0, revealed: false });
    const start = await publicLiveBoard(testDb.db, "euc-2025");
    const steps = start?.reveal?.steps ?? 0;
    expect(steps).toBeGreaterThan(0);
    expect(byTeam(start?.rows ?? [])).toEqual(byTeam(frozenEnd?.rows ?? []));
    const lowest = [...(start?.rows ?? [])]
      .reverse()
      .find((row) => Object.values(row.cells).some((c) => c.pending > 0));
    await setReveal(testDb.db, id, { step: 1, revealed: false });
    expect((await publicLiveBoard(testDb.db, "euc-2025"))?.reveal?.teamId).toBe(lowest?.teamId);
    await setReveal(testDb.db, id, { step: steps, revealed: false });
    const resolved = await publicLiveBoard(testDb.db, "euc-2025");
    const juryAtEnd = computeScoreboard(stateOfFeed(events(thawedLine)), { revealFrozen: true });
    expect(byTeam(resolved?.rows ?? [])).toEqual(byTeam(juryAtEnd.rows));
    // The last stop is the winner in its place, with its awards (the judge gave none yet: ours, 4 gold by default).
    expect(resolved?.reveal?.award?.teamId).toBe(juryAtEnd.rows[0]?.teamId);
    expect(resolved?.reveal?.award?.awards.slice(0, 2)).toEqual([{ kind: "winner" }, { kind: "gold" }]);
    // Stops on every medal: the 12 medallists are announced, from the twelfth up, each after its last try.
    const stops: { step: number; teamId: string; kinds: string[] }[] = [];
    for (let step = 1; step <= steps; step++) {
      await setReveal(testDb.db, id, { step, revealed: false });
      const atStep = await publicLiveBoard(testDb.db, "euc-2025");
      const award = atStep?.reveal?.award;
      if (award) {
        stops.push({ step, teamId: award.teamId, kinds: award.awards.map((a) => a.kind) });
        // Nothing left hidden for the team announced, and it is in its final place.
        const row = atStep?.rows.find((r) => r.teamId === award.teamId);
        expect(Object.values(row?.cells ?? {}).every((cell) => cell.pending === 0)).toBe(true);
        const finalRank = juryAtEnd.rows.find((r) => r.teamId === award.teamId)?.rank;
        expect(row?.rank).toBe(finalRank);
      }
    }
    const medallists = stops.filter((stop) => stop.kinds.some((kind) => ["gold", "silver", "bronze"].includes(kind)));
    expect(medallists.map((stop) => stop.teamId)).toEqual(
      juryAtEnd.rows
        .slice(0, 12)
        .map((row) => row.teamId)
        .reverse(),
    );
    await setReveal(testDb.db, id, { step: steps, revealed: true });
    const revealed = await publicLiveBoard(testDb.db, "euc-2025");
    expect(revealed?.reveal).toBeUndefined();
    expect(byTeam(revealed?.rows ?? [])).toEqual(byTeam(juryAtEnd.rows));

    // The rest of the contest: thawed, finalized, end of updates; the follower stops by itself.
    judge.release(lines.length);
    expect(await following).toBe("complete");
    const judges = computeScoreboard(stateOfFeed(events(lines.length)));
    function judgesFirsts() {
      return judges.rows
        .flatMap((row) =>
          [...row.cells].filter(([, cell]) => cell.firstToSolve).map(([problem]) => [problem, row.teamId]),
        )
        .sort();
    }
    const record = await getLiveContest(testDb.db, id);
    const balloons = await balloonsOf(testDb.db, id);
    expect(record?.eventCount).toBe(lines.length + balloons.length);
    // One balloon per problem solved, each the judge's first solve of it, announced once.
    const firsts = judgesFirsts();
    expect(balloons.map((balloon) => [balloon.problemId, balloon.teamId]).sort()).toEqual(firsts);
    expect(record?.leaseOwner).toBeNull();
    const final = await publicLiveBoard(testDb.db, "euc-2025");
    expect(final?.phase).toBe("final");
    expect(final?.rows.map((row) => [row.teamId, row.rank, row.solved, row.penalty])).toEqual(
      judges.rows.map((row) => [row.teamId, row.rank, row.solved, row.penalty]),
    );

    // Finalized once: published standings like an import's, equal to the judge's, with the awards announced.
    const finalized = await finalizeLiveContest(testDb.db, id);
    expect(finalized).toMatchObject({ ok: true, slug: "euc-2025" });
    expect(await finalizeLiveContest(testDb.db, id)).toEqual({ ok: false, refusal: "already" });
    const published = await findPublishedStandings(testDb.db, "euc-2025");
    const names = new Map([...stateOfFeed(events(lines.length)).teams.values()].map((team) => [team.id, team]));
    expect(published?.rows.map((row) => [row.name, row.rank, row.solved, row.penalty])).toEqual(
      judges.rows.map((row) => {
        const team = names.get(row.teamId);
        return [team?.displayName || team?.name, row.rank, row.solved, row.penalty];
      }),
    );
    // The judge's first-to-solve awards (it gave them at the end), our winner and medals.
    expect(published?.rows[0]?.awards.slice(0, 2)).toEqual(["Winner", "Gold medal"]);
    expect(published?.rows.flatMap((row) => row.awards).filter((a) => a.startsWith("First to solve"))).toHaveLength(11);
    expect((await publicLiveBoard(testDb.db, "euc-2025"))?.publishedPath).toBe("/results/euc-2025");
    controller.abort();
  }, 120_000);
});
