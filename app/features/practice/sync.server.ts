import { and, asc, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { judgeAccounts, judgeRatingChanges, judgeSolves, students } from "~/db/schema";
import type { JobQueue } from "~/lib/job-queue.server";
import { summarizeFinishedContests } from "./contest-summaries.server";
import { readAtcoderContests, readCodeforcesContests } from "./contests.server";
import { cfRatingChange, codeforcesAnswer, storeRatingChanges } from "./judge-answers.server";
import {
  callJudge,
  type JudgeCallContext,
  JudgeUnavailableError,
  judgeBackoffUntil,
  recordJudgeError,
  recordJudgeSuccess,
} from "./judge-calls.server";
import type { PracticeJudge } from "./practice";

/** The queues of the sync jobs: one per judge, so each judge has one caller at a time across processes. */
export const SYNC_CODEFORCES_JOB = "practice-sync-codeforces";
export const SYNC_ATCODER_JOB = "practice-sync-atcoder";

/**
 * Asks for a sync of both judges now (a member changed their handles): the queues are stately,
 * so a sync already waiting absorbs this one; a failure leaves it to the next scheduled run.
 */
export async function syncSoon(context: { jobs: JobQueue; log: Logger }): Promise<void> {
  for (const queue of [SYNC_CODEFORCES_JOB, SYNC_ATCODER_JOB]) {
    await context.jobs.send(queue, {}).catch((error: unknown) => {
      context.log.warn({ err: error }, "could not ask for a practice sync; the scheduled run will do it");
    });
  }
}

/** Handles per `user.info` call (Codeforces takes up to 10,000; the address stays short). */
const INFO_BATCH = 200;
/** Submissions per `user.status` page. */
const STATUS_PAGE = 100;
/** A handle's rating history and submissions are read again after this long. */
const REREAD_MS = 6 * 3_600_000;

export interface SyncSettings {
  db: Database;
  log: Logger;
  codeforcesApiUrl: string;
  atcoderUrl: string;
  atcoderProblemsApiUrl: string;
  codeforcesSpacingMs: number;
  atcoderSpacingMs: number;
  /** A run stops starting new calls after this long; the next run goes on from there. */
  budgetMs?: number;
  /** Where a finished contest's summary is queued for the webhooks; without it none is made. */
  jobs?: Pick<JobQueue, "insert">;
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface SyncReport {
  calls: number;
  accountsRead: number;
  notFound: string[];
  /** The judge refused or was down: the run stopped early. */
  stopped?: string;
}

/**
 * Brings the judge's accounts in line with the members' handles: a new handle (or a changed one)
 * starts over as `pending`, and what was read for the old one goes; a removed handle's account goes.
 */
export async function refreshJudgeAccounts(db: Database, judge: PracticeJudge) {
  const column = judge === "codeforces" ? students.codeforces : students.atcoder;
  await db.transaction(async (tx) => {
    // Accounts whose member removed or changed the handle: dropped with what was read for them.
    const stale = await tx
      .select({ studentId: judgeAccounts.studentId })
      .from(judgeAccounts)
      .leftJoin(students, eq(students.id, judgeAccounts.studentId))
      .where(
        and(
          eq(judgeAccounts.judge, judge),
          sql`(${column} is null or btrim(${column}) = '' or btrim(${column}) <> ${judgeAccounts.handle})`,
        ),
      );
    const staleIds = stale.map((row) => row.studentId);
    if (staleIds.length > 0) {
      const ofStale = (table: typeof judgeRatingChanges | typeof judgeSolves | typeof judgeAccounts) =>
        and(eq(table.judge, judge), inArray(table.studentId, staleIds));
      await tx.delete(judgeRatingChanges).where(ofStale(judgeRatingChanges));
      await tx.delete(judgeSolves).where(ofStale(judgeSolves));
      await tx.delete(judgeAccounts).where(ofStale(judgeAccounts));
    }
    await tx.execute(sql`
      insert into ${judgeAccounts} (student_id, judge, handle)
      select id, ${judge}, btrim(${column}) from ${students}
       where ${column} is not null and btrim(${column}) <> ''
      on conflict (student_id, judge) do nothing`);
  });
}

/**
 * Tells every process's caches that members' pages changed: once per run and every
 * `ACCOUNTS_PER_BUMP` accounts, not per write (a trigger would empty the page cache at each call).
 */
async function publishReads(db: Database) {
  await db.execute(sql`select nextval('content_version')`);
}
const ACCOUNTS_PER_BUMP = 25;

/** Accounts due a read: never read, or read longest ago; unknown handles are left alone. */
async function accountsDue(db: Database, judge: PracticeJudge, now: Date) {
  return db
    .select({
      studentId: judgeAccounts.studentId,
      handle: judgeAccounts.handle,
      status: judgeAccounts.status,
      lastSubmissionId: judgeAccounts.lastSubmissionId,
      rating: judgeAccounts.rating,
      historyReadAt: judgeAccounts.historyReadAt,
      submissionsReadAt: judgeAccounts.submissionsReadAt,
    })
    .from(judgeAccounts)
    .where(
      and(
        eq(judgeAccounts.judge, judge),
        or(eq(judgeAccounts.status, "pending"), eq(judgeAccounts.status, "ok")),
        or(
          sql`${judgeAccounts.submissionsReadAt} is null`,
          lt(judgeAccounts.submissionsReadAt, new Date(now.getTime() - REREAD_MS)),
        ),
      ),
    )
    .orderBy(sql`${judgeAccounts.submissionsReadAt} asc nulls first`, asc(judgeAccounts.handle));
}

// Codeforces' answers (codeforces.com/apiHelp/objects), only the fields read.
const cfUser = z.object({
  handle: z.string(),
  rating: z.number().int().optional(),
  maxRating: z.number().int().optional(),
  rank: z.string().optional(),
  maxRank: z.string().optional(),
  lastOnlineTimeSeconds: z.number().int().optional(),
});
const cfSubmission = z.object({
  id: z.number().int(),
  creationTimeSeconds: z.number().int(),
  verdict: z.string().optional(),
  problem: z.object({
    contestId: z.number().int().optional(),
    problemsetName: z.string().optional(),
    index: z.string(),
    name: z.string(),
    rating: z.number().int().optional(),
    tags: z.array(z.string()).default([]),
  }),
});

class SyncRun {
  calls = 0;
  readonly started = Date.now();
  constructor(readonly settings: SyncSettings) {}
  get context(): JudgeCallContext {
    return { db: this.settings.db, spacingMs: this.settings.codeforcesSpacingMs, fetch: this.settings.fetch };
  }
  get outOfTime() {
    return Date.now() - this.started > (this.settings.budgetMs ?? 4 * 60_000);
  }
}

/** Reads one Codeforces API method; a FAILED answer is returned for the caller to judge. */
async function codeforces<T extends z.ZodType>(
  run: SyncRun,
  method: string,
  params: Record<string, string>,
  result: T,
) {
  const url = `${run.settings.codeforcesApiUrl.replace(/\/$/, "")}/${method}?${new URLSearchParams(params)}`;
  run.calls += 1;
  const response = await callJudge(run.context, "codeforces", url);
  const body = await response.json().catch(() => undefined);
  const parsed = codeforcesAnswer(result).safeParse(body);
  if (!parsed.success) {
    const message = `${method}: an answer the API doesn't document (HTTP ${response.status})`;
    await recordJudgeError(run.settings.db, "codeforces", message);
    throw new Error(message);
  }
  await recordJudgeSuccess(run.settings.db, "codeforces");
  return parsed.data as { status: "OK"; result: z.infer<T> } | { status: "FAILED"; comment: string };
}

/** The handle Codeforces names in "handles: User with handle X not found". */
function unknownHandle(comment: string): string | undefined {
  return /User with handle (\S+) not found/i.exec(comment)?.[1];
}

async function markNotFound(db: Database, judge: PracticeJudge, handle: string, now: Date) {
  await db
    .update(judgeAccounts)
    .set({ status: "not-found", infoReadAt: now, lastError: null })
    .where(and(eq(judgeAccounts.judge, judge), sql`lower(${judgeAccounts.handle}) = lower(${handle})`));
}

/**
 * One Codeforces sync run: ratings and ranks of every handle (`user.info`, many a call; a
 * handle Codeforces doesn't know is marked and left out), then for the accounts read longest
 * ago their rating history (`user.rating`) and their new accepted submissions (`user.status`,
 * newest first, down to the last one read). Stops at its time budget, or when the judge refuses.
 */
export async function syncCodeforces(settings: SyncSettings): Promise<SyncReport> {
  const { db } = settings;
  const now = settings.now?.() ?? new Date();
  const run = new SyncRun(settings);
  const report: SyncReport = { calls: 0, accountsRead: 0, notFound: [] };
  if (await judgeBackoffUntil(db, "codeforces")) return { ...report, stopped: "backoff" };
  await refreshJudgeAccounts(db, "codeforces");
  try {
    // The contest calendar, at most once an hour.
    if (await readCodeforcesContests({ ...run.context, apiUrl: settings.codeforcesApiUrl }, now)) run.calls += 1;
    // The club's ranks and rating changes in contests just over, once Codeforces publishes them.
    if (settings.jobs) {
      const summaryContext = { ...run.context, apiUrl: settings.codeforcesApiUrl, jobs: settings.jobs };
      run.calls += await summarizeFinishedContests(summaryContext, now);
    }
    const due = await accountsDue(db, "codeforces", now);
    // Ratings and ranks: every due handle, in batches.
    const seen = new Map<string, z.infer<typeof cfUser>>();
    let pending = due.map((account) => account.handle);
    while (pending.length > 0 && !run.outOfTime) {
      const batch = pending.slice(0, INFO_BATCH);
      const answer = await codeforces(run, "user.info", { handles: batch.join(";") }, z.array(cfUser));
      if (answer.status === "FAILED") {
        const unknown = unknownHandle(answer.comment);
        if (!unknown) throw new Error(`user.info: ${answer.comment}`);
        await markNotFound(db, "codeforces", unknown, now);
        report.notFound.push(unknown);
        pending = pending.filter((handle) => handle.toLowerCase() !== unknown.toLowerCase());
        continue;
      }
      for (const user of answer.result) {
        seen.set(user.handle.toLowerCase(), user);
        await db
          .update(judgeAccounts)
          .set({
            status: "ok",
            rating: user.rating ?? null,
            maxRating: user.maxRating ?? null,
            rank: user.rank ?? null,
            maxRank: user.maxRank ?? null,
            infoReadAt: now,
            lastError: null,
          })
          .where(
            and(eq(judgeAccounts.judge, "codeforces"), sql`lower(${judgeAccounts.handle}) = lower(${user.handle})`),
          );
      }
      pending = pending.slice(batch.length);
    }
    for (const account of due) {
      if (run.outOfTime) break;
      if (report.notFound.includes(account.handle)) continue;
      const user = seen.get(account.handle.toLowerCase());
      // Not online since the last read: no new submission, no new contest. Only marked as read.
      const away =
        account.submissionsReadAt !== null &&
        user?.lastOnlineTimeSeconds !== undefined &&
        user.lastOnlineTimeSeconds * 1000 < account.submissionsReadAt.getTime();
      if (away) {
        await db
          .update(judgeAccounts)
          .set({ submissionsReadAt: now })
          .where(accountOf(account.studentId, "codeforces"));
        continue;
      }
      // The history changes with the rating only.
      if (account.historyReadAt === null || (user?.rating ?? null) !== account.rating) {
        await readCodeforcesHistory(run, account.studentId, account.handle, now);
      }
      await readCodeforcesSubmissions(run, account, now);
      report.accountsRead += 1;
      if (report.accountsRead % ACCOUNTS_PER_BUMP === 0) await publishReads(db);
    }
  } catch (error) {
    if (!(error instanceof JudgeUnavailableError)) throw error;
    settings.log.warn({ err: error }, "Codeforces is unavailable: the sync waits");
    report.stopped = error.message;
  } finally {
    if (run.calls > 0) await publishReads(db);
  }
  report.calls = run.calls;
  return report;
}

async function readCodeforcesHistory(run: SyncRun, studentId: string, handle: string, now: Date) {
  const { db } = run.settings;
  const answer = await codeforces(run, "user.rating", { handle }, z.array(cfRatingChange));
  if (answer.status === "FAILED") {
    if (unknownHandle(answer.comment)) await markNotFound(db, "codeforces", handle, now);
    else
      await db
        .update(judgeAccounts)
        .set({ lastError: answer.comment.slice(0, 300) })
        .where(accountOf(studentId, "codeforces"));
    return;
  }
  const rows = answer.result.map((change) => ({
    studentId,
    judge: "codeforces" as const,
    contestId: String(change.contestId),
    contestName: change.contestName,
    rank: change.rank,
    oldRating: change.oldRating,
    newRating: change.newRating,
    at: new Date(change.ratingUpdateTimeSeconds * 1000),
  }));
  await storeRatingChanges(db, rows);
  await db.update(judgeAccounts).set({ historyReadAt: now }).where(accountOf(studentId, "codeforces"));
}

const accountOf = (studentId: string, judge: PracticeJudge) =>
  and(eq(judgeAccounts.studentId, studentId), eq(judgeAccounts.judge, judge));

/** Solves kept at their first accepted submission: a later one for the same problem changes nothing. */
async function storeSolves(db: Database, rows: (typeof judgeSolves.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(judgeSolves)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: [judgeSolves.studentId, judgeSolves.judge, judgeSolves.problemKey],
        set: { solvedAt: sql`least(${judgeSolves.solvedAt}, excluded.solved_at)` },
      });
  }
}

