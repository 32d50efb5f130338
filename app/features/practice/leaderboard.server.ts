import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { type PracticePeriod, periodStart } from "./practice";

/** A problem without a difficulty (AtCoder's, Codeforces' newest) scores as the easiest rated one. */
const UNRATED_DIFFICULTY = 800;

export interface PracticeLine {
  rank: number;
  studentId: string;
  name: string;
  slug: string;
  batch: number | null;
  solved: number;
  /** Each problem's difficulty / 100 (Codeforces' 800 → 8, 2400 → 24; a problem without one: 8). */
  score: number;
}

export interface RatingLine {
  rank: number;
  studentId: string;
  name: string;
  slug: string;
  batch: number | null;
  judge: "codeforces" | "atcoder";
  handle: string;
  rating: number;
  maxRating: number | null;
}

export interface PracticeBoard {
  period: PracticePeriod;
  since: string;
  batch: number | null;
  batches: number[];
  lines: PracticeLine[];
  ratings: RatingLine[];
}

/**
 * Each member's problems solved in [since, now] and their difficulties' sum: whole months
 * before `now`'s from the monthly counts (a term's board reads a few hundred rows, not every
 * solve of six months), the rest from the solves themselves. Periods start on a day; a period
 * starting inside a month reads that month's solves.
 */
function solvedPerMember(since: Date, now: Date) {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const sinceIsMonthStart = since.getTime() === Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1);
  // Whole months are read from the counts in [since, solvesFrom), the rest from the solves.
  const solvesFrom = sinceIsMonthStart && since < thisMonth ? thisMonth : since;
  return sql`select student_id, sum(solved) as solved, sum(difficulty) as difficulty from (
      select student_id, solved::bigint as solved, difficulty from judge_solve_months
       where month >= ${isoDate(since)}::date and month < ${isoDate(solvesFrom)}::date
      union all
      select student_id, count(*) as solved, sum(coalesce(difficulty, ${UNRATED_DIFFICULTY})) as difficulty
        from judge_solves
       where solved_at >= ${solvesFrom.toISOString()}::timestamptz and solved_at <= ${now.toISOString()}::timestamptz
       group by student_id
    ) parts group by student_id`;
}

const isoDate = (day: Date) => day.toISOString().slice(0, 10);

/**
 * The club's practice leaderboard: problems first solved in the period by each listed member
 * (every judge), the difficulty-weighted score beside it, narrowed to a batch; and the
 * Codeforces and AtCoder rating leaderboards. Hidden members are in neither.
 */
export async function practiceBoard(
  db: Database,
  options: { period: PracticePeriod; batch: number | null; now?: Date },
): Promise<PracticeBoard> {
  const now = options.now ?? new Date();
  const since = periodStart(options.period, now);
  const batchFilter = options.batch === null ? sql`true` : sql`s.batch = ${options.batch}`;
  const [solved, ratings, batches] = await Promise.all([
    selectRows<Omit<PracticeLine, "rank">>(
      db,
      sql`select s.id as "studentId", s.name, s.slug, s.batch, c.solved::int as solved,
                 (c.difficulty / 100)::int as score
            from (${solvedPerMember(since, now)}) c join students s on s.id = c.student_id
           where not s.hidden and ${batchFilter}
           order by solved desc, score desc, s.name
           limit 500`,
    ),
    selectRows<Omit<RatingLine, "rank">>(
      db,
      sql`select s.id as "studentId", s.name, s.slug, s.batch, a.judge, a.handle, a.rating,
                 a.max_rating as "maxRating"
            from judge_accounts a join students s on s.id = a.student_id
           where a.status = 'ok' and a.rating is not null and not s.hidden and ${batchFilter}
           order by a.judge desc, a.rating desc, s.name
           limit 1000`,
    ),
    selectRows<{ batch: number }>(
      db,
      sql`select distinct s.batch from judge_accounts a join students s on s.id = a.student_id
           where s.batch is not null and not s.hidden order by 1`,
    ),
  ]);
  /** Places in order; lines the same by `same` share the place of the first of them. */
  function ranked<Line extends object>(
    lines: Line[],
    same: (a: Line, b: Line) => boolean,
  ): (Line & { rank: number })[] {
    const placed: (Line & { rank: number })[] = [];
    for (const [index, line] of lines.entries()) {
      const previous = placed[index - 1];
      placed.push({ ...line, rank: previous && same(previous, line) ? previous.rank : index + 1 });
    }
    return placed;
  }
  const byJudge = (judge: "codeforces" | "atcoder") =>
    ranked(
      ratings.filter((line) => line.judge === judge),
      (a, b) => a.rating === b.rating,
    );
  return {
    period: options.period,
    since: since.toISOString(),
    batch: options.batch,
    batches: batches.map((row) => Number(row.batch)),
    lines: ranked(solved, (a, b) => a.solved === b.solved && a.score === b.score),
    ratings: [...byJudge("codeforces"), ...byJudge("atcoder")],
  };
}
