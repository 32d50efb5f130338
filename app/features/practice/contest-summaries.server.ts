import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { judgeAccounts, judgeContests, students } from "~/db/schema";
import { postToTopicWebhooks, type WebhookMessage } from "~/features/notifications/webhooks.server";
import { translatorOf } from "~/i18n/translate.server";
import type { JobQueue } from "~/lib/job-queue.server";
import { cfRatingChange, codeforcesAnswer, storeRatingChanges } from "./judge-answers.server";
import { callJudge, type JudgeCallContext, recordJudgeError, recordJudgeSuccess } from "./judge-calls.server";
import { signed } from "./practice";

/** Codeforces publishes ratings after the system tests (and, for some rounds, a day of hacking): asked from then. */
const FIRST_ASK_AFTER_END_MS = 30 * 60_000;
/** No ratings this long after the end (an unrated contest): given up, nothing posted. */
const GIVE_UP_AFTER_END_MS = 3 * 86_400_000;
/** Members named in one chat post; the rest are counted. */
const MEMBERS_POSTED = 15;
/** The webhook topic of the summaries: they are the club's contest results. */
const SUMMARY_TOPIC = "results";

type Contest = typeof judgeContests.$inferSelect;
type ClubChange = z.infer<typeof cfRatingChange> & { name: string };

export interface SummaryContext extends JudgeCallContext {
  apiUrl: string;
  jobs: Pick<JobQueue, "insert">;
}

/**
 * After a Codeforces contest ends: once its rating changes are out (`contest.ratingChanges`,
 * asked at each sync run from half an hour after the end, at the judge's pace), the club's
 * members who took part, with their ranks and rating changes, are stored and posted to the
 * webhooks following results; a contest none of them took part in is marked without a post.
 * Three days after the end without ratings, the contest is given up. The post's job ids name the
 * contest, so a run that dies before marking it posts nothing twice. Answers the calls made.
 */
export async function summarizeFinishedContests(context: SummaryContext, now: Date): Promise<number> {
  const pending = await finishedUnsummarized(context.db, now);
  let calls = 0;
  for (const contest of pending) {
    const ended = contest.startsAt.getTime() + contest.durationSeconds * 1000;
    if (now.getTime() - ended > GIVE_UP_AFTER_END_MS) {
      await markSummarized(context.db, contest, now);
      continue;
    }
    calls += 1;
    const changes = await readRatingChanges(context, contest);
    if (!changes) continue;
    const club = await clubChanges(context.db, changes);
    if (club.length > 0) {
      await storeClubChanges(context.db, club);
      await postToTopicWebhooks(context, SUMMARY_TOPIC, summaryMessage(contest, club), summaryKey(contest));
    }
    await markSummarized(context.db, contest, now);
  }
  return calls;
}

/** Codeforces' contests over for half an hour or more, not summarized yet, oldest first. */
function finishedUnsummarized(db: Database, now: Date) {
  return db
    .select()
    .from(judgeContests)
    .where(
      and(
        eq(judgeContests.judge, "codeforces"),
        isNull(judgeContests.summarizedAt),
        sql`${judgeContests.startsAt} + ${judgeContests.durationSeconds} * interval '1 second'
              <= ${new Date(now.getTime() - FIRST_ASK_AFTER_END_MS).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(judgeContests.startsAt));
}

/** The contest's rating changes; undefined while Codeforces says they are unavailable (not out yet). */
async function readRatingChanges(context: SummaryContext, contest: Contest) {
  const url = `${context.apiUrl.replace(/\/$/, "")}/contest.ratingChanges?contestId=${encodeURIComponent(contest.contestId)}`;
  const response = await callJudge(context, "codeforces", url);
  const parsed = codeforcesAnswer(z.array(cfRatingChange)).safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    await recordJudgeError(context.db, "codeforces", `contest.ratingChanges: an answer the API doesn't document`);
    return undefined;
  }
  await recordJudgeSuccess(context.db, "codeforces");
  if (parsed.data.status === "FAILED" || parsed.data.result.length === 0) return undefined;
  return parsed.data.result;
}

/** The changes of the club's members (by their Codeforces handle, any case), best rank first. */
async function clubChanges(db: Database, changes: z.infer<typeof cfRatingChange>[]): Promise<ClubChange[]> {
  const members = await db
    .select({ handle: judgeAccounts.handle, name: students.name })
    .from(judgeAccounts)
    .innerJoin(students, eq(students.id, judgeAccounts.studentId))
    .where(eq(judgeAccounts.judge, "codeforces"));
  const byHandle = new Map(members.map((member) => [member.handle.toLowerCase(), member.name]));
  return changes
    .flatMap((change) => {
      const name = byHandle.get(change.handle.toLowerCase());
      return name === undefined ? [] : [{ ...change, name }];
    })
    .sort((a, b) => a.rank - b.rank);
}

/** Kept on the members' pages and in the digest at once, without waiting for their next history read. */
async function storeClubChanges(db: Database, club: ClubChange[]) {
  const accounts = await db
    .select({ studentId: judgeAccounts.studentId, handle: judgeAccounts.handle })
    .from(judgeAccounts)
    .where(
      and(
        eq(judgeAccounts.judge, "codeforces"),
        inArray(
          sql`lower(${judgeAccounts.handle})`,
          club.map((change) => change.handle.toLowerCase()),
        ),
      ),
    );
  const changeOf = new Map(club.map((change) => [change.handle.toLowerCase(), change]));
  await storeRatingChanges(
    db,
    accounts.flatMap((account) => {
      const change = changeOf.get(account.handle.toLowerCase());
      if (!change) return [];
      return [
        {
          studentId: account.studentId,
          judge: "codeforces" as const,
          contestId: String(change.contestId),
          contestName: change.contestName,
          rank: change.rank,
          oldRating: change.oldRating,
          newRating: change.newRating,
          at: new Date(change.ratingUpdateTimeSeconds * 1000),
        },
      ];
    }),
  );
}

/** "Codeforces ratings are out: Round #728 — Alice (tourist): rank 2, 3723 → 3748 (+25); …" (chat posts are English). */
function summaryMessage(contest: Contest, club: ClubChange[]): WebhookMessage {
  const { t } = translatorOf("en");
  const lines = club.slice(0, MEMBERS_POSTED).map((change) =>
    t("mail.contestSummary.line", {
      name: change.name,
      handle: change.handle,
      rank: change.rank,
      oldRating: change.oldRating,
      newRating: change.newRating,
      change: signed(change.newRating - change.oldRating),
    }),
  );
  if (club.length > MEMBERS_POSTED) lines.push(t("mail.contestSummary.more", { count: club.length - MEMBERS_POSTED }));
  return {
    kicker: t("mail.contestSummary.kicker", { count: club.length }),
    title: contest.name,
    summary: lines.join("\n"),
    url: `${contest.url}/standings`,
  };
}

const summaryKey = (contest: Contest) => `contest-summary:${contest.judge}:${contest.contestId}`;

async function markSummarized(db: Database, contest: Contest, now: Date) {
  await db
    .update(judgeContests)
    .set({ summarizedAt: now })
    .where(and(eq(judgeContests.judge, contest.judge), eq(judgeContests.contestId, contest.contestId)));
}
