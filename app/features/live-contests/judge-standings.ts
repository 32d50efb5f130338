import type { PolledCell, PolledRow, PolledScoreboard } from "./polled-scoreboard";

/**
 * Codeforces' `contest.standings` and vjudge's rank JSON read into what a polled judge keeps
 * (`PolledScoreboard`), so their boards are made, frozen and announced as a polled CLICS judge's.
 */

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): Data[] => (Array.isArray(value) ? value.filter(isData) : []);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** Codeforces counts 20 minutes for each rejected try before the accepted one (ICPC rules). */
const PENALTY_MINUTES = 20;

/** "5:00:00": a duration as the CLICS contest object writes it (RELTIME). */
function reltime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/** Marks, per problem, the earliest solve of all rows as its first. */
function markFirstSolves(rows: PolledRow[]): void {
  const earliest = new Map<string, number>();
  for (const row of rows) {
    for (const [problemId, cell] of Object.entries(row.cells)) {
      if (cell.solved && cell.minutes !== null && cell.minutes < (earliest.get(problemId) ?? Number.POSITIVE_INFINITY))
        earliest.set(problemId, cell.minutes);
    }
  }
  for (const row of rows) {
    for (const [problemId, cell] of Object.entries(row.cells)) {
      cell.first = cell.solved && cell.minutes === earliest.get(problemId);
    }
  }
}

/** The board as it was at the first frozen answer: kept while the judge stays frozen. */
function frozenBaseOf(frozen: boolean, rows: PolledRow[], previous: PolledScoreboard | null) {
  if (!frozen) return null;
  return previous?.frozenBase ?? Object.fromEntries(rows.map((row) => [row.teamId, row.cells]));
}

/** A Codeforces party's name on the board: the team's, else its members' handles. */
function partyName(party: Data): string {
  const handles = list(party.members)
    .map((member) => str(member.handle))
    .filter(Boolean);
  return str(party.teamName) ?? (handles.join(", ") || "?");
}

/** A party's stable id: its team, else its members' handles, else (a ghost) its name; with the kind of entry. */
function partyId(party: Data): string {
  const kind = str(party.participantType) ?? "CONTESTANT";
  const handles = list(party.members)
    .map((member) => str(member.handle))
    .filter(Boolean)
    .join(",");
  const who = num(party.teamId) !== null ? `team:${party.teamId}` : handles || `name:${str(party.teamName) ?? "?"}`;
  return kind === "CONTESTANT" ? who : `${who}:${kind.toLowerCase()}`;
}

/** Party id → problem index → tries not judged yet (no verdict, or TESTING), from `contest.status`. */
export type CodeforcesPending = Map<string, Map<string, number>>;

/** The tries still being judged among `contest.status`'s answer (codeforces.com/apiHelp/methods#contest.status). */
export function pendingOfCodeforcesStatus(result: unknown): CodeforcesPending {
  const pending: CodeforcesPending = new Map();
  for (const submission of list(result)) {
    const verdict = str(submission.verdict);
    if (verdict && verdict !== "TESTING") continue;
    const author = isData(submission.author) ? submission.author : {};
    const problem = isData(submission.problem) ? str(submission.problem.index) : null;
    if (!problem || author.participantType === "PRACTICE") continue;
    const party = partyId(author);
    const counts = pending.get(party) ?? new Map<string, number>();
    counts.set(problem, (counts.get(problem) ?? 0) + 1);
    pending.set(party, counts);
  }
  return pending;
}

/** Adds the tries being judged to their cells (a solved problem's later tries don't count). */
function addPending(rows: PolledRow[], pending: CodeforcesPending): void {
  for (const row of rows) {
    for (const [problem, count] of pending.get(row.teamId) ?? []) {
      const cell = row.cells[problem] ?? { judged: 0, pending: 0, solved: false, minutes: null, first: false };
      if (cell.solved) continue;
      cell.pending += count;
      row.cells[problem] = cell;
    }
  }
}

