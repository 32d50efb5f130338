import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

/**
 * A stand-in Codeforces API (`contest.standings`) and vjudge (`/contest/rank/single/{id}`),
 * answering with recorded real answers (tests/fixtures/live-judges, SOURCES.md says where each
 * came from and what the stand-in makes of them). It keeps every call with its time, checks
 * Codeforces' `apiSig` for the gym, and can be told to refuse (429) or be down (503).
 */
export interface StandInStandingsJudges {
  codeforcesApiUrl: string;
  vjudgeUrl: string;
  /** Every call, with its time and the stage the contest was in when it came. */
  calls: { path: string; at: number; stage: StandInStandingsJudges["stage"] }[];
  /** Where the Codeforces contest is: before it, early in the freeze, late in the freeze, or final. */
  stage: "before" | "frozen-early" | "frozen-late" | "final";
  failWith?: 429 | 503;
  close(): Promise<void>;
}

const FIXTURES = path.resolve("tests/fixtures/live-judges");
export const GYM_ID = "104491";
export const VJUDGE_ID = "156598";
/** The key the gym is read with (a private gym: unsigned calls are refused). */
export const GYM_KEY = { key: "4f2e8c1a9b7d", secret: "e1d9c7b5a3f1" };

type Row = { party: { participantType: string }; problemResults: Record<string, unknown>[] } & Record<string, unknown>;
type Standings = { contest: Record<string, unknown>; problems: unknown[]; rows: Row[] };

export const recordedGym = (): Standings =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `codeforces.contest.standings.${GYM_ID}.json`), "utf8")).result;
export const recordedVjudge = () =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `vjudge.rank.${VJUDGE_ID}.json`), "utf8")) as {
    begin: number;
    length: number;
    participants: Record<string, [string, string]>;
    submissions: [number, number, number, number][];
  };

type Submission = { relativeTimeSeconds: number; verdict?: string } & Record<string, unknown>;
export const recordedGymStatus = (): Submission[] =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `codeforces.contest.status.${GYM_ID}.json`), "utf8")).result;

/** Submissions from 4:50 on are still being judged while the contest runs (no verdict yet). */
export const JUDGING_FROM_SECONDS = 4 * 3600 + 50 * 60;
const isJudging = (submission: Submission) =>
  submission.relativeTimeSeconds >= JUDGING_FROM_SECONDS && submission.relativeTimeSeconds < 2 ** 31 - 1;

function statusAt(stage: StandInStandingsJudges["stage"], count: number): Submission[] {
  const recorded = recordedGymStatus().slice(0, count);
  if (stage === "final" || stage === "before") return stage === "final" ? recorded : [];
  return recorded.map((submission) => {
    if (!isJudging(submission)) return submission;
    const { verdict: _judged, ...judging } = submission;
    return judging as Submission;
  });
}

/** Solves from the fourth hour on are not there yet (the tries before them stay). */
const FREEZE_SECONDS = 4 * 3600;
function earlyInFreeze(standings: Standings): Standings {
  return {
    ...standings,
    contest: { ...standings.contest, phase: "CODING", frozen: true },
    rows: standings.rows.map((row) => ({
      ...row,
      problemResults: row.problemResults.map((result) =>
        Number(result.bestSubmissionTimeSeconds ?? 0) >= FREEZE_SECONDS
          ? { points: 0, rejectedAttemptCount: result.rejectedAttemptCount, type: "PRELIMINARY" }
          : result,
      ),
    })),
  };
}

function standingsAt(stage: StandInStandingsJudges["stage"]): Standings {
  const recorded = recordedGym();
  if (stage === "before") return { ...recorded, contest: { ...recorded.contest, phase: "BEFORE" }, rows: [] };
  if (stage === "frozen-early") return earlyInFreeze(recorded);
  if (stage === "frozen-late") return { ...recorded, contest: { ...recorded.contest, phase: "CODING", frozen: true } };
  return recorded;
}

/** Checks `apiSig` as codeforces.com/apiHelp documents it. */
function signedRight(method: string, query: URLSearchParams): boolean {
  const apiSig = query.get("apiSig") ?? "";
  if (query.get("apiKey") !== GYM_KEY.key || apiSig.length !== 6 + 128) return false;
  const params = [...query.entries()].filter(([name]) => name !== "apiSig");
  params.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const rand = apiSig.slice(0, 6);
  const text = `${rand}/${method}?${params.map(([name, value]) => `${name}=${value}`).join("&")}#${GYM_KEY.secret}`;
  return createHash("sha512").update(text).digest("hex") === apiSig.slice(6);
}

const failed = (comment: string) => ({ status: 400, body: { status: "FAILED", comment } });

export async function startStandInStandingsJudges(): Promise<StandInStandingsJudges> {
  const judges: StandInStandingsJudges = {
    codeforcesApiUrl: "",
    vjudgeUrl: "",
    calls: [],
    stage: "before",
    close: async () => {},
  };
  const answer = (url: URL): { status: number; body: unknown } => {
    if (url.pathname === "/api/contest.standings") {
      const query = url.searchParams;
      if (query.get("contestId") !== GYM_ID)
        return failed(`contestId: Contest with id ${query.get("contestId")} not found`);
      if (!signedRight("contest.standings", query)) return failed("apiKey: Incorrect signature");
      const standings = standingsAt(judges.stage);
      const rows =
        query.get("showUnofficial") === "true"
          ? standings.rows
          : standings.rows.filter((row) => row.party.participantType === "CONTESTANT");
      return { status: 200, body: { status: "OK", result: { ...standings, rows } } };
    }
    if (url.pathname === "/api/contest.status") {
      const query = url.searchParams;
      if (query.get("contestId") !== GYM_ID)
        return failed(`contestId: Contest with id ${query.get("contestId")} not found`);
      if (!signedRight("contest.status", query)) return failed("apiKey: Incorrect signature");
      const count = Math.min(Number(query.get("count") ?? 200), 200);
      return { status: 200, body: { status: "OK", result: statusAt(judges.stage, count) } };
    }
    if (url.pathname === `/vjudge/contest/rank/single/${VJUDGE_ID}`) return { status: 200, body: recordedVjudge() };
    return { status: 404, body: { error: "not found" } };
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    judges.calls.push({ path: `${url.pathname}${url.search}`, at: Date.now(), stage: judges.stage });
    if (judges.failWith) {
      response.writeHead(judges.failWith, { "Content-Type": "text/plain" }).end("Call limit exceeded");
      return;
    }
    const { status, body } = answer(url);
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  judges.codeforcesApiUrl = `http://127.0.0.1:${port}/api`;
  judges.vjudgeUrl = `http://127.0.0.1:${port}/vjudge`;
  judges.close = () => new Promise((resolve) => server.close(() => resolve()));
  return judges;
}
