import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { FeedEvent } from "~/features/standings/importers/clics-event-feed";
import { FEED_MAX_LINE_LENGTH } from "~/features/standings/importers/event-feed-stream";
import { unseal } from "~/lib/signed-token.server";
import {
  CODEFORCES_SPACING_MS,
  type CodeforcesKey,
  JudgeBackoffError,
  minimumPollMs,
  readCodeforces,
  readVjudge,
} from "./judge-standings.server";
import type { Balloon, JudgeCredentials } from "./live-contests";
import {
  acquireLease,
  credentialsOfRecord,
  followedLiveContestIds,
  getLiveContest,
  type LiveContestRecord,
  newFirstSolves,
  type ReceivedEvent,
  recordFollowError,
  releaseLease,
  storeEvents,
  storePolledScoreboard,
} from "./live-contests.server";
import { type PolledScoreboard, readPolledScoreboard } from "./polled-scoreboard";

/** The job that follows one live contest (one queued and one running per contest, across processes). */
export const FOLLOW_LIVE_CONTEST_JOB = "follow-live-contest";
/** Every minute: a follow job for every contest being followed that has none. */
export const KICK_LIVE_CONTESTS_JOB = "kick-live-contests";

export interface FollowOptions {
  db: Database;
  secret: string;
  log: Logger;
  /** This follower's name in the lease (the job's id). */
  owner: string;
  /** Aborted when the job must stop (the process stops, the queue took the job back). */
  signal: AbortSignal;
  /** How long the lease lasts without renewal; renewed every third of it. */
  leaseSeconds?: number;
  /** First wait after a failed connection, doubled each time up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often a judge that doesn't stream is polled (default: the contest's own interval; never below the judge's limit). */
  pollMs?: number;
  /** Milliseconds between two Codeforces calls across processes (Codeforces' limit: 2 s). */
  codeforcesSpacingMs?: number;
  /** Told of each first solve once the public board shows it (the webhooks' post). */
  onFirstSolve?: (balloon: Balloon, record: LiveContestRecord) => Promise<void>;
  /** Each request's limit before it is given up (not the stream's: it stays open). */
  requestTimeoutMs?: number;
}

export type FollowOutcome = "complete" | "stopped" | "held-elsewhere" | "aborted";

/**
 * Follows a contest until its feed says `end_of_updates`, an admin pauses it, another process
 * holds its lease, or `signal` aborts. A dropped connection is resumed after the last stored
 * event (`since_token`, or `since_id` for a 2020-era feed), after a backoff that doubles with each
 * failure in a row. Events are stored as they arrive, a chunk of the stream at a time.
 */
