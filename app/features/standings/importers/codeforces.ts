import { z } from "zod";
import {
  developerMessageOf,
  type ImportedStandings,
  type ImportWarning,
  listOf,
  type Scoring,
  type StandingsCell,
  StandingsFormatError,
  type StandingsRow,
  type StandingsText,
  standingsText,
} from "~/features/standings/standings";
import { compareRows, rankWarnings, refuseEmpty } from "~/features/standings/standings-ranking";
import { checkJson, parseJsonText } from "./json-file";
import { checkListLength } from "./standings-limits";

/**
 * Codeforces standings as the API's `contest.standings` method answers
 * (https://codeforces.com/apiHelp/methods#contest.standings; the objects at /apiHelp/objects).
 */

const API_URL = "https://codeforces.com/api";
const FETCH_TIMEOUT_MS = 15_000;

const problemResultSchema = z.object({
  points: z.number(),
  rejectedAttemptCount: z.number().int().nonnegative(),
  type: z.enum(["PRELIMINARY", "FINAL"]),
  bestSubmissionTimeSeconds: z.number().nonnegative().optional(),
});

const rowSchema = z.object({
  party: z.object({
    members: z.array(z.object({ handle: z.string() })),
    // A plain string: a kind Codeforces adds later is skipped with the others, not refused.
    participantType: z.string(),
    teamName: z.string().optional(),
    // A gym's onsite teams, replayed from the contest's own results.
    ghost: z.boolean().optional(),
  }),
  rank: z.number().int().nonnegative(),
  points: z.number(),
  penalty: z.number().int().nonnegative(),
  problemResults: z.array(problemResultSchema),
});

const resultSchema = z.object({
  contest: z.object({ name: z.string(), type: z.enum(["CF", "IOI", "ICPC"]) }),
  // `points`: a problem's full marks in a scored contest, when the API gives them.
  problems: z.array(z.object({ index: z.string(), name: z.string(), points: z.number().optional() })),
  rows: z.array(rowSchema),
});

const responseSchema = z.object({ status: z.string(), comment: z.string().optional(), result: z.unknown().optional() });

type CodeforcesRow = z.infer<typeof rowSchema>;
type CodeforcesResult = z.infer<typeof resultSchema>;
type ProblemResult = z.infer<typeof problemResultSchema>;

/** A row kept for the standings, with the API's results it came from (first solves need the seconds). */
interface KeptRow {
  row: StandingsRow;
  results: ProblemResult[];
  official: boolean;
}

/** The API's answer (what `fetchCodeforcesStandings` returns, or the same JSON saved from a browser). */
export function parseCodeforcesStandings(json: string): ImportedStandings {
  const response = checkJson(responseSchema, parseJsonText(json));
  if (response.status !== "OK") {
    throw new StandingsFormatError(
      standingsText("tools.standings.error.codeforcesRefused", {
        reason: response.comment ?? standingsText("tools.standings.error.noReason"),
      }),
      "status",
    );
  }
  checkSizes(response.result);
  const result = checkJson(resultSchema, response.result, { at: ["result"] });
  const scoring: Scoring = result.contest.type === "ICPC" ? "icpc" : "score";
  const labels = result.problems.map((problem) => problem.index);
  const { kept, skipped } = keepContestants(scoring, result, labels);
  refuseEmpty(kept);
  const reranked = rerankOfficial(scoring, kept, result.rows);
  const firstRank = pageStart(result.rows);
  if (firstRank === null) markFirstSolves(kept, labels);
  const rows = kept.map((entry) => entry.row);
  const unofficial = kept.filter((entry) => !entry.official).length;
  return {
    scoring,
    problems: result.problems.map((problem) => ({ label: problem.index, name: problem.name || problem.index })),
    rows,
    warnings: [
      ...skippedWarnings(skipped),
      ...(unofficial > 0
        ? [{ text: standingsText("tools.standings.warning.unofficialRows", { count: unofficial }) }]
        : []),
      ...(reranked ? [{ text: standingsText("tools.standings.warning.rerankedOfficial") }] : []),
      ...(firstRank === null
        ? []
        : [{ text: standingsText("tools.standings.warning.pagedStandings", { first: firstRank }) }]),
      ...preliminaryWarnings(kept),
      ...(reranked ? [] : rankWarnings(scoring, rows)),
    ],
    contestName: result.contest.name || null,
  };
}

/** Counted before a row is checked or converted: a file past the limits makes none of them. */
function checkSizes(result: unknown): void {
  if (typeof result !== "object" || result === null) return;
  if ("rows" in result) checkListLength("teams", result.rows, "result.rows");
  if ("problems" in result) checkListLength("problems", result.problems, "result.problems");
}

