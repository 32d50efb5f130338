import { z } from "zod";
import {
  type ImportedStandings,
  type ImportWarning,
  type Scoring,
  type StandingsCell,
  StandingsFormatError,
  type StandingsProblem,
  type StandingsRow,
  standingsText,
} from "~/features/standings/standings";
import { rankWarnings, refuseEmpty } from "~/features/standings/standings-ranking";
import { schemaMessage } from "~/i18n/message";
import { unzipBounded } from "./bounded-unzip";
import { type ContestState, computeScoreboard, parseEventFeed, type Scoreboard, stateOfFeed } from "./clics-event-feed";
import { EventFeedReader } from "./event-feed-stream";
import { checkJson, parseJsonText } from "./json-file";
import { checkListLength, STANDINGS_MAX_FEED_BYTES, STANDINGS_MAX_INFLATED_BYTES } from "./standings-limits";

/**
 * Standings from the ICPC CLICS Contest API (https://ccs-specs.icpc.io): the JSON of its
 * scoreboard, teams, problems, awards and contest endpoints, or a contest package (a zip of them).
 * Reads the 2023-06 spec (times in whole minutes) and 2026-01 (times as RELTIME "h:mm:ss.uuu"),
 * the 2018-2020 scoreboard (a plain array of rows; DOMjudge's named teams `team` and problems
 * by `label`), DOMjudge's non-strict extras (`first_to_solve`, no `num_solved`), and a package
 * holding only its event feed (standings computed from it, `clics-event-feed.ts`).
 */

export interface ClicsFiles {
  /** scoreboard.json: without it, the standings are computed from `eventFeed`. */
  scoreboard?: string;
  /** teams.json: without it, teams are named by their ids. */
  teams?: string;
  /** problems.json: a "results upload" package has none, its problems are the scoreboard's. */
  problems?: string;
  awards?: string;
  contest?: string;
  /** event-feed.ndjson, read when there is no scoreboard.json. */
  eventFeed?: string;
}

const TIME_MESSAGE = schemaMessage("tools.standings.error.time");
const RELTIME = /^(\d+):([0-5]\d):([0-5]\d)(\.\d+)?$/;

/** Whole minutes, rounded down as ICPC counts them; null for anything else (negative times included). */
function toMinutes(value: number | string): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : null;
  const match = RELTIME.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

const minutesField = z
  .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? undefined : TIME_MESSAGE) })
  .transform((value, context) => {
    const minutes = toMinutes(value);
    if (minutes !== null) return minutes;
    context.addIssue({ code: "custom", message: TIME_MESSAGE });
    return z.NEVER;
  });

// The spec's IDs are text; some older exports write numbers, which match the same text elsewhere.
const idField = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? undefined : schemaMessage("tools.standings.error.id")),
  })
  .transform(String);

const problemsSchema = z.array(
  z.object({
    id: idField,
    label: z.string().trim().min(1),
    name: z.string().nullish(),
    ordinal: z.number().nullish(),
    max_score: z.number().nullish(),
  }),
);

// Members stay empty: the spec's teams name nobody (people are in persons.json, which exports
// rarely carry), and the free-text `members` some judges add can't be split into names reliably.
const teamsSchema = z.array(
  z.object({
    id: idField,
    name: z.string().trim().min(1),
    display_name: z.string().nullish(),
    // Up to 2023-06; 2026-01 drops it, its scoreboard holding only the main group's teams.
    hidden: z.boolean().nullish(),
  }),
);

const cellSchema = z.object({
  // One of the two: the 2018-era DOMjudge scoreboard names problems by label only.
  problem_id: idField.optional(),
  label: idField.optional(),
  num_judged: z.int().min(0),
  num_pending: z.int().min(0).optional(),
  solved: z.boolean().optional(),
  score: z.number().min(0).optional(),
  time: minutesField.optional(),
  first_to_solve: z.boolean().nullish(),
});

const rowSchema = z.object({
  rank: z.int().min(1),
  // One of the two: the 2018-era DOMjudge scoreboard says `team`.
  team_id: idField.optional(),
  team: idField.optional(),
  score: z.object({
    num_solved: z.int().min(0).optional(),
    total_time: minutesField.optional(),
    score: z.number().optional(),
  }),
  problems: z.array(cellSchema).nullish(),
});