export async function followLiveContest(id: string, options: FollowOptions): Promise<FollowOutcome> {
  const { db, owner, signal, log } = options;
  const leaseSeconds = options.leaseSeconds ?? 30;
  if (!(await acquireLease(db, id, owner, leaseSeconds))) return "held-elsewhere";
  const lost = new AbortController();
  const renewal = setInterval(
    () => {
      acquireLease(db, id, owner, leaseSeconds).then(
        (held) => held || lost.abort(),
        () => lost.abort(),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  const stop = AbortSignal.any([signal, lost.signal]);
  let failures = 0;
  try {
    while (!stop.aborted) {
      const record = await getLiveContest(db, id);
      if (record?.status !== "following") return "stopped";
      try {
        const result =
          record.source === "clics-feed"
            ? await streamOnce(record, options, stop)
            : record.source === "clics-scoreboard"
              ? await pollOnce(record, options, stop)
              : await pollStandingsOnce(record, options, stop);
        if (result === "complete") return "complete";
        if (result === "lost") return "held-elsewhere";
        failures = 0;
        if (record.source !== "clics-feed") await wait(pollIntervalMs(record, options), stop);
      } catch (error) {
        if (stop.aborted) break;
        if (error instanceof JudgeBackoffError) {
          // Codeforces refused or failed (here or in the practice sync): no call until its backoff ends.
          await recordFollowError(db, id, error.message).catch(() => undefined);
          await wait(Math.max(0, Math.min(error.until.getTime() - Date.now(), pollIntervalMs(record, options))), stop);
          continue;
        }
        failures++;
        const message = error instanceof Error ? error.message : String(error);
        log.warn({ liveContest: id, failures, err: message }, "live contest: connection to the judge failed");
        await recordFollowError(db, id, message).catch(() => undefined);
        const base = options.backoffMs ?? 1_000;
        await wait(Math.min(options.maxBackoffMs ?? 30_000, base * 2 ** (failures - 1)), stop);
      }
    }
    return lost.signal.aborted ? "held-elsewhere" : "aborted";
  } finally {
    clearInterval(renewal);
    await releaseLease(db, id, owner).catch(() => undefined);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
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

function authorization(credentials: JudgeCredentials | null): Record<string, string> {
  if (!credentials) return {};
  if ("token" in credentials) return { Authorization: `Bearer ${credentials.token}` };
  return { Authorization: `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString("base64")}` };
}

export class JudgeAnswerError extends Error {}

function feedAddress(record: LiveContestRecord): string {
  const base = `${record.judgeApi}/contests/${encodeURIComponent(record.judgeContestId)}/event-feed`;
  const since = record.sinceToken;
  if (!since) return base;
  return since.startsWith("id:")
    ? `${base}?since_id=${encodeURIComponent(since.slice(3))}`
    : `${base}?since_token=${encodeURIComponent(since)}`;
}

const isEvent = (value: unknown): value is FeedEvent & { token?: unknown } =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { type?: unknown }).type === "string" &&
  "data" in value;

/** Where to resume after an event: its token (2022-07+), or its own id (2020-era, `since_id`). */
function resumePointOf(event: FeedEvent & { token?: unknown }): string | null {
  if (typeof event.token === "string" && event.token) return event.token;
  if (event.op !== undefined && (typeof event.id === "string" || typeof event.id === "number")) return `id:${event.id}`;
  return null;
}

/** One connection to the event feed, read until it ends. "complete": the feed said it has no more. */
async function streamOnce(
  record: LiveContestRecord,
  options: FollowOptions,
  stop: AbortSignal,
): Promise<"ended" | "complete" | "lost"> {
  // The time limit holds until the answer's headers come; the stream then stays open.
  const connecting = new AbortController();
  const limit = setTimeout(() => connecting.abort(), options.requestTimeoutMs ?? 15_000);
  let response: Response;
  try {
    response = await fetch(feedAddress(record), {
      headers: { Accept: "application/x-ndjson", ...authorization(credentialsOfRecord(record, options.secret)) },
      signal: AbortSignal.any([stop, connecting.signal]),
    });
  } finally {
    clearTimeout(limit);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new JudgeAnswerError(`The judge answered ${response.status} for the event feed.`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let complete = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const lines = (pending + decoder.decode(value, { stream: true })).split("\n");
      pending = lines.pop() ?? "";
      if (pending.length > FEED_MAX_LINE_LENGTH) throw new JudgeAnswerError("The event feed sent a line too long.");
      const batch: ReceivedEvent[] = [];
      for (const line of lines) {
        if (line.trim() === "") continue; // a keep-alive
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          continue; // a cut or garbled line: the spec's clients skip it
        }
        if (!isEvent(parsed)) continue;
        batch.push({ event: parsed, resumeAt: resumePointOf(parsed) });
        if (parsed.type === "state" && isEndOfUpdates(parsed.data)) complete = true;
      }
      if (batch.length > 0) {
        if (!(await storeEvents(options.db, record.id, options.owner, batch))) return "lost";
        await announceFirstSolves(record, options);
      }
      if (complete) return "complete";
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return "ended";
}

async function announceFirstSolves(record: LiveContestRecord, options: FollowOptions) {
  const balloons = await newFirstSolves(options.db, record, options.owner);
  for (const balloon of balloons) await options.onFirstSolve?.(balloon, record);
}

function isEndOfUpdates(data: unknown): boolean {
  return typeof data === "object" && data !== null && Boolean((data as Record<string, unknown>).end_of_updates);
}

/** One round of polling a judge that doesn't stream: the contest, its state, problems, teams and scoreboard. */
async function pollOnce(
  record: LiveContestRecord,
  options: FollowOptions,
  stop: AbortSignal,
): Promise<"ended" | "complete" | "lost"> {
  const headers = { Accept: "application/json", ...authorization(credentialsOfRecord(record, options.secret)) };
  const base = `${record.judgeApi}/contests/${encodeURIComponent(record.judgeContestId)}`;
  const read = async (path: string) => {
    const response = await fetch(`${base}${path}`, {
      headers,
      signal: AbortSignal.any([stop, AbortSignal.timeout(options.requestTimeoutMs ?? 15_000)]),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new JudgeAnswerError(`The judge answered ${response.status} for ${path || "the contest"}.`);
    }
    return (await response.json()) as unknown;
  };
  const [contest, state, problems, teams, scoreboard] = await Promise.all([
    read(""),
    read("/state"),
    read("/problems"),
    read("/teams"),
    read("/scoreboard"),
  ]);
  const previous = (record.polledScoreboard ?? null) as PolledScoreboard | null;
  const polled = readPolledScoreboard({ contest, state, problems, teams, scoreboard, previous });
  if (!(await storePolledScoreboard(options.db, record.id, options.owner, polled))) return "lost";
  await announceFirstSolves(record, options);
  return isEndOfUpdates(state) ? "complete" : "ended";
}

/** The wait between two polls: the contest's interval (or the test's), never below the judge's limit. */
function pollIntervalMs(record: LiveContestRecord, options: FollowOptions): number {
  const asked = options.pollMs ?? (record.source === "clics-scoreboard" ? 5_000 : record.pollSeconds * 1000);
  return Math.max(asked, minimumPollMs(record.source, options.codeforcesSpacingMs ?? CODEFORCES_SPACING_MS));
}

/** One read of a Codeforces contest's or a vjudge contest's standings, kept as a polled judge's board. */
async function pollStandingsOnce(
  record: LiveContestRecord,
  options: FollowOptions,
  stop: AbortSignal,
): Promise<"ended" | "complete" | "lost"> {
  const context = {
    db: options.db,
    codeforcesSpacingMs: options.codeforcesSpacingMs ?? CODEFORCES_SPACING_MS,
    signal: stop,
    requestTimeoutMs: options.requestTimeoutMs,
  };
  const polled =
    record.source === "codeforces"
      ? await readCodeforces(record, codeforcesKeyOf(record, options.secret), context)
      : await readVjudge(record, context);
  if (!(await storePolledScoreboard(options.db, record.id, options.owner, polled))) return "lost";
  await announceFirstSolves(record, options);
  return polled.state?.end_of_updates ? "complete" : "ended";
}

function codeforcesKeyOf(record: LiveContestRecord, secret: string): CodeforcesKey | null {
  if (!record.sealedCredentials) return null;
  const sealed = JSON.parse(unseal(record.sealedCredentials, secret)) as Partial<CodeforcesKey>;
  return sealed.key && sealed.secret ? { key: sealed.key, secret: sealed.secret } : null;
}

/** Queues a follow job for every followed contest; one already queued or running for a contest is left as it is. */
export async function kickLiveContests(
  db: Database,
  queue: { send(name: string, data: object, options?: { singletonKey?: string }): Promise<string | null> },
): Promise<void> {
  for (const id of await followedLiveContestIds(db)) {
    await queue.send(FOLLOW_LIVE_CONTEST_JOB, { id }, { singletonKey: id });
  }
}
