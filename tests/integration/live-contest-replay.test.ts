import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveContests } from "~/db/schema";
import { balloonsOf, getLiveContest, publicLiveBoard, setReveal } from "~/features/live-contests/live-contests.server";
import { liveNowContests } from "~/features/live-contests/live-now.server";
import {
  recordingLengths,
  replayLiveContest,
  setReplaySpeed,
  startReplay,
} from "~/features/live-contests/replay.server";
import { computeScoreboard, type FeedEvent, stateOfFeed } from "~/features/standings/importers/clics-event-feed";
import { DEMO_LIVE_CONTEST, seedDemoLiveContest } from "~/seed/demo-live.server";
import { readRecordedFeed } from "../support/clics-judge";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { waitFor } from "../support/wait-for";

/**
 * The demo's recorded contest (EUC 2025's event feed, app/seed/live-feeds/SOURCES.md) replayed
 * at 600× and then as fast as possible by the replay job's code: cut by a "restart" halfway and resumed where it
 * stood, the board frozen at the end of the contest, and once the reveal has ended the judge's
 * final standings and the feed's own first-to-solve awards.
 */
const log = pino({ level: "silent" });
const FEED = path.join(import.meta.dirname, "../fixtures/standings/real/live-v3/euc-2025.zip");
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await testDb?.close();
});

describe("replaying the demo's recorded contest", () => {
  it("survives a restart halfway and ends on the feed's final scoreboard", async () => {
    const { db } = testDb;
    await seedDemoLiveContest(db);
    const [seeded] = await db.select().from(liveContests).where(eq(liveContests.slug, DEMO_LIVE_CONTEST.slug));
    if (!seeded) throw new Error("no demo contest");
    const id = seeded.id;
    const total = (await recordingLengths(db)).get(id) ?? 0;
    const lines = readRecordedFeed(FEED, fs);
    expect(total).toBe(lines.length);
    expect(await liveNowContests(db)).toEqual([]);

    // 600 times the contest's clock (its five hours in 30 s), then as fast as possible.
    expect(await startReplay(db, id, 600)).toBe(true);
    expect(await liveNowContests(db)).toEqual([{ slug: DEMO_LIVE_CONTEST.slug, name: DEMO_LIVE_CONTEST.name }]);
    // The first process stops (a restart) partway through.
    const first = new AbortController();
    const cut = replayLiveContest(id, { db, log, owner: "process-a", signal: first.signal });
    const cutAt = await waitFor(async () => {
      const position = (await getLiveContest(db, id))?.replayPosition ?? 0;
      return position >= 500 ? position : undefined;
    }, "500 events replayed");
    first.abort();
    expect(await cut).toBe("aborted");
    const stopped = await getLiveContest(db, id);
    expect(stopped?.status).toBe("replaying");
    expect(stopped?.replayPosition).toBeGreaterThanOrEqual(cutAt);
    expect(stopped?.replayPosition).toBeLessThan(total);

    // The next process goes on from there to the end: every recorded event stored once.
    expect(await setReplaySpeed(db, id, 0)).toBe(true);
    const outcome = await replayLiveContest(id, { db, log, owner: "process-b", signal: new AbortController().signal });
    expect(outcome).toBe("complete");
    const record = await getLiveContest(db, id);
    const balloons = await balloonsOf(db, id);
    expect(record).toMatchObject({ status: "paused", replayPosition: total, leaseOwner: null });
    expect(record?.eventCount).toBe(total + balloons.length);

    // Ended and frozen: the reveal's turn. Once it has ended, the judge's final standings.
    const frozen = await publicLiveBoard(db, DEMO_LIVE_CONTEST.slug);
    expect(frozen).toMatchObject({ phase: "ended", frozen: true });
    await setReveal(db, id, { step: null, revealed: true });
    const final = await publicLiveBoard(db, DEMO_LIVE_CONTEST.slug);
    const events = lines.map((line) => JSON.parse(line) as FeedEvent);
    const judges = computeScoreboard(stateOfFeed(events));
    expect(final?.rows.map((row) => [row.teamId, row.rank, row.solved, row.penalty])).toEqual(
      judges.rows.map((row) => [row.teamId, row.rank, row.solved, row.penalty]),
    );
    // The feed's own first-to-solve awards are the board's first solves.
    const awarded = events
      .filter((event) => event.type === "awards" && String(event.id).startsWith("first-to-solve-"))
      .map((event) => {
        const award = event.data as { id: string; team_ids: string[] };
        return [award.id.slice("first-to-solve-".length), award.team_ids[0]];
      })
      .sort();
    const firsts = (final?.rows ?? [])
      .flatMap((row) =>
        Object.entries(row.cells)
          .filter(([, cell]) => cell.first)
          .map(([problem]) => [problem, row.teamId]),
      )
      .sort();
    expect(firsts).toEqual(awarded);
    expect(awarded).toHaveLength(11);

    // Replayed again from the start: nothing of the first run is kept.
    expect(await startReplay(db, id, 60)).toBe(true);
    const again = await publicLiveBoard(db, DEMO_LIVE_CONTEST.slug);
    expect(again?.rows.every((row) => row.solved === 0)).toBe(true);
    expect(again?.version).not.toBe(final?.version);
  }, 180_000);
});