/**
 * The member's submissions newest first, a page at a time, down to the newest one read last
 * time: accepted ones become solves (first accept per problem, with its rating and tags).
 */
async function readCodeforcesSubmissions(
  run: SyncRun,
  account: { studentId: string; handle: string; lastSubmissionId: number | null },
  now: Date,
) {
  const { db } = run.settings;
  let from = 1;
  let newest: number | null = null;
  for (;;) {
    const answer = await codeforces(
      run,
      "user.status",
      { handle: account.handle, from: String(from), count: String(STATUS_PAGE) },
      z.array(cfSubmission),
    );
    if (answer.status === "FAILED") {
      await db
        .update(judgeAccounts)
        .set({ lastError: answer.comment.slice(0, 300) })
        .where(accountOf(account.studentId, "codeforces"));
      return;
    }
    const fresh = answer.result.filter((submission) => submission.id > (account.lastSubmissionId ?? 0));
    newest ??= answer.result[0]?.id ?? null;
    const solves = new Map<string, typeof judgeSolves.$inferInsert>();
    for (const submission of fresh) {
      if (submission.verdict !== "OK") continue;
      const problem = submission.problem;
      const key = `${problem.contestId ?? problem.problemsetName ?? ""}${problem.index}`;
      const solvedAt = new Date(submission.creationTimeSeconds * 1000);
      const earlier = solves.get(key);
      if (earlier && earlier.solvedAt <= solvedAt) continue;
      solves.set(key, {
        studentId: account.studentId,
        judge: "codeforces",
        problemKey: key,
        problemName: problem.name,
        difficulty: problem.rating ?? null,
        tags: problem.tags,
        solvedAt,
      });
    }
    await storeSolves(db, [...solves.values()]);
    const reachedLastRead = fresh.length < answer.result.length;
    if (reachedLastRead || answer.result.length < STATUS_PAGE || run.outOfTime) break;
    from += STATUS_PAGE;
  }
  await db
    .update(judgeAccounts)
    .set({
      submissionsReadAt: now,
      lastError: null,
      ...(newest !== null && newest > (account.lastSubmissionId ?? 0) ? { lastSubmissionId: newest } : {}),
    })
    .where(accountOf(account.studentId, "codeforces"));
}