// Up to 2020 the scoreboard was its rows alone, a plain array.
const scoreboardSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { rows: value } : value),
  z.object({ rows: z.array(rowSchema) }),
);

const awardsSchema = z.array(
  // A CDS writes the awards it may give, those not given yet without citation or teams.
  z.object({ id: idField, citation: z.string().trim().nullish(), team_ids: z.array(idField).nullish() }),
);

const contestSchema = z.object({ name: z.string().nullish(), formal_name: z.string().nullish() });

type ClicsProblem = z.infer<typeof problemsSchema>[number];
type ClicsTeam = z.infer<typeof teamsSchema>[number];
type ClicsRow = z.infer<typeof rowSchema>;
type ClicsCell = z.infer<typeof cellSchema>;
type ClicsAward = z.infer<typeof awardsSchema>[number];

/** What the rows need to know of the other files. */
interface Context {
  scoring: Scoring;
  problems: Map<string, ClicsProblem>;
  teams: Map<string, ClicsTeam>;
  /** Team id → the citations of its awards. */
  awards: Map<string, string[]>;
  /** Problem id → the teams the awards name first to solve it. */
  firstSolvers: Map<string, Set<string>>;
  /** Label → problem, for scoreboards that name problems by label. */
  byLabel: Map<string, ClicsProblem>;
  /** Whether teams.json was there: without it, a team is its id. */
  hasTeams: boolean;
}

export function parseClicsFiles(files: ClicsFiles): ImportedStandings {
  if (files.scoreboard === undefined) {
    if (files.eventFeed === undefined) {
      throw new StandingsFormatError(standingsText("tools.standings.error.noScoreboardOrFeed"));
    }
    return standingsFromFeed(files.eventFeed, files.contest);
  }
  const scoreboard = readFile("scoreboard.json", files.scoreboard, scoreboardSchema);
  refuseEmpty(scoreboard.rows);
  const problems =
    files.problems === undefined
      ? problemsOfScoreboard(scoreboard.rows)
      : orderedProblems(readFile("problems.json", files.problems, problemsSchema));
  const teams = files.teams === undefined ? [] : readFile("teams.json", files.teams, teamsSchema);
  const awards = files.awards === undefined ? [] : readFile("awards.json", files.awards, awardsSchema);
  const context: Context = {
    scoring: scoreboard.rows.some((row) => row.score.score !== undefined) ? "score" : "icpc",
    problems: new Map(problems.map((problem) => [problem.id, problem])),
    teams: new Map(teams.map((team) => [team.id, team])),
    awards: awardsByTeam(awards),
    firstSolvers: firstSolvers(awards),
    byLabel: new Map(problems.map((problem) => [problem.label, problem])),
    hasTeams: files.teams !== undefined,
  };
  const unknownTeams: string[] = [];
  const shown = scoreboard.rows.flatMap((row, index) => {
    const team = teamOf(context, row, index);
    if (team === undefined) unknownTeams.push(row.team_id ?? row.team ?? "");
    return team === undefined || team.hidden ? [] : [{ row, team, index }];
  });
  const rows = shown.map(({ row, team, index }) => toRow(context, row, team, index));
  return {
    scoring: context.scoring,
    problems: problems.map(toProblem),
    rows,
    warnings: [
      ...(context.hasTeams ? [] : [{ text: standingsText("tools.standings.warning.teamIdsAsNames") }]),
      ...(files.problems === undefined
        ? [{ text: standingsText("tools.standings.warning.problemsFromScoreboard") }]
        : []),
      ...hiddenWarnings(scoreboard.rows.length - shown.length - unknownTeams.length),
      ...unknownTeamWarnings(unknownTeams),
      ...pendingWarnings(shown.map(({ row }) => row)),
      ...(context.hasTeams ? unknownAwardTeams(awards, context.teams) : []),
      ...rankWarnings(context.scoring, rows),
    ],
    contestName: files.contest === undefined ? null : contestName(files.contest),
  };
}

