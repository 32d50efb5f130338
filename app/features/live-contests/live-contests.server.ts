import { and, asc, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { LIVE_CONTEST_STATUSES } from "~/db/enums";
import { contests, liveContestEvents, liveContests } from "~/db/schema";
import {
  applyEvent,
  type ContestState,
  computeScoreboard,
  emptyContestState,
  type FeedEvent,
} from "~/features/standings/importers/clics-event-feed";
import { seal, unseal } from "~/lib/signed-token.server";
import {
  BALLOON_EVENT,
  type Balloon,
  credentialsOf,
  type JudgeCredentials,
  type LiveBoard,
  type LiveCell,
  type LiveContestInput,
  type LivePhase,
} from "./live-contests";
import { boardOfPolledScoreboard, type PolledScoreboard } from "./polled-scoreboard";
import { contestAwards, type MedalCounts, planReveal, revealedBoard } from "./reveal";

export type LiveContestStatus = (typeof LIVE_CONTEST_STATUSES)[number];
export type LiveContestRecord = typeof liveContests.$inferSelect;

/** What the dashboard lists: never the account. */
export interface LiveContestSummary {
  id: string;
  slug: string;
  name: string;
  source: LiveContestRecord["source"];
  judgeApi: string;
  judgeContestId: string;
  status: LiveContestStatus;
  hasAccount: boolean;
  eventCount: number;
  lastContactAt: string | null;
  lastError: string | null;
  /** A replay's pace (0: as fast as possible; null: never replayed) and the recorded events it has played. */
  replaySpeed: number | null;
  replayPosition: number;
}

export class SlugTakenError extends Error {}

export async function createLiveContest(db: Database, secret: string, input: LiveContestInput): Promise<string> {
  const credentials = credentialsOf(input);
  const taken = await db.select({ id: liveContests.id }).from(liveContests).where(eq(liveContests.slug, input.slug));
  if (taken.length > 0) throw new SlugTakenError(input.slug);
  const [row] = await db
    .insert(liveContests)
    .values({
      name: input.name,
      slug: input.slug,
      source: input.source,
      judgeApi: input.judgeApi,
      judgeContestId: input.judgeContestId,
      sealedCredentials: credentials ? seal(JSON.stringify(credentials), secret) : null,
    })
    .returning({ id: liveContests.id });
  if (!row) throw new Error("The live contest was not saved.");
  return row.id;
}

export async function listLiveContests(db: Database): Promise<LiveContestSummary[]> {
  const rows = await db.select().from(liveContests).orderBy(desc(liveContests.createdAt));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    source: row.source,
    judgeApi: row.judgeApi,
    judgeContestId: row.judgeContestId,
    status: row.status,
    hasAccount: row.sealedCredentials !== null,
    eventCount: row.eventCount,
    lastContactAt: row.lastContactAt?.toISOString() ?? null,
    lastError: row.lastError,
    replaySpeed: row.replaySpeed,
    replayPosition: row.replayPosition,
  }));
}

export async function getLiveContest(db: Database, id: string): Promise<LiveContestRecord | undefined> {
  const [row] = await db.select().from(liveContests).where(eq(liveContests.id, id));
  return row;
}

/** The contests a follower should be running for. */
export async function followedLiveContestIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: liveContests.id }).from(liveContests).where(eq(liveContests.status, "following"));
  return rows.map((row) => row.id);
}

export async function setLiveContestStatus(db: Database, id: string, status: LiveContestStatus): Promise<boolean> {
  const rows = await db
    .update(liveContests)
    .set({ status })
    .where(eq(liveContests.id, id))
    .returning({ id: liveContests.id });
  return rows.length > 0;
}

export async function removeLiveContest(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(liveContests).where(eq(liveContests.id, id)).returning({ id: liveContests.id });
  return rows.length > 0;
}

/** Moves the reveal to `step` (null: not started); `revealed`: it has ended, the outcomes are public. */
export async function setReveal(db: Database, id: string, reveal: { step: number | null; revealed: boolean }) {
  const rows = await db
    .update(liveContests)
    .set({ revealStep: reveal.step, revealed: reveal.revealed })
    .where(eq(liveContests.id, id))
    .returning({ slug: liveContests.slug });
  return rows[0]?.slug ?? null;
}

