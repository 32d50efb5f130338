import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { type SyncSettings, syncAtcoder, syncCodeforces } from "~/features/practice/sync.server";

/**
 * Where the demo's judges "are": never called (the answers below come from recordings), so
 * addresses that cannot resolve.
 */
const DEMO_CODEFORCES = "https://codeforces.demo.invalid/api";
/** AtCoder's own address: its contests' links on /contests are made from it (the page is never fetched). */
const DEMO_ATCODER = "https://atcoder.jp";
const DEMO_ATCODER_PROBLEMS = "https://kenkoooo.demo.invalid/atcoder/atcoder-api";

const DAY_S = 86_400;
const HOUR_S = 3600;

type Json = Record<string, unknown>;
interface Recordings {
  info: Record<string, Json>;
  rating: Record<string, { result: Json[] }>;
  status: Record<string, { result: Json[] }>;
  contests: { result: Json[] };
  atcoderHistory: Json[];
  atcoderSubmissions: Json[];
  atcoderContestsPage: string;
}

/**
 * Which recorded answers (app/seed/judge-answers, sources in its SOURCES.md) stand for which
 * demo handle: real people's answers, re-keyed to the demo's made-up handles. tanvir-ahmed is
 * not on Codeforces: the demo shows how an unknown handle is marked.
 */
const CODEFORCES_STANDINS = {
  sumaiya_rmstu: { info: "Clash", rating: "Clash", status: "rishgod" },
  "priyanka.c": { info: "unbit", rating: "unbit", status: "unbit" },
} as const;
const ATCODER_STANDIN = "tanvir_a";

async function loadRecordings(): Promise<Recordings> {
  const [
    infoClash,
    infoUnbit,
    ratingClash,
    ratingUnbit,
    statusRishgod,
    statusUnbit,
    contests,
    history,
    submissions,
    contestsPage,
  ] = await Promise.all([
    import("./judge-answers/codeforces/user.info.Clash.json"),
    import("./judge-answers/codeforces/user.info.unbit.json"),
    import("./judge-answers/codeforces/user.rating.Clash.json"),
    import("./judge-answers/codeforces/user.rating.unbit.json"),
    import("./judge-answers/codeforces/user.status.rishgod.json"),
    import("./judge-answers/codeforces/user.status.unbit.json"),
    import("./judge-answers/codeforces/contest.list.json"),
    import("./judge-answers/atcoder/history.json"),
    import("./judge-answers/atcoder/submissions.json"),
    import("./judge-answers/atcoder/contests.json"),
  ]);
  const first = (answer: { result: Json[] }) => answer.result[0] ?? {};
  return {
    info: { Clash: first(infoClash.default), unbit: first(infoUnbit.default) },
    rating: { Clash: ratingClash.default, unbit: ratingUnbit.default },
    status: { rishgod: statusRishgod.default, unbit: statusUnbit.default },
    contests: contests.default,
    atcoderHistory: history.default,
    atcoderSubmissions: submissions.default,
    atcoderContestsPage: contestsPage.default.html,
  };
}

/** The recordings moved in time so the demo's newest moments fall just before `now`. */
function redated(recordings: Recordings, now: Date): Recordings {
  const nowS = Math.floor(now.getTime() / 1000);
  const seconds = (value: unknown) => Number(value);
  // One shift for every rating history, so a contest two members took part in stays one moment.
  const newestRating = Math.max(
    ...Object.values(recordings.rating).flatMap((answer) =>
      answer.result.map((change) => seconds(change.ratingUpdateTimeSeconds)),
    ),
  );
  const ratingShift = nowS - 4 * DAY_S - newestRating;
  const rating = Object.fromEntries(
    Object.entries(recordings.rating).map(([handle, answer]) => [
      handle,
      {
        ...answer,
        result: answer.result.map((change) => ({
          ...change,
          ratingUpdateTimeSeconds: seconds(change.ratingUpdateTimeSeconds) + ratingShift,
        })),
      },
    ]),
  );
  // Each member's submissions end an hour before the install: this week's board has them.
  const status = Object.fromEntries(
    Object.entries(recordings.status).map(([handle, answer]) => {
      const shift =
        nowS - HOUR_S - Math.max(...answer.result.map((submission) => seconds(submission.creationTimeSeconds)));
      return [
        handle,
        {
          ...answer,
          result: answer.result.map((submission) => ({
            ...submission,
            creationTimeSeconds: seconds(submission.creationTimeSeconds) + shift,
          })),
        },
      ];
    }),
  );
  // The contest list as Codeforces answered it then (a start minus its relative time), answered now.
  const [anyContest] = recordings.contests.result;
  const recordedAt = anyContest ? seconds(anyContest.startTimeSeconds) + seconds(anyContest.relativeTimeSeconds) : nowS;
  const contests = {
    ...recordings.contests,
    result: recordings.contests.result.map((contest) => ({
      ...contest,
      startTimeSeconds: seconds(contest.startTimeSeconds) + nowS - recordedAt,
    })),
  };
  const historyEnd = Math.max(...recordings.atcoderHistory.map((entry) => Date.parse(String(entry.EndTime)) / 1000));
  const historyShift = nowS - 10 * DAY_S - historyEnd;
  const atcoderHistory = recordings.atcoderHistory.map((entry) => ({
    ...entry,
    EndTime: new Date((Date.parse(String(entry.EndTime)) / 1000 + historyShift) * 1000).toISOString(),
  }));
  const newestAc = Math.max(...recordings.atcoderSubmissions.map((submission) => seconds(submission.epoch_second)));
  const atcoderSubmissions = recordings.atcoderSubmissions.map((submission) => ({
    ...submission,
    epoch_second: seconds(submission.epoch_second) + nowS - 3 * HOUR_S - newestAc,
  }));
  return {
    ...recordings,
    rating,
    status,
    contests,
    atcoderHistory,
    atcoderSubmissions,
    atcoderContestsPage: atcoderUpcomingFrom(
      recordings.atcoderContestsPage,
      new Date(now.getTime() + 2 * DAY_S * 1000),
    ),
  };
}