/**
 * Reads `contest.standings` (codeforces.com/apiHelp/methods#contest.standings, the `result`),
 * with the tries still being judged (`pending`, from `contest.status`) when there are any.
 * Practice rows (rank 0) are left out. The contest's `frozen` is the judge's freeze: while it
 * holds, the board keeps what it showed at the first frozen answer, even when the API key (a
 * manager's) sees through it; FINISHED and not frozen is the final board.
 */
export function readCodeforcesStandings(
  result: unknown,
  previous: PolledScoreboard | null,
  pending: CodeforcesPending = new Map(),
): PolledScoreboard {
  const answer = isData(result) ? result : {};
  const contest = isData(answer.contest) ? answer.contest : {};
  const problems = list(answer.problems).flatMap((problem) => {
    const index = str(problem.index);
    return index ? [{ id: index, label: index, name: str(problem.name) ?? index, ordinal: null }] : [];
  });
  const teams: PolledScoreboard["teams"] = [];
  const rows: PolledRow[] = [];
  for (const row of list(answer.rows)) {
    const party = isData(row.party) ? row.party : {};
    if (party.participantType === "PRACTICE") continue;
    const teamId = partyId(party);
    const cells: Record<string, PolledCell> = {};
    list(row.problemResults).forEach((result, index) => {
      const problem = problems[index];
      if (!problem) return;
      const solved = (num(result.points) ?? 0) > 0;
      const rejected = num(result.rejectedAttemptCount) ?? 0;
      if (!solved && rejected === 0) return;
      const seconds = num(result.bestSubmissionTimeSeconds);
      cells[problem.id] = {
        judged: rejected + (solved ? 1 : 0),
        pending: 0,
        solved,
        minutes: solved && seconds !== null ? Math.floor(seconds / 60) : null,
        first: false,
      };
    });
    teams.push({ id: teamId, name: partyName(party) });
    rows.push({ teamId, rank: num(row.rank) ?? 0, cells });
  }
  markFirstSolves(rows);
  addPending(rows, pending);
  const phase = str(contest.phase) ?? "BEFORE";
  const frozen = contest.frozen === true;
  const start = num(contest.startTimeSeconds);
  const duration = num(contest.durationSeconds);
  const freeze = num(contest.freezeDurationSeconds);
  const finalized = phase === "FINISHED" && !frozen;
  return {
    contest: {
      name: str(contest.name),
      start_time: iso(start),
      duration: duration === null ? null : reltime(duration),
      scoreboard_freeze_duration: freeze ? reltime(freeze) : null,
      penalty_time: PENALTY_MINUTES,
    },
    state: {
      started: phase === "BEFORE" ? null : iso(start),
      ended:
        phase === "BEFORE" || phase === "CODING"
          ? null
          : iso(start !== null && duration !== null ? start + duration : start),
      frozen: frozen ? "frozen" : null,
      thawed: !frozen && previous?.frozenBase ? "thawed" : null,
      finalized: finalized ? "finalized" : null,
      end_of_updates: finalized ? "finalized" : null,
    },
    problems,
    teams,
    rows,
    frozenBase: frozenBaseOf(frozen, rows, previous),
  };
}

/**
 * Reads vjudge's rank JSON (`/contest/rank/single/{id}`, what its rank page loads): `begin` and
 * `length` in milliseconds, `participants` by id (`[username, nickname]`), `submissions` as
 * `[participant, problem index, accepted (1/0), seconds from the start]`. It has no problem list
 * (problems are labelled A, B, … up to the highest index tried, or `problemCount` when known) and
 * no freeze; ranks follow the ICPC rule.
 */
