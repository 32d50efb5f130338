import type { LiveBoard, LiveCell, LiveRow } from "./live-contests";

/**
 * The reveal, as the ICPC Resolver runs it: from the frozen board, the lowest-ranked team that
 * still has a hidden try has its leftmost hidden problem resolved (solved or not, from the final
 * board), the board is ranked again, and so on up to the top. Pure: the steps are worked out from
 * the two boards, so every process shows the same board for the same step.
 */
export interface RevealPlan {
  /** Each step's cell, in order: team and problem. */
  steps: { teamId: string; problemId: string }[];
}

export function planReveal(frozen: LiveBoard, final: LiveBoard, penaltyMinutes: number): RevealPlan {
  const finalCells = cellsOf(final);
  const hidden = new Set<string>();
  for (const row of frozen.rows) {
    for (const [problemId, cell] of Object.entries(row.cells)) {
      if (cell.pending > 0 && finalCells.has(key(row.teamId, problemId))) hidden.add(key(row.teamId, problemId));
    }
  }
  const order = frozen.problems.map((problem) => problem.id);
  const steps: RevealPlan["steps"] = [];
  const shown = new Set<string>();
  while (shown.size < hidden.size) {
    const rows = boardAt(frozen, finalCells, shown, penaltyMinutes);
    const next = [...rows].reverse().find((row) => order.some((p) => isWaiting(row.teamId, p)));
    if (!next) break;
    const problemId = order.find((p) => isWaiting(next.teamId, p));
    if (!problemId) break;
    shown.add(key(next.teamId, problemId));
    steps.push({ teamId: next.teamId, problemId });
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
  const shown = new Set(plan.steps.slice(0, step).map((s) => key(s.teamId, s.problemId)));
  const rows = boardAt(frozen, cellsOf(final), shown, penaltyMinutes);
  const current = plan.steps[step - 1];
  return {
    ...frozen,
    rows,
    frozen: step < plan.steps.length,
    phase: step < plan.steps.length ? frozen.phase : final.phase,
    reveal: { step, steps: plan.steps.length, teamId: current?.teamId ?? null },
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