/** A cell's problem as the scoreboard names it: by id, else (2018-era DOMjudge) by label. */
const cellProblemKey = (cell: ClicsCell): string => cell.problem_id ?? cell.label ?? "";

/**
 * A results upload has no problems.json: its problems are those the scoreboard's cells name, in
 * the order they first appear, labelled as the cells label them (their ids otherwise).
 */
function problemsOfScoreboard(rows: ClicsRow[]): ClicsProblem[] {
  const problems = new Map<string, ClicsProblem>();
  for (const row of rows) {
    for (const cell of row.problems ?? []) {
      const id = cellProblemKey(cell);
      if (!problems.has(id)) problems.set(id, { id, label: cell.label ?? id, name: null, ordinal: null });
    }
  }
  return [...problems.values()];
}

/** By `ordinal` when the file gives one; problems without keep the file's order, after the others. */
function orderedProblems(problems: ClicsProblem[]): ClicsProblem[] {
  const seen = new Set<string>();
  problems.forEach((problem, index) => {
    if (seen.has(problem.label)) {
      throw new StandingsFormatError(
        standingsText("tools.standings.error.labelTwice", { label: problem.label }),
        `problems.json: [${index}].label`,
      );
    }
    seen.add(problem.label);
  });
  return [...problems].sort((a, b) => (a.ordinal ?? Infinity) - (b.ordinal ?? Infinity));
}

function toProblem(problem: ClicsProblem): StandingsProblem {
  return { label: problem.label, name: problem.name?.trim() || problem.label };
}

/**
 * The row's team; undefined for an account teams.json doesn't have (DOMjudge's scoreboard may
 * rank its `guest` or `print` users, which the team export leaves out): its row is left out.
 */
function teamOf(context: Context, row: ClicsRow, index: number): ClicsTeam | undefined {
  const teamId = row.team_id ?? row.team;
  if (teamId === undefined)
    throw new StandingsFormatError(
      standingsText("tools.standings.error.required"),
      `scoreboard.json: rows[${index}].team_id`,
    );
  if (!context.hasTeams) return { id: teamId, name: teamId };
  return context.teams.get(teamId);
}

function unknownTeamWarnings(teamIds: string[]): ImportWarning[] {
  if (teamIds.length === 0) return [];
  const text = standingsText("tools.standings.warning.unknownTeams", {
    count: teamIds.length,
    teams: teamIds.join(", "),
  });
  return [{ text, where: "scoreboard.json" }];
}

function toRow(context: Context, row: ClicsRow, team: ClicsTeam, index: number): StandingsRow {
  const cells: Record<string, StandingsCell> = {};
  (row.problems ?? []).forEach((cell, cellIndex) => {
    const where = `scoreboard.json: rows[${index}].problems[${cellIndex}]`;
    const key = cellProblemKey(cell);
    const problem = cell.problem_id === undefined ? context.byLabel.get(key) : context.problems.get(key);
    if (!problem) {
      throw new StandingsFormatError(
        standingsText("tools.standings.error.unknownProblem", { problem: key }),
        `${where}.${cell.problem_id === undefined ? "label" : "problem_id"}`,
      );
    }
    const converted = toCell(context, cell, problem, team, where);
    if (converted) cells[problem.label] = converted;
  });
  const score = context.scoring === "score";
  return {
    name: team.display_name?.trim() || team.name,
    members: [],
    teamIds: [team.id],
    rank: row.rank,
    // DOMjudge's non-strict scoreboard may leave num_solved out: its cells say it.
    solved: row.score.num_solved ?? Object.values(cells).filter((cell) => cell.solved).length,
    penalty: score ? null : required(row.score.total_time, `scoreboard.json: rows[${index}].score.total_time`),
    score: score ? required(row.score.score, `scoreboard.json: rows[${index}].score.score`) : null,
    cells,
    awards: context.awards.get(team.id) ?? [],
  };
}

function required<T>(value: T | undefined, where: string): T {
  if (value === undefined) throw new StandingsFormatError(standingsText("tools.standings.error.required"), where);
  return value;
}

