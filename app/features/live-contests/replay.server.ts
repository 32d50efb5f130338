import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { liveContestEvents, liveContestRecordings, liveContests } from "~/db/schema";
import type { FeedEvent } from "~/features/standings/importers/clics-event-feed";
import type { Balloon } from "./live-contests";
import {
  acquireLease,
  getLiveContest,
  type LiveContestRecord,
  newFirstSolves,
  releaseLease,
  storeEvents,
} from "./live-contests.server";

/** The job that replays one contest's recording (one queued and one running per contest, across processes). */
export const REPLAY_LIVE_CONTEST_JOB = "replay-live-contest";

/** Events stored in one transaction at most (as fast as possible, or a burst the clock let through). */
const BATCH = 100;
/** The longest a replay waits without looking again at its row (a new speed, a pause). */
const LOOK_AGAIN_MS = 1_000;

/** A recorded event and its time in the contest. */
export interface RecordedEvent {
  atMs: number;
  event: FeedEvent;
}

/**
 * Each event's time in the contest, for a replay's clock: a submission's `contest_time`, a
 * judgement's end (or start), a state's latest moment past the start; any other event (teams,
 * problems, awards…) comes with the one before it. Never earlier than the event before: the feed's
 * order is kept.
 */
export function timedEvents(events: readonly FeedEvent[]): RecordedEvent[] {
  let at = 0;
  let startedAt: number | null = null;
  return events.map((event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    let own: number | null = null;
    if (event.type === "submissions") own = relTime(data.contest_time);
    else if (event.type === "judgements") own = relTime(data.end_contest_time) ?? relTime(data.start_contest_time);
    else if (event.type === "state") {
      const started = Date.parse(String(data.started ?? ""));
      if (!Number.isNaN(started)) startedAt ??= started;
      const ended = Date.parse(String(data.ended ?? ""));
      if (startedAt !== null && !Number.isNaN(ended)) own = ended - startedAt;
    }
    if (own !== null && own > at) at = own;
    return { atMs: at, event };
  });
}

/** A CLICS RELTIME (`-?h:mm:ss(.uuu)`) in ms, or null. */
function relTime(value: unknown): number | null {
  const match = typeof value === "string" ? /^(-?)(\d+):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(value) : null;
  if (!match) return null;
  const ms =
    ((Number(match[2]) * 60 + Number(match[3])) * 60 + Number(match[4])) * 1000 +
    Number((match[5] ?? "0").padEnd(3, "0"));
  return match[1] ? -ms : ms;
}

/** Keeps `events` as the contest's recording, replacing any it had. */
export async function storeRecording(db: Database, id: string, events: readonly RecordedEvent[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(liveContestRecordings).where(eq(liveContestRecordings.liveContestId, id));
    for (let from = 0; from < events.length; from += 1000) {
      await tx.insert(liveContestRecordings).values(
        events.slice(from, from + 1000).map((recorded, index) => ({
          liveContestId: id,
          position: from + index + 1,
          atMs: recorded.atMs,
          event: recorded.event,
        })),
      );
    }
  });
}

/** How many events each contest's recording holds (contests without one are absent). */
export async function recordingLengths(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: liveContestRecordings.liveContestId, length: count() })
    .from(liveContestRecordings)
    .groupBy(liveContestRecordings.liveContestId);
  return new Map(rows.map((row) => [row.id, row.length]));
}

/**
 * Starts a replay from the beginning at `speed`: the events shown so far, the reveal and the
 * resume point are dropped (a new feed generation, so no process keeps the old board), and the
 * background job plays the recording again. False when the contest has no recording.
 */
export async function startReplay(db: Database, id: string, speed: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .select({ one: sql<number>`1` })
      .from(liveContestRecordings)
      .where(eq(liveContestRecordings.liveContestId, id))
      .limit(1);
    if (!recorded) return false;
    await tx.delete(liveContestEvents).where(eq(liveContestEvents.liveContestId, id));
    const rows = await tx
      .update(liveContests)
      .set({
        status: "replaying",
        replaySpeed: speed,
        replayPosition: 0,
        feedGeneration: sql`${liveContests.feedGeneration} + 1`,
        eventCount: 0,
        sinceToken: null,
        revealStep: null,
        revealed: false,
        lastError: null,
      })
      .where(eq(liveContests.id, id))
      .returning({ id: liveContests.id });
    return rows.length > 0;
  });
}

