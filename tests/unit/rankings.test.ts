import { describe, expect, it } from "vitest";
import { combineRanking, rankPoints, type SeriesContest } from "~/features/standings/rankings";

const row = (
  studentIds: string[],
  rank: number | null,
  solved: number,
  penalty: number | null,
  score: number | null = null,
) => ({
  studentIds,
  rank,
  solved,
  penalty,
  score,
});

/** Two contests: A wins the first, B the second (weighted double); C takes part once; a team holds D and E. */
const contests: SeriesContest[] = [
  {
    slug: "week-1",
    name: "Week 1",
    weight: 1,
    rows: [row(["a"], 1, 5, 300), row(["b"], 2, 4, 200), row(["d", "e"], 3, 4, 250), row(["c"], 4, 1, 20)],
  },
  { slug: "week-2", name: "Week 2", weight: 2, rows: [row(["b"], 1, 3, 100), row(["a"], 2, 2, 50), row([], 3, 1, 10)] },
];

describe("combining a series' contests", () => {
  it("sums weighted solved counts, then penalty; counts attendance and absences", () => {
    const ranking = combineRanking("solved-penalty", contests);
    expect(ranking.map((s) => [s.studentId, s.rank, s.points, s.penalty, s.taken, s.absences])).toEqual([
      ["b", 1, 10, 400, 2, 0],
      ["a", 2, 9, 400, 2, 0],
      ["d", 3, 4, 250, 1, 1],
      ["e", 3, 4, 250, 1, 1],
      ["c", 5, 1, 20, 1, 1],
    ]);
    expect(ranking[0]?.perContest).toEqual([4, 6]);
    expect(ranking.find((s) => s.studentId === "c")?.perContest).toEqual([1, null]);
  });

  it("gives ceil(1600 / (rank + 7)) points per contest, weighted", () => {
    expect([1, 2, 10, 100].map(rankPoints)).toEqual([200, 178, 95, 15]);
    const ranking = combineRanking("rank-points", contests);
    expect(ranking.map((s) => [s.studentId, s.points])).toEqual([
      ["b", 178 + 2 * 200],
      ["a", 200 + 2 * 178],
      ["d", 160],
      ["e", 160],
      ["c", 146],
    ]);
  });

  it("gives points in proportion to each contest's winner (scores, else solved counts)", () => {
    const scored: SeriesContest[] = [
      { slug: "cf", name: "CF", weight: 1, rows: [row(["a"], 1, 3, null, 2500), row(["b"], 2, 2, null, 1000)] },
      { slug: "icpc", name: "ICPC", weight: 1, rows: [row(["b"], 1, 4, 100), row(["a"], 2, 1, 10)] },
    ];
    expect(combineRanking("score-share", scored).map((s) => [s.studentId, s.points])).toEqual([
      ["b", 140],
      ["a", 125],
    ]);
  });

  it("counts a member on two lines of one contest once, with the better ranked line", () => {
    const twice: SeriesContest[] = [
      { slug: "x", name: "X", weight: 1, rows: [row(["a"], 1, 3, 10), row(["a"], 2, 1, 5)] },
    ];
    expect(combineRanking("solved-penalty", twice).map((s) => [s.points, s.taken])).toEqual([[3, 1]]);
  });
});