/** A problem not tried has no cell, as in the model; pending submissions alone are not a try yet. */
function toCell(
  context: Context,
  cell: ClicsCell,
  problem: ClicsProblem,
  team: ClicsTeam,
  where: string,
): StandingsCell | null {
  const solved = context.scoring === "score" ? solvedForScore(cell, problem) : cell.solved === true;
  if (cell.num_judged === 0 && !solved && !cell.score) return null;
  // The spec requires the time of a solve: the leaderboards show it and first solves need it.
  const minutes = solved || cell.score ? required(cell.time, `${where}.time`) : null;
  return {
    solved,
    attempts: cell.num_judged,
    minutes,
    firstToSolve:
      solved && (cell.first_to_solve === true || context.firstSolvers.get(problem.id)?.has(team.id) === true),
    score: context.scoring === "score" ? (cell.score ?? 0) : null,
  };
}

/** In a scoring contest the spec has no `solved`: full marks (the problem's `max_score`) count as solved. */
function solvedForScore(cell: ClicsCell, problem: ClicsProblem): boolean {
  if (cell.solved !== undefined) return cell.solved;
  return problem.max_score != null && cell.score !== undefined && cell.score >= problem.max_score;
}

// The spec's known award ids: `first-to-solve-<problem id>` names the first solvers when the
// scoreboard itself doesn't (only DOMjudge's non-strict scoreboard has `first_to_solve`).
function firstSolvers(awards: ClicsAward[]): Map<string, Set<string>> {
  const solvers = new Map<string, Set<string>>();
  for (const award of awards) {
    if (award.id.startsWith("first-to-solve-")) {
      solvers.set(award.id.slice("first-to-solve-".length), new Set(award.team_ids ?? []));
    }
  }
  return solvers;
}

function awardsByTeam(awards: ClicsAward[]): Map<string, string[]> {
  const byTeam = new Map<string, string[]>();
  for (const award of awards) {
    for (const teamId of award.team_ids ?? [])
      byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), award.citation || award.id]);
  }
  return byTeam;
}

function hiddenWarnings(count: number): ImportWarning[] {
  if (count === 0) return [];
  return [{ text: standingsText("tools.standings.warning.hiddenTeams", { count }), where: "teams.json" }];
}

/** A frozen or unfinished scoreboard: those submissions' results are not in the standings. */
function pendingWarnings(rows: ClicsRow[]): ImportWarning[] {
  const pending = rows.reduce(
    (sum, row) => sum + (row.problems ?? []).reduce((rowSum, cell) => rowSum + (cell.num_pending ?? 0), 0),
    0,
  );
  if (pending === 0) return [];
  return [{ text: standingsText("tools.standings.warning.pending", { pending }), where: "scoreboard.json" }];
}

function unknownAwardTeams(awards: ClicsAward[], teams: Map<string, ClicsTeam>): ImportWarning[] {
  return awards.flatMap((award, index) =>
    (award.team_ids ?? [])
      .filter((teamId) => !teams.has(teamId))
      .map((teamId) => ({
        text: standingsText("tools.standings.warning.awardTeam", { award: award.citation || award.id, team: teamId }),
        where: `awards.json: [${index}]`,
      })),
  );
}

function contestName(text: string): string | null {
  const contest = readFile("contest.json", text, contestSchema);
  return contest.formal_name?.trim() || contest.name?.trim() || null;
}

function readFile<T>(file: string, text: string, schema: z.ZodType<T>): T {
  const value = parseJsonText(text, file);
  // Counted before a row is checked or converted: a file past the limits makes none of them.
  if (file === "teams.json") checkListLength("teams", value, file);
  if (file === "problems.json") checkListLength("problems", value, file);
  // Up to 2020 a scoreboard was its rows alone.
  if (file === "scoreboard.json") checkListLength("teams", value, file);
  if (file === "scoreboard.json" && typeof value === "object" && value !== null && "rows" in value) {
    checkListLength("teams", value.rows, `${file}: rows`);
  }
  return checkJson(schema, value, { file });
}

/** Where the standings are computed from the feed: CCSs and CDSs name a package's feed in these ways. */
const EVENT_FEED_FILES = ["event-feed.ndjson", "event-feed.json", "event-feed"] as const;

