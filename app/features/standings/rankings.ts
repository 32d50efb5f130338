import type { MessageKey } from "~/i18n/catalogs";

/**
 * The club's ranking across contests: the built-in rules and how a series combines its
 * contests' standings into one leaderboard. Browser-safe and pure: the server feeds it rows.
 */

/** The rules, as the public ranking page names them in the reader's language. */
export const RANKING_RULE_MESSAGES = {
  "solved-penalty": "people.ranking.rule.solvedPenalty",
  "rank-points": "people.ranking.rule.rankPoints",
  "score-share": "people.ranking.rule.scoreShare",
} as const satisfies Record<string, MessageKey>;

export type RankingRule = keyof typeof RANKING_RULE_MESSAGES;

/** One contest of a series, with the lines of its standings that were matched to members. */
export interface SeriesContest {
  slug: string;
  name: string;
  weight: number;
  rows: { rank: number | null; solved: number; penalty: number | null; score: number | null; studentIds: string[] }[];
}

export interface SeriesStanding {
  studentId: string;
  rank: number;
  points: number;
  /** Weighted total penalty (the first rule's tie-break); 0 for the other rules. */
  penalty: number;
  /** Points per contest, in the series' order; null: absent. */
  perContest: (number | null)[];
  taken: number;
  absences: number;
}

/** `ceil(1600 / (rank + 7))`: 200 for the winner, falling slowly down the table. */
export const rankPoints = (rank: number) => Math.ceil(1600 / (rank + 7));

const roundPoints = (points: number) => Math.round(points * 100) / 100;

type Row = SeriesContest["rows"][number];

function pointsOf(rule: RankingRule, contest: SeriesContest, row: Row): { points: number; penalty: number } {
  if (rule === "solved-penalty")
    return { points: contest.weight * row.solved, penalty: contest.weight * (row.penalty ?? 0) };
  if (rule === "rank-points")
    return { points: row.rank === null ? 0 : contest.weight * rankPoints(row.rank), penalty: 0 };
  const value = (row: Row) => row.score ?? row.solved;
  const winner = Math.max(0, ...contest.rows.map(value));
  return { points: winner > 0 ? (contest.weight * 100 * value(row)) / winner : 0, penalty: 0 };
}

const better = (a: SeriesStanding, b: SeriesStanding) => b.points - a.points || a.penalty - b.penalty;

/**
 * The series' leaderboard: every member matched in any of its contests, with their points per
 * contest (a team's result counts for each of its members), ranked by points (then penalty
 * for the first rule); equal totals share a rank.
 */
export function combineRanking(rule: RankingRule, contests: readonly SeriesContest[]): SeriesStanding[] {
  const byMember = new Map<string, SeriesStanding>();
  contests.forEach((contest, index) => {
    for (const row of contest.rows) {
      const { points, penalty } = pointsOf(rule, contest, row);
      for (const studentId of row.studentIds) {
        const standing = byMember.get(studentId) ?? {
          studentId,
          rank: 0,
          points: 0,
          penalty: 0,
          perContest: contests.map(() => null),
          taken: 0,
          absences: 0,
        };
        // Someone on two lines of one contest counts once: with the first, the better ranked.
        if (standing.perContest[index] != null) continue;
        standing.points += points;
        standing.penalty += penalty;
        standing.perContest[index] = roundPoints(points);
        standing.taken += 1;
        byMember.set(studentId, standing);
      }
    }
  });
  const sorted = [...byMember.values()]
    .map((standing) => ({
      ...standing,
      points: roundPoints(standing.points),
      absences: contests.length - standing.taken,
    }))
    .sort(better);
  let rank = 0;
  return sorted.map((standing, index) => {
    const previous = sorted[index - 1];
    if (!previous || better(previous, standing) !== 0) rank = index + 1;
    return { ...standing, rank };
  });
}