export function readVjudgeRank(answer: unknown, now: number, problemCount?: number): PolledScoreboard {
  const rank = isData(answer) ? answer : {};
  const participants = isData(rank.participants) ? rank.participants : {};
  const lengthSeconds = (num(rank.length) ?? Number.POSITIVE_INFINITY) / 1000;
  // Tries after the end (vjudge keeps them: a replay, upsolving) are not the contest's.
  const submissions = (Array.isArray(rank.submissions) ? rank.submissions : []).filter(
    (entry): entry is number[] =>
      Array.isArray(entry) &&
      entry.length >= 4 &&
      entry.every((n) => typeof n === "number") &&
      (entry[3] ?? 0) <= lengthSeconds,
  );
  submissions.sort((a, b) => (a[3] ?? 0) - (b[3] ?? 0));
  const highest = submissions.reduce((max, entry) => Math.max(max, entry[1] ?? 0), -1);
  const count = Math.max(problemCount ?? 0, highest + 1);
  const label = (index: number) =>
    index < 26
      ? String.fromCharCode(65 + index)
      : `${String.fromCharCode(65 + Math.floor(index / 26) - 1)}${String.fromCharCode(65 + (index % 26))}`;
  const problems = Array.from({ length: count }, (_, index) => ({
    id: String(index),
    label: label(index),
    name: label(index),
    ordinal: index,
  }));
  const cellsOf = new Map<string, Record<string, PolledCell>>();
  for (const [participant, problem, accepted, seconds] of submissions as [number, number, number, number][]) {
    const teamId = String(participant);
    const cells = cellsOf.get(teamId) ?? {};
    cellsOf.set(teamId, cells);
    const cell = cells[String(problem)] ?? { judged: 0, pending: 0, solved: false, minutes: null, first: false };
    cells[String(problem)] = cell;
    if (cell.solved) continue;
    cell.judged++;
    if (accepted === 1) {
      cell.solved = true;
      cell.minutes = Math.floor(seconds / 60);
    }
  }
  const teams = Object.entries(participants).map(([id, about]) => {
    const [username, nickname] = Array.isArray(about) ? about : [];
    return { id, name: str(nickname) ?? str(username) ?? id };
  });
  const rows: PolledRow[] = teams.map((team) => ({ teamId: team.id, rank: 0, cells: cellsOf.get(team.id) ?? {} }));
  rankByIcpcRule(rows);
  markFirstSolves(rows);
  const begin = num(rank.begin);
  const length = num(rank.length);
  const end = begin !== null && length !== null ? begin + length : null;
  const started = begin !== null && now >= begin;
  const ended = end !== null && now >= end;
  return {
    contest: {
      name: str(rank.title),
      start_time: begin === null ? null : new Date(begin).toISOString(),
      duration: length === null ? null : reltime(length / 1000),
      scoreboard_freeze_duration: null,
      penalty_time: PENALTY_MINUTES,
    },
    state: {
      started: started && begin !== null ? new Date(begin).toISOString() : null,
      ended: ended && end !== null ? new Date(end).toISOString() : null,
      finalized: ended ? "finalized" : null,
      end_of_updates: ended ? "finalized" : null,
    },
    problems,
    teams,
    rows,
    frozenBase: null,
  };
}

/** Ranks rows by problems solved, then penalty (solve minutes plus 20 per rejected try); ties share a rank. */
function rankByIcpcRule(rows: PolledRow[]): void {
  const score = (row: PolledRow) => {
    const solved = Object.values(row.cells).filter((cell) => cell.solved);
    return {
      solved: solved.length,
      penalty: solved.reduce((sum, cell) => sum + (cell.minutes ?? 0) + PENALTY_MINUTES * (cell.judged - 1), 0),
    };
  };
  const scored = rows.map((row) => ({ row, ...score(row) }));
  scored.sort((a, b) => b.solved - a.solved || a.penalty - b.penalty);
  scored.forEach((entry, index) => {
    const before = scored[index - 1];
    entry.row.rank =
      before && before.solved === entry.solved && before.penalty === entry.penalty ? before.row.rank : index + 1;
  });
  rows.splice(0, rows.length, ...scored.map((entry) => entry.row));
}