const PACKAGE_FILES = [
  "scoreboard.json",
  "teams.json",
  "problems.json",
  "awards.json",
  "contest.json",
  ...EVENT_FEED_FILES,
] as const;
type PackageFile = (typeof PACKAGE_FILES)[number];

/**
 * A contest package zipped. Its files are found by name in any folder (a package may sit in a
 * folder of its own, under `api/` or `contests/<id>/`): the shallowest wins, and a shadow
 * system's copy under `other-systems/` is never read.
 */
export function parseClicsPackage(zip: Uint8Array): ImportedStandings {
  const feeds = new Map<string, EventFeedReader>();
  const found = unzipPackageFiles(zip, feeds);
  const scoreboard = packageFile(found, "scoreboard.json");
  const feed = scoreboard === undefined ? chosenFeed(feeds) : undefined;
  if (feed) return standingsFromState(feed.result(), packageFile(found, "contest.json"));
  return parseClicsFiles({
    scoreboard,
    teams: packageFile(found, "teams.json"),
    problems: packageFile(found, "problems.json"),
    awards: packageFile(found, "awards.json"),
    contest: packageFile(found, "contest.json"),
    // The scoreboard, when there is one, is the CCS's own word: the feed is read only without it.
    eventFeed:
      scoreboard === undefined
        ? EVENT_FEED_FILES.map((name) => packageFile(found, name)).find((text) => text !== undefined)
        : undefined,
  });
}

/** Folders of the path, then the file's name; zips made on Windows may separate by backslashes. */
function pathParts(path: string): string[] {
  return path.replaceAll("\\", "/").toLowerCase().split("/");
}

function packageFileName(path: string): PackageFile | undefined {
  const parts = pathParts(path);
  if (parts.includes("other-systems") || parts.includes("__macosx")) return undefined;
  return PACKAGE_FILES.find((name) => name === parts.at(-1));
}

/**
 * Only the package's JSON files are inflated, as a stream bounded by what they may hold
 * together (`STANDINGS_MAX_INFLATED_BYTES`): photos, logos and submissions are skipped unread.
 * Event feeds are read as they inflate (`feeds`, by path), never kept whole.
 */
function unzipPackageFiles(zip: Uint8Array, feeds: Map<string, EventFeedReader>): Record<string, Uint8Array> {
  const isFeed = (name: string) => (EVENT_FEED_FILES as readonly string[]).includes(packageFileName(name) ?? "");
  return unzipBounded(zip, (name) => packageFileName(name) !== undefined, STANDINGS_MAX_INFLATED_BYTES, {
    maxBytes: STANDINGS_MAX_FEED_BYTES,
    open(name) {
      if (!isFeed(name)) return undefined;
      const reader = new EventFeedReader(FEED_FILE);
      feeds.set(name, reader);
      return reader;
    },
  });
}

/** The feed read: by the names' order, the shallowest of each name, as packageFile chooses a file. */
function chosenFeed(feeds: Map<string, EventFeedReader>): EventFeedReader | undefined {
  for (const name of EVENT_FEED_FILES) {
    const paths = [...feeds.keys()].filter((path) => packageFileName(path) === name);
    const shallowest = Math.min(...paths.map((path) => pathParts(path).length));
    const chosen = paths.filter((path) => pathParts(path).length === shallowest);
    if (chosen.length > 1) {
      throw new StandingsFormatError(
        standingsText("tools.standings.error.severalFiles", { name, paths: chosen.join(", ") }),
      );
    }
    const path = chosen[0];
    if (path !== undefined) return feeds.get(path);
  }
  return undefined;
}

function packageFile(found: Record<string, Uint8Array>, name: PackageFile): string | undefined {
  const paths = Object.keys(found).filter((path) => packageFileName(path) === name);
  const depth = (path: string) => pathParts(path).length;
  const shallowest = Math.min(...paths.map(depth));
  const chosen = paths.filter((path) => depth(path) === shallowest);
  if (chosen.length > 1) {
    throw new StandingsFormatError(
      standingsText("tools.standings.error.severalFiles", { name, paths: chosen.join(", ") }),
    );
  }
  const path = chosen[0];
  return path === undefined ? undefined : new TextDecoder().decode(found[path]);
}

