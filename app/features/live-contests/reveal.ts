import type { LiveBoard, LiveCell, LiveRow, RevealAward } from "./live-contests";

/**
 * The reveal, as the ICPC Resolver runs it: from the frozen board, the lowest-ranked team that
 * still has a hidden try has its leftmost hidden problem resolved (solved or not, from the final
 * board), the board is ranked again, and so on up to the top. A team below every hidden try is in
 * its final place: when it has awards, the reveal stops on it (one step) to announce them. Pure:
 * the steps are worked out from the two boards, so every process shows the same board for a step.
 */

/** How many medals of each colour, counted from the top. */
export interface MedalCounts {
  gold: number;
  silver: number;
  bronze: number;
}

/** An award as the judge's feed gives it (CLICS `awards`: id, citation, teams). */
export interface JudgeAward {
  id: string;
  citation: string;
  teamIds: string[];
}

export type RevealStep =
  | { teamId: string; problemId: string; awards?: undefined }
  | { teamId: string; problemId?: undefined; awards: RevealAward[] };

export interface RevealPlan {
  /** Each step: a team's hidden problem resolved, or a team in its final place with its awards. */
  steps: RevealStep[];
}

/** Which of the CLICS award ids (conventional on DOMjudge and the CDS) stand for an award kind worked out here. */
const JUDGE_KIND: [RegExp, "winner" | "medal" | "first"][] = [
  [/^winner$/, "winner"],
  [/^(gold|silver|bronze)-medal$/, "medal"],
  [/^first-to-solve-/, "first"],
];

/**
 * Team id → its awards, in the order announced: the judge's awards when its feed has them, and of
 * the kinds it gave none of (winner, medals, first to solve), those worked out from the final
 * board: the winner (rank 1), medals by rank from the admin's counts (a team that solved nothing
 * gets none), the first solve of each problem.
 */
export function contestAwards(
  final: LiveBoard,
  medals: MedalCounts,
  judgeAwards: readonly JudgeAward[],
): Map<string, RevealAward[]> {
  const awards = new Map<string, RevealAward[]>();
  const give = (teamId: string, award: RevealAward) => awards.set(teamId, [...(awards.get(teamId) ?? []), award]);
  const judgeKinds = new Set(judgeAwards.flatMap((award) => JUDGE_KIND.find(([id]) => id.test(award.id))?.[1] ?? []));
  const labels = new Map(final.problems.map((problem) => [problem.id, problem.label]));
  for (const row of final.rows) {
    if (row.solved === 0) continue;
    if (!judgeKinds.has("winner") && row.rank === 1) give(row.teamId, { kind: "winner" });
    const medal = medalOf(row.rank, medals);
    if (!judgeKinds.has("medal") && medal) give(row.teamId, { kind: medal });
    if (judgeKinds.has("first")) continue;
    for (const problem of final.problems) {
      const cell = row.cells[problem.id];
      if (cell?.first && cell.solved) give(row.teamId, { kind: "first", label: labels.get(problem.id) ?? problem.id });
    }
  }
  const shown = new Set(final.rows.map((row) => row.teamId));
  for (const award of judgeAwards) {
    for (const teamId of award.teamIds)
      if (shown.has(teamId)) give(teamId, { kind: "judge", citation: award.citation });
  }
  return awards;
}

function medalOf(rank: number, medals: MedalCounts): "gold" | "silver" | "bronze" | null {
  if (rank <= medals.gold) return "gold";
  if (rank <= medals.gold + medals.silver) return "silver";
  if (rank <= medals.gold + medals.silver + medals.bronze) return "bronze";
  return null;
}