export function credentialsOfRecord(record: LiveContestRecord, secret: string): JudgeCredentials | null {
  if (!record.sealedCredentials) return null;
  return JSON.parse(unseal(record.sealedCredentials, secret)) as JudgeCredentials;
}

/**
 * Takes (or keeps) the right to follow a contest for `seconds`: one follower across processes.
 * True when `owner` holds it now.
 */
export async function acquireLease(db: Database, id: string, owner: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(liveContests)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(liveContests.id, id),
        or(
          eq(liveContests.leaseOwner, owner),
          isNull(liveContests.leaseUntil),
          lt(liveContests.leaseUntil, sql`now()`),
        ),
      ),
    )
    .returning({ id: liveContests.id });
  return rows.length > 0;
}

export async function releaseLease(db: Database, id: string, owner: string): Promise<void> {
  await db
    .update(liveContests)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(liveContests.id, id), eq(liveContests.leaseOwner, owner)));
}

export interface ReceivedEvent {
  event: FeedEvent;
  /** Where the feed resumes after this event (`since_token`, or `id:…` for a 2020-era feed's `since_id`). */
  resumeAt: string | null;
}

/**
 * Keeps a batch of events and moves the resume point past them, in one transaction, only while
 * `owner` holds the lease: a follower that lost it (its process stalled, another took over)
 * writes nothing. False when it doesn't hold it.
 */
export async function storeEvents(
  db: Database,
  id: string,
  owner: string,
  events: readonly ReceivedEvent[],
  /** A replay's place in its recording, moved with the events it played. */
  replay?: { replayPosition: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const resumeAt = events.findLast((received) => received.resumeAt !== null)?.resumeAt;
    const held = await tx
      .update(liveContests)
      .set({
        eventCount: sql`${liveContests.eventCount} + ${events.length}`,
        lastContactAt: sql`now()`,
        lastError: null,
        ...(resumeAt ? { sinceToken: resumeAt } : {}),
        ...(replay ? { replayPosition: replay.replayPosition } : {}),
      })
      .where(and(eq(liveContests.id, id), eq(liveContests.leaseOwner, owner), gt(liveContests.leaseUntil, sql`now()`)))
      .returning({ id: liveContests.id });
    if (held.length === 0) return false;
    if (events.length > 0) {
      await tx
        .insert(liveContestEvents)
        .values(events.map(({ event, resumeAt }) => ({ liveContestId: id, token: resumeAt, event })));
    }
    return true;
  });
}

/** A polled judge's latest answer, kept while `owner` holds the lease. */
export async function storePolledScoreboard(
  db: Database,
  id: string,
  owner: string,
  polled: PolledScoreboard,
): Promise<boolean> {
  const rows = await db
    .update(liveContests)
    .set({
      polledScoreboard: polled,
      eventCount: sql`${liveContests.eventCount} + 1`,
      lastContactAt: sql`now()`,
      lastError: null,
    })
    .where(and(eq(liveContests.id, id), eq(liveContests.leaseOwner, owner)))
    .returning({ id: liveContests.id });
  return rows.length > 0;
}

export async function recordFollowError(db: Database, id: string, message: string): Promise<void> {
  await db
    .update(liveContests)
    .set({ lastError: message.slice(0, 500) })
    .where(eq(liveContests.id, id));
}

/** The first solves announced so far, newest first (`limit` of them, or all). */
export async function balloonsOf(db: Database, id: string, limit?: number): Promise<Balloon[]> {
  const query = db
    .select({ event: liveContestEvents.event })
    .from(liveContestEvents)
    .where(and(eq(liveContestEvents.liveContestId, id), sql`${liveContestEvents.event}->>'type' = ${BALLOON_EVENT}`))
    .orderBy(desc(liveContestEvents.seq));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((row) => (row.event as { data: Balloon }).data);
}

/**
 * The first solves the public board shows that were not announced yet, stored as announced
 * (while `owner` holds the lease). Read from the public board: a first solve hidden by the
 * freeze is announced when the board shows it, not before.
 */
