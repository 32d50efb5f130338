/**
 * A contest followed through its CLICS event feed (https://ccs-specs.icpc.io, Contest API
 * "event-feed"): events applied one by one to a contest state, and the scoreboard computed from
 * that state by the ICPC rule of the CCS requirements ("Scoring Data Generation"). Pure: no I/O,
 * so a contest package's `event-feed.ndjson` and a live CCS's feed share it.
 *
 * Reads the 2020-03/2021-11 events (`{type, id, op, data}`, `id` the event's own) and the
 * 2022-07+ ones (`{type, id, data, token}`, `id` the object's, `data: null` a deletion), plural
 * or singular singleton types (`contest`, `contests`, `state`), times as RELTIME ("1:23:45.678")
 * and `penalty_time` in minutes or as RELTIME (2026-01).
 */

export interface FeedEvent {
  type: string;
  /** The object's id (2022-07+), or the event's own (2020-era, with `op`). */
  id?: string | number | null;
  op?: string;
  data: unknown;
}

export interface FeedProblem {
  id: string;
  label: string;
  name: string;
  ordinal: number | null;
}

export interface FeedTeam {
  id: string;
  name: string;
  displayName: string | null;
  hidden: boolean;
  groupIds: string[];
}

export interface FeedSubmission {
  id: string;
  teamId: string;
  problemId: string;
  /** Seconds from the contest's start; null when the feed gives no readable time. */
  seconds: number | null;
}

export interface FeedJudgementType {
  penalty: boolean;
  solved: boolean;
}

export interface FeedAward {
  id: string;
  citation: string;
  teamIds: string[];
}

/** What the feed has said so far, object by object (the latest event of each wins). */
export interface ContestState {
  name: string | null;
  /** The contest's scheduled start (ISO text), as given; null when not (yet) scheduled. */
  startTime: string | null;
  /** The contest's length and freeze in seconds, penalty per rejected try in minutes. */
  durationSeconds: number | null;
  freezeSeconds: number | null;
  penaltyMinutes: number;
  /** The state endpoint's times (ISO text), as given. */
  state: Record<string, string | null>;
  judgementTypes: Map<string, FeedJudgementType>;
  problems: Map<string, FeedProblem>;
  teams: Map<string, FeedTeam>;
  hiddenGroups: Set<string>;
  submissions: Map<string, FeedSubmission>;
  /** Judgement id → its submission and verdict (null while judging). */
  judgements: Map<string, { submissionId: string; judgementTypeId: string | null }>;
  awards: Map<string, FeedAward>;
  /** Events the reducer could not use (a wrong shape): counted, as a CCS skips them. */
  skipped: number;
}

const DEFAULT_PENALTY_MINUTES = 20;

export function emptyContestState(): ContestState {
  return {
    name: null,
    startTime: null,
    durationSeconds: null,
    freezeSeconds: null,
    penaltyMinutes: DEFAULT_PENALTY_MINUTES,
    state: {},
    judgementTypes: new Map(),
    problems: new Map(),
    teams: new Map(),
    hiddenGroups: new Set(),
    submissions: new Map(),
    judgements: new Map(),
    awards: new Map(),
    skipped: 0,
  };
}

const RELTIME = /^(-?)(\d+):([0-5]?\d):([0-5]?\d)(?:\.(\d+))?$/;

/** "1:23:45.678" (or "-0:05:00", "01:00:00") → seconds; a number is taken as seconds. */
export function reltimeSeconds(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const match = RELTIME.exec(value.trim());
  if (!match) return null;
  const [, sign, hours, minutes, seconds, fraction] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(`0.${fraction ?? "0"}`);
  return sign === "-" ? -total : total;
}

/** `penalty_time`: whole minutes up to 2023-06, RELTIME in 2026-01. */
function penaltyMinutesOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  const seconds = reltimeSeconds(value);
  return seconds === null || seconds < 0 ? null : Math.floor(seconds / 60);
}

type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null;

/** Singular and plural names of the same endpoint, as feeds of different years write them. */
const TYPE_ALIASES: Record<string, string> = { contests: "contest", "judgement-type": "judgement-types" };

/** The object an event is about and whether it deletes it, in either era's shape. */
function eventTarget(event: FeedEvent): { id: string | null; data: Data | null } {
  const data = isData(event.data) ? event.data : null;
  const deleted = event.op === "delete" || event.data === null;
  // 2020-era events carry their own id; the object's is in data. 2022+ events carry the object's.
  const id = text(data?.id) ?? (event.op === undefined ? text(event.id) : null);
  return { id, data: deleted ? null : data };
}