/** The `<time>` texts of AtCoder's contests page ("2023-02-04 21:00:00+0900", Japan's time). */
const ATCODER_TIME = /(<time[^>]*>)(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\+0900(<\/time>)/g;

/** AtCoder's recorded contests page with its contests moved: the first starts at `from`, the next a week apart. */
function atcoderUpcomingFrom(page: string, from: Date): string {
  let index = 0;
  return page.replace(ATCODER_TIME, (_all, open: string, _text: string, close: string) => {
    const starts = from.getTime() + index++ * 7 * DAY_S * 1000;
    const japan = new Date(starts + 9 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
    return `${open}${japan}+0900${close}`;
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers the sync's calls as the judges would, from the recordings; anything else: 404. */
function recordedJudges(recordings: Recordings): typeof fetch {
  const standin = (handle: string | null) =>
    CODEFORCES_STANDINS[(handle ?? "") as keyof typeof CODEFORCES_STANDINS] as
      | (typeof CODEFORCES_STANDINS)[keyof typeof CODEFORCES_STANDINS]
      | undefined;
  const notFound = (handle: string) =>
    json({ status: "FAILED", comment: `handles: User with handle ${handle} not found` }, 400);
  const answer = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const address = url.href.split("?")[0] ?? "";
    const params = url.searchParams;
    if (address === `${DEMO_CODEFORCES}/contest.list`) return json(recordings.contests);
    if (address === `${DEMO_CODEFORCES}/user.info`) {
      const handles = (params.get("handles") ?? "").split(";");
      const unknown = handles.find((handle) => !standin(handle));
      if (unknown) return notFound(unknown);
      return json({
        status: "OK",
        result: handles.map((handle) => ({ ...recordings.info[standin(handle)?.info ?? ""], handle })),
      });
    }
    const handle = params.get("handle") ?? "";
    const recorded = standin(handle);
    if (address === `${DEMO_CODEFORCES}/user.rating`) {
      if (!recorded) return notFound(handle);
      const answer = recordings.rating[recorded.rating];
      return json({ status: "OK", result: answer?.result.map((change) => ({ ...change, handle })) ?? [] });
    }
    if (address === `${DEMO_CODEFORCES}/user.status`) {
      if (!recorded) return notFound(handle);
      const from = Number(params.get("from") ?? "1") - 1;
      const count = Number(params.get("count") ?? "100");
      const answer = recordings.status[recorded.status];
      return json({ status: "OK", result: answer?.result.slice(from, from + count) ?? [] });
    }
    if (address === `${DEMO_CODEFORCES}/contest.ratingChanges`) {
      // Codeforces gives a contest's changes as the same objects as each member's history.
      const contestId = Number(params.get("contestId"));
      const result = Object.entries(CODEFORCES_STANDINS).flatMap(([demoHandle, standin]) =>
        (recordings.rating[standin.rating]?.result ?? [])
          .filter((change) => change.contestId === contestId)
          .map((change) => ({ ...change, handle: demoHandle })),
      );
      return json({ status: "OK", result });
    }
    if (address === `${DEMO_ATCODER}/contests/`)
      return new Response(recordings.atcoderContestsPage, { headers: { "Content-Type": "text/html" } });
    if (address === `${DEMO_ATCODER}/users/${ATCODER_STANDIN}/history/json`) return json(recordings.atcoderHistory);
    if (address === `${DEMO_ATCODER_PROBLEMS}/v3/user/submissions` && params.get("user") === ATCODER_STANDIN) {
      const from = Number(params.get("from_second") ?? "0");
      return json(
        recordings.atcoderSubmissions
          .filter((submission) => Number(submission.epoch_second) >= from)
          .map((submission) => ({ ...submission, user_id: ATCODER_STANDIN })),
      );
    }
    return new Response("Not Found", { status: 404 });
  };
  return answer as typeof fetch;
}

/**
 * The demo members' practice: the same sync that reads the judges, fed recorded answers dated
 * just before the install (ratings and their history, a few weeks of solved problems, the
 * Codeforces and AtCoder contests ahead), so a fresh install shows charts, /practice and
 * /contests offline.
 * No judge is called; the judges' pace rows are left as if none had been.
 */
export async function seedDemoPractice(db: Database, log: Logger, now = new Date()): Promise<void> {
  const settings: SyncSettings = {
    db,
    log,
    codeforcesApiUrl: DEMO_CODEFORCES,
    atcoderUrl: DEMO_ATCODER,
    atcoderProblemsApiUrl: DEMO_ATCODER_PROBLEMS,
    codeforcesSpacingMs: 0,
    atcoderSpacingMs: 0,
    fetch: recordedJudges(redated(await loadRecordings(), now)),
    now: () => now,
  };
  // In a savepoint of its own: the demo starts without practice rather than not at all.
  await db
    .transaction(async (savepoint) => {
      await syncCodeforces({ ...settings, db: savepoint });
      await syncAtcoder({ ...settings, db: savepoint });
    })
    .catch((error: unknown) => log.warn({ err: error }, "the demo's practice from recorded answers was not stored"));
  await db.execute(
    sql`update judge_pace set calls = 0, failures = 0, next_slot_at = now(), backoff_until = null,
               last_success_at = null, last_error_at = null, last_error = null`,
  );
}