/** Codeforces could not be asked, or did not answer with the standings: the text says which. */
export class CodeforcesFetchError extends Error {
  constructor(
    readonly text: StandingsText,
    options?: ErrorOptions,
  ) {
    super(developerMessageOf(text), options);
    this.name = "CodeforcesFetchError";
  }
}

/**
 * The standings of a contest from the API: official contestants only (`showUnofficial=false`),
 * as the text `parseCodeforcesStandings` reads. `fetchImpl` and `apiUrl` are for tests.
 */
export async function fetchCodeforcesStandings(
  contestId: number,
  fetchImpl: typeof fetch = fetch,
  apiUrl = API_URL,
): Promise<string> {
  if (!Number.isSafeInteger(contestId) || contestId <= 0) {
    throw new RangeError(`A Codeforces contest id is a positive whole number, not ${contestId}`);
  }
  const url = `${apiUrl}/contest.standings?contestId=${contestId}&showUnofficial=false`;
  let response: Response;
  let body: string;
  try {
    // The time limit covers reading the body too: a stalled transfer fails like no answer.
    response = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    body = await response.text();
  } catch (error) {
    throw new CodeforcesFetchError(unreachableText(error), { cause: error });
  }
  if (!response.ok) {
    const comment = failedComment(body);
    throw new CodeforcesFetchError(
      comment
        ? standingsText("tools.standings.error.codeforcesHttpComment", { status: response.status, comment })
        : standingsText("tools.standings.error.codeforcesHttp", { status: response.status }),
    );
  }
  return body;
}

function unreachableText(error: unknown): StandingsText {
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return standingsText("tools.standings.error.codeforcesSilent", { seconds: FETCH_TIMEOUT_MS / 1000 });
  }
  return standingsText("tools.standings.error.codeforcesUnreachable", {
    reason: error instanceof Error ? error.message : String(error),
  });
}

/** Codeforces explains a refused request (an unknown contest, too many calls) in a FAILED answer's comment. */
function failedComment(body: string): string | undefined {
  try {
    const parsed = responseSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.comment : undefined;
  } catch {
    return undefined;
  }
}

/** How a row takes part: ranked, listed unranked (marked), or left out. */
type Participation = "official" | "unofficial" | "left out";

/** The mark of a row listed without a rank. */
const UNOFFICIAL_MARKS: Record<string, string> = {
  VIRTUAL: "Virtual participant",
  OUT_OF_COMPETITION: "Out of competition",
};

function participationOf(party: CodeforcesRow["party"]): Participation {
  // A gym lists its onsite teams as ghosts: they are the contest's own results, whatever kind the API gives them.
  if (party.ghost === true || party.participantType === "CONTESTANT") return "official";
  return party.participantType in UNOFFICIAL_MARKS ? "unofficial" : "left out";
}

/**
 * Contestants (a gym's ghosts too) are ranked; virtual participants and those out of competition
 * are listed unranked, marked. Practice rows are results from other times, and managers ran the
 * contest: counted, left out.
 */
function keepContestants(
  scoring: Scoring,
  result: CodeforcesResult,
  labels: string[],
): { kept: KeptRow[]; skipped: Map<string, number> } {
  const kept: KeptRow[] = [];
  const skipped = new Map<string, number>();
  const fullMarks = result.contest.type === "IOI" ? result.problems.map((problem) => problem.points) : null;
  result.rows.forEach((row, index) => {
    checkResultCount(row, index, labels.length);
    const participation = participationOf(row.party);
    if (participation === "left out") {
      const type = row.party.participantType;
      skipped.set(type, (skipped.get(type) ?? 0) + 1);
      return;
    }
    kept.push({
      row: toRow(scoring, labels, row, index, fullMarks),
      results: row.problemResults,
      official: participation === "official",
    });
  });
  return { kept, skipped };
}

/**
 * Answers with the unofficial rows (`showUnofficial=true`) rank everyone together, and a gym may
 * leave its ghosts unranked: then the official rows are ranked again among themselves.
 */
function rerankOfficial(scoring: Scoring, kept: KeptRow[], rows: CodeforcesRow[]): boolean {
  const countsUnofficial = rows.some((row) => participationOf(row.party) !== "official" && row.rank > 0);
  const official = kept.filter((entry) => entry.official).map((entry) => entry.row);
  if (!countsUnofficial && official.every((row) => row.rank !== null)) return false;
  const sorted = [...official].sort((a, b) => compareRows(scoring, a, b));
  sorted.forEach((row, index) => {
    const previous = sorted[index - 1];
    row.rank = previous && compareRows(scoring, previous, row) === 0 ? previous.rank : index + 1;
  });
  return true;
}

