import { asc, eq, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { judgeAccounts, judgeRatingChanges } from "~/db/schema";
import { type MemberPractice, periodStart } from "./practice";

const WEEK_MS = 7 * 86_400_000;
/** Weeks of solved problems a member page shows. */
export const WEEKS_SHOWN = 12;

/** Monday 00:00 UTC of the week `now` is in. */
export const weekStartOf = (now: Date) => periodStart("week", now);

/** What a member page shows of the member's practice: handles as last read, rating history, solved per week. */
export async function practiceOf(db: Database, studentId: string, now = new Date()): Promise<MemberPractice> {
  const firstWeek = new Date(weekStartOf(now).getTime() - (WEEKS_SHOWN - 1) * WEEK_MS);
  const [accounts, changes, solvedRows] = await Promise.all([
    db.select().from(judgeAccounts).where(eq(judgeAccounts.studentId, studentId)).orderBy(asc(judgeAccounts.judge)),
    db
      .select()
      .from(judgeRatingChanges)
      .where(eq(judgeRatingChanges.studentId, studentId))
      .orderBy(asc(judgeRatingChanges.at)),
    selectRows<{ week: number; solved: number }>(
      db,
      sql`select floor(extract(epoch from solved_at - ${firstWeek.toISOString()}::timestamptz) / ${WEEK_MS / 1000})::int as week,
                 count(*)::int as solved
            from judge_solves
           where student_id = ${studentId} and solved_at >= ${firstWeek.toISOString()}::timestamptz
             and solved_at <= ${now.toISOString()}::timestamptz
           group by 1`,
    ),
  ]);
  const history: MemberPractice["history"] = {};
  for (const change of changes) {
    const points = history[change.judge] ?? [];
    history[change.judge] = points;
    points.push({
      contestId: change.contestId,
      contestName: change.contestName,
      rank: change.rank,
      oldRating: change.oldRating,
      newRating: change.newRating,
      at: change.at.toISOString(),
    });
  }
  const perWeek = new Map(solvedRows.map((row) => [Number(row.week), Number(row.solved)]));
  return {
    accounts: accounts.map((account) => ({
      judge: account.judge,
      handle: account.handle,
      status: account.status,
      rating: account.rating,
      maxRating: account.maxRating,
      readAt: (account.submissionsReadAt ?? account.infoReadAt)?.toISOString() ?? null,
    })),
    history,
    weeks: Array.from({ length: WEEKS_SHOWN }, (_, index) => ({
      start: new Date(firstWeek.getTime() + index * WEEK_MS).toISOString(),
      solved: perWeek.get(index) ?? 0,
    })),
  };
}