const FEED_FILE = "event-feed.ndjson";

/** Standings computed from a package's event feed, as the CCS that wrote it computed them. */
function standingsFromFeed(feed: string, contest: string | undefined): ImportedStandings {
  const { events, unreadableLines } = readFeed(feed);
  return standingsFromState({ state: stateOfFeed(events), unreadableLines }, contest);
}

/**
 * Standings from the contest's state after its feed (read whole, or line by line as it inflated;
 * or followed live, `final` once its reveal has shown every outcome).
 */
export function standingsFromState(
  { state, unreadableLines }: { state: ContestState; unreadableLines: number[] },
  contest: string | undefined,
  { final = false }: { final?: boolean } = {},
): ImportedStandings {
  if (state.problems.size === 0) {
    throw new StandingsFormatError(standingsText("tools.standings.error.feedNoProblems"), FEED_FILE);
  }
  // Finalized results are final: the club publishes them, as the contest's own results would
  // say once thawed (PC^2 finalizes and never thaws its feed). Until then, the freeze holds.
  const board = computeScoreboard(state, { revealFrozen: final || Boolean(state.state.finalized) });
  refuseEmpty(board.rows);
  return {
    scoring: "icpc",
    problems: board.problems.map((problem) => ({ label: problem.label, name: problem.name })),
    rows: feedRows(state, board),
    warnings: feedWarnings(state, board, unreadableLines),
    contestName: contest === undefined ? state.name : contestName(contest),
  };
}

function readFeed(feed: string): ReturnType<typeof parseEventFeed> {
  try {
    return parseEventFeed(feed);
  } catch (error) {
    // Only a feed written as one JSON array is parsed whole: its error is the file's.
    parseJsonText(feed, FEED_FILE);
    throw error;
  }
}

function feedRows(state: ContestState, board: Scoreboard): StandingsRow[] {
  const labels = new Map(board.problems.map((problem) => [problem.id, problem.label]));
  const citations = new Map<string, string[]>();
  for (const award of state.awards.values()) {
    for (const teamId of award.teamIds) citations.set(teamId, [...(citations.get(teamId) ?? []), award.citation]);
  }
  return board.rows.map((row) => {
    const team = state.teams.get(row.teamId);
    const cells: Record<string, StandingsCell> = {};
    for (const [problemId, cell] of row.cells) {
      // Pending submissions alone are not a try yet, as in a scoreboard.json.
      if (cell.attempts === 0 && !cell.solved) continue;
      cells[labels.get(problemId) ?? problemId] = {
        solved: cell.solved,
        attempts: cell.attempts,
        minutes: cell.minutes,
        firstToSolve: cell.firstToSolve,
        score: null,
      };
    }
    return {
      name: team?.displayName || team?.name || row.teamId,
      members: [],
      teamIds: [row.teamId],
      rank: row.rank,
      solved: row.solved,
      penalty: row.penalty,
      score: null,
      cells,
      awards: citations.get(row.teamId) ?? [],
    };
  });
}

function feedWarnings(state: ContestState, board: Scoreboard, unreadableLines: number[]): ImportWarning[] {
  const warnings: ImportWarning[] = [
    { text: standingsText("tools.standings.warning.fromFeed", { penalty: state.penaltyMinutes }) },
  ];
  if (board.hiddenByFreeze > 0) {
    warnings.push({ text: standingsText("tools.standings.warning.frozenFeed", { count: board.hiddenByFreeze }) });
  }
  if (board.unjudged > 0) {
    warnings.push({ text: standingsText("tools.standings.warning.pending", { pending: board.unjudged }) });
  }
  if (board.outsideContest > 0) {
    warnings.push({ text: standingsText("tools.standings.warning.outsideContest", { count: board.outsideContest }) });
  }
  const [firstUnreadable] = unreadableLines;
  if (firstUnreadable !== undefined) {
    warnings.push({
      text: standingsText("tools.standings.warning.feedLines", {
        count: unreadableLines.length,
        line: firstUnreadable,
      }),
      where: FEED_FILE,
    });
  }
  return warnings;
}