/**
 * Applies one event to the state (in place, and returns it: a feed has tens of thousands of
 * events, too many to copy the state for each). Unknown types are ignored, as the spec asks.
 */
export function applyEvent(state: ContestState, event: FeedEvent): ContestState {
  const type = TYPE_ALIASES[event.type] ?? event.type;
  const { id, data } = eventTarget(event);
  const apply = APPLIERS[type];
  if (!apply) return state;
  if (!apply(state, id, data)) state.skipped++;
  return state;
}

type Applier = (state: ContestState, id: string | null, data: Data | null) => boolean;

/** Sets or deletes one object of a map; false when the event names no object. */
function upsert<T>(map: Map<string, T>, id: string | null, value: T | null): boolean {
  if (id === null) return false;
  if (value === null) map.delete(id);
  else map.set(id, value);
  return true;
}

const APPLIERS: Record<string, Applier> = {
  contest(state, _id, data) {
    if (!data) return true;
    state.name = text(data.formal_name) || text(data.name) || state.name;
    if ("start_time" in data) state.startTime = text(data.start_time);
    state.durationSeconds = reltimeSeconds(data.duration) ?? state.durationSeconds;
    if ("scoreboard_freeze_duration" in data) state.freezeSeconds = reltimeSeconds(data.scoreboard_freeze_duration);
    state.penaltyMinutes = penaltyMinutesOf(data.penalty_time) ?? state.penaltyMinutes;
    return true;
  },
  state(state, _id, data) {
    state.state = Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [key, text(value)]));
    return true;
  },
  "judgement-types"(state, id, data) {
    return upsert(state.judgementTypes, id, data && { penalty: data.penalty === true, solved: data.solved === true });
  },
  problems(state, id, data) {
    if (!data) return upsert(state.problems, id, null);
    const label = text(data.label) ?? text(data.short_name);
    if (id === null || !label) return false;
    const ordinal = typeof data.ordinal === "number" ? data.ordinal : null;
    return upsert(state.problems, id, { id, label, name: text(data.name)?.trim() || label, ordinal });
  },
  teams(state, id, data) {
    if (!data) return upsert(state.teams, id, null);
    if (id === null) return false;
    const groupIds = Array.isArray(data.group_ids) ? data.group_ids.flatMap((group) => text(group) ?? []) : [];
    return upsert(state.teams, id, {
      id,
      name: text(data.name)?.trim() || id,
      displayName: text(data.display_name)?.trim() || null,
      hidden: data.hidden === true,
      groupIds,
    });
  },
  groups(state, id, data) {
    if (id === null) return false;
    if (data?.hidden === true) state.hiddenGroups.add(id);
    else state.hiddenGroups.delete(id);
    return true;
  },
  submissions(state, id, data) {
    if (!data) return upsert(state.submissions, id, null);
    const teamId = text(data.team_id);
    const problemId = text(data.problem_id);
    if (id === null || teamId === null || problemId === null) return false;
    return upsert(state.submissions, id, { id, teamId, problemId, seconds: reltimeSeconds(data.contest_time) });
  },
  judgements(state, id, data) {
    if (!data) return upsert(state.judgements, id, null);
    const submissionId = text(data.submission_id);
    if (submissionId === null) return false;
    return upsert(state.judgements, id, { submissionId, judgementTypeId: text(data.judgement_type_id) });
  },
  awards(state, id, data) {
    if (!data) return upsert(state.awards, id, null);
    const teamIds = Array.isArray(data.team_ids) ? data.team_ids.flatMap((team) => text(team) ?? []) : [];
    return upsert(state.awards, id, { id: id ?? "", citation: text(data.citation) ?? id ?? "", teamIds });
  },
};

/** An event feed's text: NDJSON (one event a line; blank keep-alive lines skipped) or one JSON array. */
export function parseEventFeed(feed: string): { events: FeedEvent[]; unreadableLines: number[] } {
  const trimmed = feed.replace(/^\uFEFF/, "").trim();
  if (trimmed.startsWith("[")) {
    const parsed: unknown = JSON.parse(trimmed);
    return { events: Array.isArray(parsed) ? parsed.filter(isEvent) : [], unreadableLines: [] };
  }
  const events: FeedEvent[] = [];
  const unreadableLines: number[] = [];
  trimmed.split("\n").forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      const parsed: unknown = JSON.parse(line);
      if (isEvent(parsed)) events.push(parsed);
      else unreadableLines.push(index + 1);
    } catch {
      unreadableLines.push(index + 1);
    }
  });
  return { events, unreadableLines };
}