// AtCoder's rating history (atcoder.jp/users/{handle}/history/json) and AtCoder Problems' submissions.
const atcoderHistory = z.array(
  z.object({
    IsRated: z.boolean(),
    Place: z.number().int(),
    OldRating: z.number().int(),
    NewRating: z.number().int(),
    ContestScreenName: z.string(),
    ContestName: z.string(),
    EndTime: z.string(),
  }),
);
const atcoderSubmissions = z.array(
  z.object({
    id: z.number().int(),
    epoch_second: z.number().int(),
    problem_id: z.string(),
    result: z.string(),
  }),
);

/**
 * One AtCoder sync run: for the accounts read longest ago, the rating history from AtCoder's
 * own JSON (a handle it doesn't know answers 404: marked, not read again), then the accepted
 * submissions from AtCoder Problems since the last one read (500 a page, oldest first).
 */
export async function syncAtcoder(settings: SyncSettings): Promise<SyncReport> {
  const { db } = settings;
  const now = settings.now?.() ?? new Date();
  const run = new SyncRun(settings);
  const report: SyncReport = { calls: 0, accountsRead: 0, notFound: [] };
  if ((await judgeBackoffUntil(db, "atcoder")) || (await judgeBackoffUntil(db, "atcoder-problems"))) {
    return { ...report, stopped: "backoff" };
  }
  await refreshJudgeAccounts(db, "atcoder");
  const context = { db, spacingMs: settings.atcoderSpacingMs, fetch: settings.fetch };
  try {
    // The calendar's upcoming contests, at most once an hour.
    if (await readAtcoderContests({ ...context, atcoderUrl: settings.atcoderUrl }, now)) run.calls += 1;
    for (const account of await accountsDue(db, "atcoder", now)) {
      if (run.outOfTime) break;
      run.calls += 1;
      const historyUrl = `${settings.atcoderUrl.replace(/\/$/, "")}/users/${encodeURIComponent(account.handle)}/history/json`;
      const response = await callJudge(context, "atcoder", historyUrl);
      if (response.status === 404) {
        await response.body?.cancel();
        await markNotFound(db, "atcoder", account.handle, now);
        report.notFound.push(account.handle);
        continue;
      }
      const history = atcoderHistory.safeParse(await response.json().catch(() => undefined));
      if (!response.ok || !history.success) {
        await recordJudgeError(
          db,
          "atcoder",
          `history of ${account.handle}: HTTP ${response.status}, not the documented answer`,
        );
        continue;
      }
      await recordJudgeSuccess(db, "atcoder");
      await storeRatingChanges(
        db,
        history.data
          .filter((entry) => entry.IsRated)
          .map((entry) => ({
            studentId: account.studentId,
            judge: "atcoder" as const,
            contestId: entry.ContestScreenName.split(".")[0] ?? entry.ContestScreenName,
            contestName: entry.ContestName,
            rank: entry.Place,
            oldRating: entry.OldRating,
            newRating: entry.NewRating,
            at: new Date(entry.EndTime),
          })),
      );
      const rated = history.data.filter((entry) => entry.IsRated);
      const latest = rated.at(-1)?.NewRating ?? null;
      const best = rated.length > 0 ? Math.max(...rated.map((entry) => entry.NewRating)) : null;
      await db
        .update(judgeAccounts)
        .set({ status: "ok", rating: latest, maxRating: best, infoReadAt: now, historyReadAt: now })
        .where(accountOf(account.studentId, "atcoder"));
      run.calls += await readAtcoderSubmissions(settings, context, account, now);
      report.accountsRead += 1;
      if (report.accountsRead % ACCOUNTS_PER_BUMP === 0) await publishReads(db);
    }
  } catch (error) {
    if (!(error instanceof JudgeUnavailableError)) throw error;
    settings.log.warn({ err: error }, "AtCoder is unavailable: the sync waits");
    report.stopped = error.message;
  } finally {
    if (run.calls > 0) await publishReads(db);
  }
  report.calls = run.calls;
  return report;
}

