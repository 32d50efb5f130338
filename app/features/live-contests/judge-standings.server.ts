import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { liveContests } from "~/db/schema";
import {
  callJudge,
  judgeBackoffUntil,
  recordJudgeError,
  recordJudgeSuccess,
} from "~/features/practice/judge-calls.server";
import { seal } from "~/lib/signed-token.server";
import { type JudgeStandingsInput, MINIMUM_POLL_SECONDS } from "./judge-connection";
import { pendingOfCodeforcesStatus, readCodeforcesStandings, readVjudgeRank } from "./judge-standings";
import { createLiveContest, type LiveContestRecord } from "./live-contests.server";
import type { PolledScoreboard } from "./polled-scoreboard";

/** Codeforces' published limit: one call every 2 s (codeforces.com/apiHelp), shared with the practice sync. */
export const CODEFORCES_SPACING_MS = 2_000;
/** The least a source may be polled at, whatever the admin asked for. */
export function minimumPollMs(source: LiveContestRecord["source"], codeforcesSpacingMs = CODEFORCES_SPACING_MS) {
  if (source === "codeforces") return codeforcesSpacingMs;
  return MINIMUM_POLL_SECONDS[source] * 1000;
}

/** Codeforces' API key for a gym or private contest: the key and its secret (sealed with the contest). */
export interface CodeforcesKey {
  key: string;
  secret: string;
}

/** The judge asked to be left alone until `until` (a 429 or 5xx before): no call until then. */
export class JudgeBackoffError extends Error {
  constructor(readonly until: Date) {
    super(`The judge is left alone until ${until.toISOString()} after refusing or failing.`);
  }
}

/** The judge answered, but not with standings (a FAILED answer, or one its API doesn't document). */
export class JudgeStandingsError extends Error {}

/**
 * Connects a contest followed from Codeforces or vjudge: the live contest, then what only these
 * sources have (the showUnofficial choice, the poll interval, a Codeforces API key sealed as
 * other judges' accounts are).
 */
export async function connectJudgeStandings(db: Database, secret: string, input: JudgeStandingsInput): Promise<string> {
  const id = await createLiveContest(db, secret, input);
  const key: CodeforcesKey | null =
    input.apiKey && input.apiSecret ? { key: input.apiKey, secret: input.apiSecret } : null;
  await db
    .update(liveContests)
    .set({
      showUnofficial: input.showUnofficial,
      pollSeconds: input.pollSeconds,
      ...(key ? { sealedCredentials: seal(JSON.stringify(key), secret) } : {}),
    })
    .where(eq(liveContests.id, id));
  return id;
}

/**
 * A Codeforces API call signed as codeforces.com/apiHelp documents: `apiKey` and `time` added,
 * then `apiSig` = six random characters followed by the SHA-512 (hex) of
 * `rand/method?params#secret`, the parameters sorted by name then value.
 */
export function signedCodeforcesUrl(
  apiUrl: string,
  method: string,
  params: Record<string, string>,
  key: CodeforcesKey | null,
  now = Date.now(),
  rand = randomBytes(3).toString("hex"),
): string {
  const all: [string, string][] = Object.entries(params);
  if (key) all.push(["apiKey", key.key], ["time", String(Math.floor(now / 1000))]);
  all.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = all.map(([name, value]) => `${name}=${value}`).join("&");
  const base = `${apiUrl.replace(/\/+$/, "")}/${method}`;
  if (!key) return `${base}?${new URLSearchParams(all)}`;
  const signature = createHash("sha512").update(`${rand}/${method}?${query}#${key.secret}`).digest("hex");
  return `${base}?${new URLSearchParams([...all, ["apiSig", `${rand}${signature}`]])}`;
}

export interface StandingsCallContext {
  db: Database;
  /** Milliseconds between two Codeforces calls, across every process and the practice sync. */
  codeforcesSpacingMs: number;
  signal: AbortSignal;
  requestTimeoutMs?: number;
}

/** How many of the newest submissions `contest.status` is asked for: those being judged are among them. */
const RECENT_SUBMISSIONS = 200;

/** One Codeforces API call at Codeforces' shared pace; a FAILED answer is noted on the pace row and thrown. */
async function callCodeforces(
  record: LiveContestRecord,
  method: string,
  params: Record<string, string>,
  key: CodeforcesKey | null,
  context: StandingsCallContext,
): Promise<unknown> {
  const url = signedCodeforcesUrl(record.judgeApi, method, params, key);
  const response = await callJudge({ db: context.db, spacingMs: context.codeforcesSpacingMs }, "codeforces", url);
  const body = (await response.json().catch(() => undefined)) as
    | { status?: unknown; comment?: unknown; result?: unknown }
    | undefined;
  if (body?.status !== "OK") {
    const comment = typeof body?.comment === "string" ? body.comment : `HTTP ${response.status}`;
    const message = `${method}: ${comment}`;
    await recordJudgeError(context.db, "codeforces", message);
    throw new JudgeStandingsError(message);
  }
  await recordJudgeSuccess(context.db, "codeforces");
  return body.result;
}

/**
 * Reads a Codeforces contest's standings at Codeforces' shared pace and, while it runs, the
 * newest submissions (`contest.status`): the standings have no count of tries being judged.
 */
export async function readCodeforces(
  record: LiveContestRecord,
  key: CodeforcesKey | null,
  context: StandingsCallContext,
): Promise<PolledScoreboard> {
  const until = await judgeBackoffUntil(context.db, "codeforces");
  if (until) throw new JudgeBackoffError(until);
  const contestId = record.judgeContestId;
  const standings = await callCodeforces(
    record,
    "contest.standings",
    { contestId, showUnofficial: String(record.showUnofficial) },
    key,
    context,
  );
  const contest = (standings as { contest?: { phase?: unknown } } | undefined)?.contest;
  const pending =
    contest?.phase === "CODING"
      ? pendingOfCodeforcesStatus(
          await callCodeforces(
            record,
            "contest.status",
            { contestId, from: "1", count: String(RECENT_SUBMISSIONS) },
            key,
            context,
          ),
        )
      : new Map();
  return readCodeforcesStandings(standings, (record.polledScoreboard ?? null) as PolledScoreboard | null, pending);
}

/** Reads a vjudge contest's rank JSON, the one its rank page loads. */
export async function readVjudge(record: LiveContestRecord, context: StandingsCallContext): Promise<PolledScoreboard> {
  const url = `${record.judgeApi.replace(/\/+$/, "")}/contest/rank/single/${encodeURIComponent(record.judgeContestId)}`;
  const response = await fetch(url, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(context.requestTimeoutMs ?? 15_000)]),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new JudgeStandingsError(`vjudge answered ${response.status} for the contest's rank.`);
  }
  const answer = await response.json().catch(() => undefined);
  if (typeof answer !== "object" || answer === null || !("participants" in answer))
    throw new JudgeStandingsError("vjudge's answer is not a contest's rank.");
  const previous = (record.polledScoreboard ?? null) as PolledScoreboard | null;
  return readVjudgeRank(answer, Date.now(), previous?.problems.length);
}