/**
 * The first rank of a file that holds one page of the standings (`from`, `count`, `handles`),
 * null for the whole contest: there, ranks go 1, 2, 3… with ties repeating one, and no gap.
 */
function pageStart(rows: CodeforcesRow[]): number | null {
  const ranked = rows.filter((row) => row.rank > 0);
  const whole = ranked.every((row, index) => row.rank === index + 1 || row.rank === ranked[index - 1]?.rank);
  return whole ? null : (ranked[0]?.rank ?? null);
}

function checkResultCount(row: CodeforcesRow, index: number, problemCount: number): void {
  if (row.problemResults.length !== problemCount) {
    throw new StandingsFormatError(
      standingsText("tools.standings.error.resultCount", {
        results: row.problemResults.length,
        problems: problemCount,
      }),
      `result.rows[${index}].problemResults`,
    );
  }
}

function toRow(
  scoring: Scoring,
  labels: string[],
  row: CodeforcesRow,
  index: number,
  fullMarks: (number | undefined)[] | null,
): StandingsRow {
  const cells: Record<string, StandingsCell> = {};
  row.problemResults.forEach((result, problem) => {
    const cell = toCell(scoring, result, fullMarks ? fullMarks[problem] : null);
    if (cell) cells[labels[problem] as string] = cell;
  });
  const handles = row.party.members.map((member) => member.handle);
  const name = row.party.teamName ?? handles.join(", ");
  if (!name) {
    throw new StandingsFormatError(standingsText("tools.standings.error.nobody"), `result.rows[${index}].party`);
  }
  const participation = participationOf(row.party);
  const official = participation === "official";
  return {
    name,
    members: handles.map((handle) => ({ name: handle, handle, email: null })),
    // Out of competition (or ranked 0): on the board, but holding no place.
    rank: official && row.rank > 0 ? row.rank : null,
    solved: Object.values(cells).filter((cell) => cell.solved).length,
    penalty: scoring === "icpc" ? row.penalty : null,
    // Hacks count in a CF round's total, so the row's points, not the sum of the cells.
    score: scoring === "score" ? row.points : null,
    cells,
    awards: official ? [] : [UNOFFICIAL_MARKS[row.party.participantType] ?? row.party.participantType],
  };
}

/**
 * Points on a problem are a solve in ICPC and CF rounds (a CF round's points fall with time); in
 * an IOI contest only full marks are (`fullMarks` undefined: the API gave none, nothing is solved).
 */
function toCell(scoring: Scoring, result: ProblemResult, fullMarks: number | undefined | null): StandingsCell | null {
  const solved = fullMarks === null ? result.points > 0 : fullMarks !== undefined && result.points >= fullMarks;
  const attempts = result.rejectedAttemptCount + (result.points > 0 ? 1 : 0);
  if (attempts === 0) return null;
  const seconds = result.bestSubmissionTimeSeconds;
  return {
    solved,
    attempts,
    // A scored problem's best submission has its time, full marks or not.
    minutes: result.points > 0 && seconds !== undefined ? Math.floor(seconds / 60) : null,
    firstToSolve: false,
    score: scoring === "score" ? result.points : null,
  };
}

/** First to solve counts among ranked rows, to the second (minutes would tie solves a few seconds apart). */
function markFirstSolves(kept: KeptRow[], labels: string[]): void {
  labels.forEach((label, problem) => {
    const times = kept.map(({ row, results }) =>
      row.rank === null ? undefined : solveSeconds(results[problem], row.cells[label]),
    );
    const first = times.reduce<number>((min, time) => Math.min(min, time ?? min), Number.POSITIVE_INFINITY);
    times.forEach((time, index) => {
      const cell = kept[index]?.row.cells[label];
      if (cell && time === first) cell.firstToSolve = true;
    });
  });
}

function solveSeconds(result: ProblemResult | undefined, cell: StandingsCell | undefined): number | undefined {
  return result && cell?.solved ? result.bestSubmissionTimeSeconds : undefined;
}

function skippedWarnings(skipped: Map<string, number>): ImportWarning[] {
  if (skipped.size === 0) return [];
  const kinds = [...skipped].map(([type, count]) =>
    standingsText("tools.standings.warning.participantKind", { count, kind: type.toLowerCase().replaceAll("_", " ") }),
  );
  return [{ text: standingsText("tools.standings.warning.notContestants", { kinds: listOf(kinds) }) }];
}

function preliminaryWarnings(kept: KeptRow[]): ImportWarning[] {
  const preliminary = kept.some(({ results }) => results.some((result) => result.type === "PRELIMINARY"));
  return preliminary ? [{ text: standingsText("tools.standings.warning.preliminary") }] : [];
}