export async function newFirstSolves(db: Database, record: LiveContestRecord, owner: string): Promise<Balloon[]> {
  const board = await publicLiveBoard(db, record.slug);
  if (!board) return [];
  const announced = new Set((await balloonsOf(db, record.id)).map((balloon) => balloon.problemId));
  const labels = new Map(board.problems.map((problem) => [problem.id, problem.label]));
  const balloons: Balloon[] = [];
  for (const row of board.rows) {
    for (const [problemId, cell] of Object.entries(row.cells)) {
      if (!cell.first || !cell.solved || announced.has(problemId)) continue;
      announced.add(problemId);
      const label = labels.get(problemId) ?? problemId;
      balloons.push({ problemId, label, teamId: row.teamId, team: row.name, minutes: cell.minutes ?? 0 });
    }
  }
  balloons.sort((a, b) => a.minutes - b.minutes);
  if (balloons.length === 0) return [];
  const events = balloons.map((balloon) => ({
    event: { type: BALLOON_EVENT, id: balloon.problemId, data: balloon },
    resumeAt: null,
  }));
  return (await storeEvents(db, record.id, owner, events)) ? balloons : [];
}

/** The contest's state after its stored events, kept per process and brought up to date incrementally. */
interface KeptState {
  state: ContestState;
  lastSeq: number;
  /** The feed generation the state was made from: a replay started again begins a new one. */
  generation: number;
}

const keptStates = new Map<string, KeptState>();
const READ_BATCH = 5000;

export async function contestStateOf(db: Database, id: string, generation = 0): Promise<ContestState> {
  let kept = keptStates.get(id);
  if (!kept || kept.generation !== generation) {
    kept = { state: emptyContestState(), lastSeq: 0, generation };
    keptStates.set(id, kept);
  }
  for (;;) {
    const rows = await db
      .select({ seq: liveContestEvents.seq, event: liveContestEvents.event })
      .from(liveContestEvents)
      .where(and(eq(liveContestEvents.liveContestId, id), gt(liveContestEvents.seq, kept.lastSeq)))
      .orderBy(asc(liveContestEvents.seq))
      .limit(READ_BATCH);
    for (const row of rows) {
      applyEvent(kept.state, row.event as FeedEvent);
      kept.lastSeq = row.seq;
    }
    if (rows.length < READ_BATCH) return kept.state;
  }
}

/** Forgets what this process kept of a contest (removed, or its events replaced). */
export function forgetContestState(id: string): void {
  keptStates.delete(id);
}

const boards = new Map<string, LiveBoard>();

type Versioned = Pick<
  LiveContestRecord,
  | "id"
  | "eventCount"
  | "revealStep"
  | "revealed"
  | "goldCount"
  | "silverCount"
  | "bronzeCount"
  | "contestId"
  | "feedGeneration"
>;

/** Everything the public board depends on besides the events' content: the medal counts move the reveal's stops. */
const versionOf = (row: Versioned) =>
  [
    row.id,
    row.eventCount,
    row.revealStep ?? "-",
    row.revealed ? 1 : 0,
    `${row.goldCount}-${row.silverCount}-${row.bronzeCount}`,
    row.contestId ?? "-",
    // A replay started again from nothing: the same count can mean other events.
    row.feedGeneration,
  ].join(".");

async function publishedPathOf(db: Database, contestId: string): Promise<string | undefined> {
  const [contest] = await db.select({ slug: contests.slug }).from(contests).where(eq(contests.id, contestId));
  return contest && `/results/${contest.slug}`;
}

/** The version a contest's public board has now: read first, cheaply, by every live page and update stream. */
export async function liveVersionOf(db: Database, slug: string): Promise<string | null> {
  const [row] = await db
    .select({
      id: liveContests.id,
      eventCount: liveContests.eventCount,
      revealStep: liveContests.revealStep,
      revealed: liveContests.revealed,
      goldCount: liveContests.goldCount,
      silverCount: liveContests.silverCount,
      bronzeCount: liveContests.bronzeCount,
      contestId: liveContests.contestId,
      feedGeneration: liveContests.feedGeneration,
    })
    .from(liveContests)
    .where(eq(liveContests.slug, slug));
  return row ? versionOf(row) : null;
}

/**
 * The public board of a live contest, or null when there is none at this address. Outcomes of
 * submissions from the freeze on are hidden (pending) until the judge thaws its scoreboard or
 * the reveal has ended, whatever the account the follower reads with is allowed to see.
 */