function isEvent(value: unknown): value is FeedEvent {
  return isData(value) && typeof value.type === "string" && "data" in value;
}

/** The state after a whole feed. */
export function stateOfFeed(events: Iterable<FeedEvent>): ContestState {
  const state = emptyContestState();
  for (const event of events) applyEvent(state, event);
  return state;
}

export interface ScoreboardCell {
  /** Judged tries up to and including the first accepted one; verdicts without penalty (compile errors) not counted. */
  attempts: number;
  /** Submissions without an outcome yet, or hidden by the freeze. */
  pending: number;
  solved: boolean;
  /** Whole minutes from the start to the accepted submission. */
  minutes: number | null;
  /** Seconds from the start to the accepted submission: first solves are told apart by them. */
  solvedSeconds: number | null;
  firstToSolve: boolean;
}

export interface ScoreboardRow {
  teamId: string;
  rank: number;
  solved: number;
  penalty: number;
  /** Minute of the last accepted submission, the tie-breaker (null: nothing solved). */
  lastSolvedMinute: number | null;
  /** Problem id → cell, for the problems tried. */
  cells: Map<string, ScoreboardCell>;
}

export interface Scoreboard {
  problems: FeedProblem[];
  rows: ScoreboardRow[];
  /** Whether outcomes after the freeze are hidden on this board. */
  frozen: boolean;
  /** Submissions counted as pending because of the freeze, and those not yet judged. */
  hiddenByFreeze: number;
  unjudged: number;
  /** Submissions before the start or after the end, left out as a CCS leaves them out. */
  outsideContest: number;
}

export interface ScoreboardOptions {
  /** Show the outcomes after the freeze even though the feed's scoreboard is not thawed (a jury's view). */
  revealFrozen?: boolean;
}

/** Well-known verdicts, for a feed that names a judgement type it never defined. */
const KNOWN_TYPES: Record<string, FeedJudgementType> = {
  AC: { penalty: false, solved: true },
  CE: { penalty: false, solved: false },
  JE: { penalty: false, solved: false },
};

/**
 * The scoreboard by the ICPC rule: solved (descending), total penalty (ascending), minute of the
 * last accepted submission (ascending); equal on all three is a tie. Hidden teams (or teams of a
 * hidden group) are left out. While the state says frozen and not thawed, outcomes of
 * submissions from the freeze on are hidden (pending) unless `revealFrozen`.
 */
export function computeScoreboard(state: ContestState, options: ScoreboardOptions = {}): Scoreboard {
  const freezeAt = freezeStart(state);
  const frozen = freezeAt !== null && isFrozen(state) && options.revealFrozen !== true;
  const verdicts = latestVerdicts(state);
  const counts = { hiddenByFreeze: 0, unjudged: 0, outsideContest: 0 };
  const byTeamProblem = new Map<string, FeedSubmission[]>();
  for (const submission of state.submissions.values()) {
    if (!state.problems.has(submission.problemId)) continue;
    const seconds = submission.seconds;
    if (seconds === null || seconds < 0 || (state.durationSeconds !== null && seconds >= state.durationSeconds)) {
      counts.outsideContest++;
      continue;
    }
    const key = `${submission.teamId}\u0000${submission.problemId}`;
    const tries = byTeamProblem.get(key);
    if (tries) tries.push(submission);
    else byTeamProblem.set(key, [submission]);
  }
  const shown = [...state.teams.values()].filter((team) => isShown(state, team));
  const rows = shown.map((team) => {
    const cells = new Map<string, ScoreboardCell>();
    for (const problem of state.problems.values()) {
      const tries = byTeamProblem.get(`${team.id}\u0000${problem.id}`);
      if (!tries) continue;
      cells.set(problem.id, scoreCell(state, tries, verdicts, frozen ? freezeAt : null, counts));
    }
    return totals(team.id, cells, state.penaltyMinutes);
  });
  markFirstSolves(rows, state.problems);
  return {
    problems: orderedProblems(state),
    rows: rankRows(rows),
    frozen,
    ...counts,
  };
}

function isShown(state: ContestState, team: FeedTeam): boolean {
  return !team.hidden && !team.groupIds.some((group) => state.hiddenGroups.has(group));
}

/** Frozen and not yet thawed: the state endpoint says so (`unfrozen` is an early name of `thawed`). */
function isFrozen(state: ContestState): boolean {
  return Boolean(state.state.frozen) && !state.state.thawed && !state.state.unfrozen;
}