export function planReveal(
  frozen: LiveBoard,
  final: LiveBoard,
  penaltyMinutes: number,
  awards: ReadonlyMap<string, RevealAward[]> = new Map(),
): RevealPlan {
  const finalCells = cellsOf(final);
  const hidden = new Set<string>();
  for (const row of frozen.rows) {
    for (const [problemId, cell] of Object.entries(row.cells)) {
      if (cell.pending > 0 && finalCells.has(key(row.teamId, problemId))) hidden.add(key(row.teamId, problemId));
    }
  }
  const order = frozen.problems.map((problem) => problem.id);
  const steps: RevealStep[] = [];
  const shown = new Set<string>();
  // Rows counted from the bottom that are in their final place: no hidden try there or below.
  let settled = 0;
  for (;;) {
    const rows = boardAt(frozen, finalCells, shown, penaltyMinutes);
    const lowest = rows[rows.length - 1 - settled];
    if (!lowest) break;
    const problemId = order.find((p) => isWaiting(lowest.teamId, p));
    if (problemId) {
      shown.add(key(lowest.teamId, problemId));
      steps.push({ teamId: lowest.teamId, problemId });
      continue;
    }
    settled++;
    const teamAwards = awards.get(lowest.teamId);
    if (teamAwards?.length) steps.push({ teamId: lowest.teamId, awards: teamAwards });
  }
  return { steps };

  function isWaiting(teamId: string, problemId: string) {
    const k = key(teamId, problemId);
    return hidden.has(k) && !shown.has(k);
  }
}

/** The board after the first `step` steps of the plan (all of them: the final board's outcomes). */
export function revealedBoard(
  frozen: LiveBoard,
  final: LiveBoard,
  plan: RevealPlan,
  step: number,
  penaltyMinutes: number,
): LiveBoard {
  const shown = new Set(
    plan.steps.slice(0, step).flatMap((s) => (s.problemId === undefined ? [] : [key(s.teamId, s.problemId)])),
  );
  const rows = boardAt(frozen, cellsOf(final), shown, penaltyMinutes);
  const current = plan.steps[step - 1];
  const award = current?.awards && {
    teamId: current.teamId,
    team: rows.find((row) => row.teamId === current.teamId)?.name ?? current.teamId,
    awards: current.awards,
  };
  return {
    ...frozen,
    rows,
    frozen: step < plan.steps.length,
    phase: step < plan.steps.length ? frozen.phase : final.phase,
    reveal: { step, steps: plan.steps.length, teamId: current?.teamId ?? null, ...(award ? { award } : {}) },
  };
}

const key = (teamId: string, problemId: string) => `${teamId}\u0000${problemId}`;

function cellsOf(board: LiveBoard): Map<string, LiveCell> {
  const cells = new Map<string, LiveCell>();
  for (const row of board.rows) {
    for (const [problemId, cell] of Object.entries(row.cells)) cells.set(key(row.teamId, problemId), cell);
  }
  return cells;
}

/** The frozen board with the `shown` cells' final outcomes, totals and ranks worked out again. */
function boardAt(
  frozen: LiveBoard,
  finalCells: Map<string, LiveCell>,
  shown: Set<string>,
  penaltyMinutes: number,
): LiveRow[] {
  const rows = frozen.rows.map((row) => {
    const cells: Record<string, LiveCell> = {};
    for (const [problemId, cell] of Object.entries(row.cells)) {
      const k = key(row.teamId, problemId);
      cells[problemId] = shown.has(k) ? (finalCells.get(k) ?? cell) : cell;
    }
    let solved = 0;
    let penalty = 0;
    let last = -1;
    for (const cell of Object.values(cells)) {
      if (!cell.solved || cell.minutes === null) continue;
      solved++;
      penalty += cell.minutes + penaltyMinutes * (cell.attempts - 1);
      last = Math.max(last, cell.minutes);
    }
    return { row: { ...row, cells, solved, penalty }, last };
  });
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    b.row.solved - a.row.solved || a.row.penalty - b.row.penalty || a.last - b.last;
  rows.sort(compare);
  const ranked: LiveRow[] = [];
  rows.forEach((entry, index) => {
    const previous = rows[index - 1];
    const rank = previous && compare(previous, entry) === 0 ? (ranked[index - 1]?.rank ?? index + 1) : index + 1;
    ranked.push({ ...entry.row, rank });
  });
  return ranked;
}