export async function publicLiveBoard(db: Database, slug: string): Promise<LiveBoard | null> {
  const [record] = await db.select().from(liveContests).where(eq(liveContests.slug, slug));
  if (!record) return null;
  const version = versionOf(record);
  const kept = boards.get(slug);
  if (kept?.version === version) return kept;
  const board =
    record.source !== "clics-feed"
      ? boardOfPolledScoreboard(record, version)
      : boardOfState(record, await contestStateOf(db, record.id, record.feedGeneration), version);
  board.balloons = await balloonsOf(db, record.id, 5);
  if (record.contestId) board.publishedPath = await publishedPathOf(db, record.contestId);
  boards.set(slug, board);
  return board;
}

export function boardOfState(
  record: Pick<
    LiveContestRecord,
    "slug" | "name" | "revealed" | "revealStep" | "goldCount" | "silverCount" | "bronzeCount"
  >,
  state: ContestState,
  version: string,
): LiveBoard {
  const judgeThawed = Boolean(state.state.thawed || state.state.unfrozen);
  if (judgeThawed || record.revealed) return plainBoard(record, state, version, false);
  const frozen = plainBoard(record, state, version, true);
  if (record.revealStep === null || !frozen.frozen) return frozen;
  // The reveal: the frozen board resolved step by step towards the final one.
  const final = plainBoard(record, state, version, false);
  const awards = contestAwards(final, medalCountsOf(record), [...state.awards.values()]);
  const plan = planReveal(frozen, final, state.penaltyMinutes, awards);
  return revealedBoard(frozen, final, plan, Math.min(record.revealStep, plan.steps.length), state.penaltyMinutes);
}

const medalCountsOf = (record: Pick<LiveContestRecord, "goldCount" | "silverCount" | "bronzeCount">): MedalCounts => ({
  gold: record.goldCount,
  silver: record.silverCount,
  bronze: record.bronzeCount,
});

/**
 * The board with outcomes from the freeze on hidden (`hide`: the public view, frozen from the
 * freeze time on whether or not the judge has said so yet), or all of them.
 */
function plainBoard(
  record: Pick<LiveContestRecord, "slug" | "name">,
  state: ContestState,
  version: string,
  hide: boolean,
): LiveBoard {
  const publicState: ContestState = hide
    ? { ...state, state: { ...state.state, frozen: state.state.frozen ?? "by the contest's times" } }
    : state;
  const scoreboard = computeScoreboard(publicState, { revealFrozen: !hide });
  const times = contestTimes(state);
  const problems = scoreboard.problems.map(({ id, label, name }) => ({ id, label, name }));
  const rows = scoreboard.rows.map((row) => {
    const team = state.teams.get(row.teamId);
    const cells: Record<string, LiveCell> = {};
    for (const [problemId, cell] of row.cells) {
      cells[problemId] = {
        attempts: cell.attempts,
        pending: cell.pending,
        solved: cell.solved,
        minutes: cell.minutes,
        first: cell.firstToSolve,
      };
    }
    return {
      teamId: row.teamId,
      name: team?.displayName ?? team?.name ?? row.teamId,
      rank: row.rank,
      solved: row.solved,
      penalty: row.penalty,
      cells,
    };
  });
  const phase = phaseOf(state, scoreboard.frozen);
  return {
    slug: record.slug,
    name: state.name ?? record.name,
    problems,
    rows,
    phase,
    frozen: scoreboard.frozen && (phase === "frozen" || phase === "ended"),
    ...times,
    balloons: [],
    version,
  };
}

function contestTimes(state: ContestState) {
  const start = Date.parse(state.state.started ?? state.startTime ?? "");
  if (Number.isNaN(start) || state.durationSeconds === null) {
    return { startsAt: Number.isNaN(start) ? null : new Date(start).toISOString(), endsAt: null, freezesAt: null };
  }
  const end = start + state.durationSeconds * 1000;
  const freeze = state.freezeSeconds ? end - state.freezeSeconds * 1000 : null;
  return {
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
    freezesAt: freeze === null ? null : new Date(freeze).toISOString(),
  };
}

function phaseOf(state: ContestState, frozen: boolean): LivePhase {
  if (state.state.finalized && !frozen) return "final";
  if (state.state.ended) return "ended";
  // The judge's state says when the freeze began (a recorded contest replayed has its own clock).
  if (frozen && state.state.frozen) return "frozen";
  if (state.state.started) return "running";
  return "before";
}
