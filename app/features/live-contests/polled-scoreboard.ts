import { reltimeSeconds } from "~/features/standings/importers/clics-event-feed";
import type { LiveBoard, LiveCell, LivePhase, LiveRow } from "./live-contests";

/**
 * A judge that doesn't stream its event feed, read by polling: its `contest`, `state`,
 * `problems`, `teams` and `scoreboard` as last answered, and what the board showed when the
 * freeze began (`frozenBase`): from then on, tries judged since show as pending, whatever the
 * follower's account sees, until the judge thaws.
 */
export interface PolledScoreboard {
  contest: Record<string, unknown> | null;
  state: Record<string, unknown> | null;
  problems: { id: string; label: string; name: string; ordinal: number | null }[];
  teams: { id: string; name: string }[];
  rows: PolledRow[];
  /** Team id → problem id → the cell as it was when the freeze began. */
  frozenBase: Record<string, Record<string, PolledCell>> | null;
}

export interface PolledCell {
  judged: number;
  pending: number;
  solved: boolean;
  minutes: number | null;
  first: boolean;
}

export interface PolledRow {
  teamId: string;
  rank: number;
  cells: Record<string, PolledCell>;
}

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;
const list = (value: unknown): Data[] => (Array.isArray(value) ? value.filter(isData) : []);

/** Reads the judge's answers (CLICS 2020-03 to 2026-01: `time` in minutes or RELTIME) into what is kept. */
export function readPolledScoreboard(answers: {
  contest: unknown;
  state: unknown;
  problems: unknown;
  teams: unknown;
  scoreboard: unknown;
  previous: PolledScoreboard | null;
}): PolledScoreboard {
  const problems = list(answers.problems).flatMap((problem) => {
    const id = text(problem.id);
    const label = text(problem.label) ?? text(problem.short_name);
    if (!id || !label) return [];
    const ordinal = typeof problem.ordinal === "number" ? problem.ordinal : null;
    return [{ id, label, name: text(problem.name)?.trim() || label, ordinal }];
  });
  problems.sort((a, b) => (a.ordinal ?? Number.POSITIVE_INFINITY) - (b.ordinal ?? Number.POSITIVE_INFINITY));
  const teams = list(answers.teams).flatMap((team) => {
    const id = text(team.id);
    return id ? [{ id, name: text(team.display_name)?.trim() || text(team.name)?.trim() || id }] : [];
  });
  const scoreboard = isData(answers.scoreboard) ? answers.scoreboard.rows : answers.scoreboard;
  const rows = list(scoreboard).flatMap((row) => {
    const teamId = text(row.team_id);
    if (!teamId) return [];
    const cells: Record<string, PolledCell> = {};
    for (const cell of list(row.problems)) {
      const problemId = text(cell.problem_id);
      if (!problemId) continue;
      const time = typeof cell.time === "number" ? cell.time : (reltimeSeconds(cell.time) ?? 0) / 60;
      cells[problemId] = {
        judged: Number(cell.num_judged ?? 0),
        pending: Number(cell.num_pending ?? 0),
        solved: cell.solved === true,
        minutes: cell.solved === true ? Math.floor(time) : null,
        first: cell.first_to_solve === true,
      };
    }
    return [{ teamId, rank: Number(row.rank ?? 0), cells }];
  });
  const state = isData(answers.state) ? answers.state : null;
  const contest = isData(answers.contest) ? answers.contest : null;
  const frozenNow = Boolean(state?.frozen) && !state?.thawed;
  const frozenBase = frozenNow
    ? (answers.previous?.frozenBase ?? Object.fromEntries(rows.map((row) => [row.teamId, row.cells])))
    : null;
  return { contest, state, problems, teams, rows, frozenBase };
}

/** The public board of a polled judge: while frozen, a cell shows what it showed at the freeze, the rest pending. */
export function boardOfPolledScoreboard(
  record: {
    slug: string;
    name: string;
    polledScoreboard: unknown;
  },
  version: string,
): LiveBoard {
  const polled = (record.polledScoreboard ?? null) as PolledScoreboard | null;
  const names = new Map((polled?.teams ?? []).map((team) => [team.id, team.name]));
  const base = polled?.frozenBase ?? null;
  const penaltyMinutes = penaltyOf(polled?.contest?.penalty_time);
  const rows: LiveRow[] = (polled?.rows ?? []).map((row) => {
    const cells: Record<string, LiveCell> = {};
    for (const [problemId, cell] of Object.entries(row.cells)) {
      const shown = base ? (base[row.teamId]?.[problemId] ?? emptyCell) : cell;
      const hidden = base ? cell.judged + cell.pending - (shown.judged + shown.pending) : 0;
      cells[problemId] = {
        attempts: shown.judged,
        pending: shown.pending + Math.max(0, hidden),
        solved: shown.solved,
        minutes: shown.minutes,
        first: shown.first,
      };
    }
    const solvedCells = Object.values(cells).filter((cell) => cell.solved);
    return {
      teamId: row.teamId,
      name: names.get(row.teamId) ?? row.teamId,
      rank: row.rank,
      solved: solvedCells.length,
      penalty: solvedCells.reduce((sum, cell) => sum + (cell.minutes ?? 0) + penaltyMinutes * (cell.attempts - 1), 0),
      cells,
    };
  });
  if (base) rerank(rows);
  const state = polled?.state ?? {};
  const started = text(state.started) ?? text(polled?.contest?.start_time);
  const duration = reltimeSeconds(polled?.contest?.duration);
  const freeze = reltimeSeconds(polled?.contest?.scoreboard_freeze_duration);
  const start = Date.parse(started ?? "");
  const end = Number.isNaN(start) || duration === null ? null : start + duration * 1000;
  const phase: LivePhase = state.finalized
    ? "final"
    : state.ended
      ? "ended"
      : base
        ? "frozen"
        : state.started
          ? "running"
          : "before";
  return {
    slug: record.slug,
    name: text(polled?.contest?.formal_name) ?? text(polled?.contest?.name) ?? record.name,
    problems: (polled?.problems ?? []).map(({ id, label, name }) => ({ id, label, name })),
    rows,
    phase,
    frozen: base !== null,
    startsAt: Number.isNaN(start) ? null : new Date(start).toISOString(),
    endsAt: end === null ? null : new Date(end).toISOString(),
    freezesAt: end === null || !freeze ? null : new Date(end - freeze * 1000).toISOString(),
    balloons: [],
    version,
  };
}

const emptyCell: PolledCell = { judged: 0, pending: 0, solved: false, minutes: null, first: false };

function penaltyOf(value: unknown): number {
  if (typeof value === "number") return value;
  const seconds = reltimeSeconds(value);
  return seconds === null ? 20 : Math.floor(seconds / 60);
}

function rerank(rows: LiveRow[]): void {
  const compare = (a: LiveRow, b: LiveRow) => b.solved - a.solved || a.penalty - b.penalty;
  rows.sort(compare);
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    row.rank = previous && compare(previous, row) === 0 ? previous.rank : index + 1;
  });
}