/** Seconds from the start at which the freeze begins: the contest's length less the freeze's. */
function freezeStart(state: ContestState): number | null {
  if (state.durationSeconds !== null && state.freezeSeconds !== null && state.freezeSeconds > 0) {
    return state.durationSeconds - state.freezeSeconds;
  }
  const started = Date.parse(state.state.started ?? "");
  const frozen = Date.parse(state.state.frozen ?? "");
  return Number.isNaN(started) || Number.isNaN(frozen) ? null : (frozen - started) / 1000;
}

/** Submission id → the verdict of its latest judgement that has one (a rejudging replaces the first). */
function latestVerdicts(state: ContestState): Map<string, string> {
  const verdicts = new Map<string, string>();
  for (const { submissionId, judgementTypeId } of state.judgements.values()) {
    if (judgementTypeId !== null) verdicts.set(submissionId, judgementTypeId);
  }
  return verdicts;
}

function judgementType(state: ContestState, id: string): FeedJudgementType {
  return state.judgementTypes.get(id) ?? KNOWN_TYPES[id] ?? { penalty: true, solved: false };
}

function scoreCell(
  state: ContestState,
  tries: FeedSubmission[],
  verdicts: Map<string, string>,
  freezeAt: number | null,
  counts: { hiddenByFreeze: number; unjudged: number },
): ScoreboardCell {
  const cell: ScoreboardCell = {
    attempts: 0,
    pending: 0,
    solved: false,
    minutes: null,
    solvedSeconds: null,
    firstToSolve: false,
  };
  const ordered = [...tries].sort((a, b) => (a.seconds ?? 0) - (b.seconds ?? 0));
  for (const submission of ordered) {
    if (cell.solved) break;
    const verdict = verdicts.get(submission.id);
    if (freezeAt !== null && (submission.seconds ?? 0) >= freezeAt) {
      cell.pending++;
      counts.hiddenByFreeze++;
      continue;
    }
    // A judging error is no outcome: pending, as the requirements say.
    if (verdict === undefined || verdict === "JE") {
      cell.pending++;
      counts.unjudged++;
      continue;
    }
    const type = judgementType(state, verdict);
    if (type.solved) {
      cell.attempts++;
      cell.solved = true;
      cell.solvedSeconds = submission.seconds ?? 0;
      cell.minutes = Math.floor(cell.solvedSeconds / 60);
    } else if (type.penalty) {
      cell.attempts++;
    }
  }
  return cell;
}

function totals(teamId: string, cells: Map<string, ScoreboardCell>, penaltyMinutes: number): ScoreboardRow {
  let solved = 0;
  let penalty = 0;
  let lastSolvedMinute: number | null = null;
  for (const cell of cells.values()) {
    if (!cell.solved || cell.minutes === null) continue;
    solved++;
    penalty += cell.minutes + penaltyMinutes * (cell.attempts - 1);
    lastSolvedMinute = Math.max(lastSolvedMinute ?? 0, cell.minutes);
  }
  return { teamId, rank: 0, solved, penalty, lastSolvedMinute, cells };
}

/** The earliest accepted submission of each problem, to the second, among the teams shown. */
function markFirstSolves(rows: ScoreboardRow[], problems: Map<string, FeedProblem>): void {
  for (const problem of problems.keys()) {
    const solved = rows.flatMap((row) => {
      const cell = row.cells.get(problem);
      return cell?.solvedSeconds != null ? [cell] : [];
    });
    const first = Math.min(...solved.map((cell) => cell.solvedSeconds ?? Number.POSITIVE_INFINITY));
    for (const cell of solved) if (cell.solvedSeconds === first) cell.firstToSolve = true;
  }
}

function compareRows(a: ScoreboardRow, b: ScoreboardRow): number {
  return (
    b.solved - a.solved ||
    a.penalty - b.penalty ||
    (a.lastSolvedMinute ?? Number.POSITIVE_INFINITY) - (b.lastSolvedMinute ?? Number.POSITIVE_INFINITY) ||
    0
  );
}

function rankRows(rows: ScoreboardRow[]): ScoreboardRow[] {
  const sorted = [...rows].sort(compareRows);
  sorted.forEach((row, index) => {
    const previous = sorted[index - 1];
    row.rank = previous && compareRows(previous, row) === 0 ? previous.rank : index + 1;
  });
  return sorted;
}

function orderedProblems(state: ContestState): FeedProblem[] {
  return [...state.problems.values()].sort(
    (a, b) => (a.ordinal ?? Number.POSITIVE_INFINITY) - (b.ordinal ?? Number.POSITIVE_INFINITY),
  );
}