/** AtCoder Problems' submissions since the last read (its `from_second`); answers the calls made. */
async function readAtcoderSubmissions(
  settings: SyncSettings,
  context: JudgeCallContext,
  account: { studentId: string; handle: string; lastSubmissionId: number | null },
  now: Date,
): Promise<number> {
  const { db } = settings;
  let fromSecond = account.lastSubmissionId === null ? 0 : account.lastSubmissionId + 1;
  let calls = 0;
  for (;;) {
    const params = new URLSearchParams({ user: account.handle, from_second: String(fromSecond) });
    const url = `${settings.atcoderProblemsApiUrl.replace(/\/$/, "")}/v3/user/submissions?${params}`;
    calls += 1;
    const response = await callJudge(context, "atcoder-problems", url);
    const page = atcoderSubmissions.safeParse(await response.json().catch(() => undefined));
    if (!response.ok || !page.success) {
      await recordJudgeError(db, "atcoder-problems", `submissions of ${account.handle}: HTTP ${response.status}`);
      return calls;
    }
    await recordJudgeSuccess(db, "atcoder-problems");
    await storeSolves(
      db,
      page.data
        .filter((submission) => submission.result === "AC")
        .map((submission) => ({
          studentId: account.studentId,
          judge: "atcoder" as const,
          problemKey: submission.problem_id,
          problemName: submission.problem_id,
          solvedAt: new Date(submission.epoch_second * 1000),
        })),
    );
    const last = Math.max(fromSecond - 1, ...page.data.map((submission) => submission.epoch_second));
    fromSecond = last + 1;
    if (page.data.length < 500) break;
  }
  await db
    .update(judgeAccounts)
    .set({ submissionsReadAt: now, lastSubmissionId: fromSecond - 1 >= 0 ? fromSecond - 1 : null })
    .where(accountOf(account.studentId, "atcoder"));
  return calls;
}

/** What a member page and the dashboard show of the sync. */
export async function listJudgeAccounts(db: Database, studentId: string) {
  return db
    .select()
    .from(judgeAccounts)
    .where(and(eq(judgeAccounts.studentId, studentId), isNotNull(judgeAccounts.handle)))
    .orderBy(asc(judgeAccounts.judge));
}