/** A replay's new pace, from where it is now. */
export async function setReplaySpeed(db: Database, id: string, speed: number): Promise<boolean> {
  const rows = await db
    .update(liveContests)
    .set({ replaySpeed: speed })
    .where(eq(liveContests.id, id))
    .returning({ id: liveContests.id });
  return rows.length > 0;
}

/** The contests being replayed: the kick queues their job again after a restart. */
export async function replayingLiveContestIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: liveContests.id }).from(liveContests).where(eq(liveContests.status, "replaying"));
  return rows.map((row) => row.id);
}

export interface ReplayOptions {
  db: Database;
  log: Logger;
  /** This replay's name in the lease (the job's id). */
  owner: string;
  signal: AbortSignal;
  leaseSeconds?: number;
  onFirstSolve?: (balloon: Balloon, record: LiveContestRecord) => Promise<void>;
}

export type ReplayOutcome = "complete" | "stopped" | "held-elsewhere" | "aborted";

/**
 * Plays a contest's recording into its events at the speed in its row, from where the replay
 * stands (`replay_position`: a replay cut by a restart goes on, its clock starting again from
 * the event it stopped at). Events are stored exactly as a follower stores a judge's, so the
 * live page, the projector, the balloons and the reveal see no difference. When the recording
 * is played through, the contest is paused: its board stays, ready for the reveal.
 */
export async function replayLiveContest(id: string, options: ReplayOptions): Promise<ReplayOutcome> {
  const { db, owner } = options;
  const leaseSeconds = options.leaseSeconds ?? 30;
  if (!(await acquireLease(db, id, owner, leaseSeconds))) return "held-elsewhere";
  const lost = new AbortController();
  const renewal = setInterval(
    () =>
      acquireLease(db, id, owner, leaseSeconds).then(
        (held) => held || lost.abort(),
        () => lost.abort(),
      ),
    (leaseSeconds * 1000) / 3,
  );
  const stop = AbortSignal.any([options.signal, lost.signal]);
  try {
    return await play(id, options, stop);
  } finally {
    clearInterval(renewal);
    await releaseLease(db, id, owner).catch(() => undefined);
  }
}

async function play(id: string, options: ReplayOptions, stop: AbortSignal): Promise<ReplayOutcome> {
  const { db, owner } = options;
  // The replay's clock: the wall time at which the contest time `atMs` was played, at `speed`;
  // set again when the speed changes or the replay starts again from the beginning.
  let clock = null as { wall: number; atMs: number; speed: number; generation: number } | null;
  while (!stop.aborted) {
    const record = await getLiveContest(db, id);
    if (record?.status !== "replaying") return "stopped";
    const speed = record.replaySpeed ?? 0;
    const next = await db
      .select({
        position: liveContestRecordings.position,
        atMs: liveContestRecordings.atMs,
        event: liveContestRecordings.event,
      })
      .from(liveContestRecordings)
      .where(
        and(eq(liveContestRecordings.liveContestId, id), gt(liveContestRecordings.position, record.replayPosition)),
      )
      .orderBy(asc(liveContestRecordings.position))
      .limit(BATCH);
    const first = next[0];
    if (!first) {
      await db.update(liveContests).set({ status: "paused" }).where(eq(liveContests.id, id));
      return "complete";
    }
    const generation = record.feedGeneration;
    if (clock?.speed !== speed || clock.generation !== generation)
      clock = { wall: performance.now(), atMs: first.atMs, speed, generation };
    const { wall, atMs: clockAtMs } = clock;
    const dueAt = (atMs: number) => (speed === 0 ? 0 : wall + (atMs - clockAtMs) / speed);
    const wait = dueAt(first.atMs) - performance.now();
    if (wait > 0) {
      await pause(Math.min(wait, LOOK_AGAIN_MS), stop);
      continue;
    }
    const now = performance.now();
    const due = next.filter((row) => dueAt(row.atMs) <= now);
    const last = due.at(-1) ?? first;
    const events = due.map((row) => ({ event: row.event as FeedEvent, resumeAt: null }));
    if (!(await storeEvents(db, id, owner, events, { replayPosition: last.position }))) return "held-elsewhere";
    for (const balloon of await newFirstSolves(db, record, owner)) await options.onFirstSolve?.(balloon, record);
  }
  return "aborted";
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
