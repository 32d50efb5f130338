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
} from "../standings";
import { rankWarnings } from "../standings-ranking";
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
  }),
  rank: z.number().int().nonnegative(),
  points: z.number(),
  penalty: z.number().int().nonnegative(),
  problemResults: z.array(problemResultSchema),
});

const resultSchema = z.object({
  contest: z.object({ name: z.string(), type: z.enum(["CF", "IOI", "ICPC"]) }),
  problems: z.array(z.object({ index: z.string(), name: z.string() })),
  rows: z.array(rowSchema),
});

const responseSchema = z.object({ status: z.string(), comment: z.string().optional(), result: z.unknown().optional() });

type CodeforcesRow = z.infer<typeof rowSchema>;
type ProblemResult = z.infer<typeof problemResultSchema>;

/** A row kept for the standings, with the API's results it came from (first solves need the seconds). */
interface KeptRow {
  row: StandingsRow;
  results: ProblemResult[];
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
  const { kept, skipped } = keepContestants(scoring, labels, result.rows);
  markFirstSolves(kept, labels);
  const rows = kept.map((entry) => entry.row);
  return {
    scoring,
    problems: result.problems.map((problem) => ({ label: problem.index, name: problem.name || problem.index })),
    rows,
    warnings: [...skippedWarnings(skipped), ...preliminaryWarnings(kept), ...rankWarnings(scoring, rows)],
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

/**
 * Contestants, and those out of competition (they took part live, unranked). Practice and
 * virtual rows are results from other times, and managers ran the contest: counted, left out.
 */
function keepContestants(
  scoring: Scoring,
  labels: string[],
  rows: CodeforcesRow[],
): { kept: KeptRow[]; skipped: Map<string, number> } {
  const kept: KeptRow[] = [];
  const skipped = new Map<string, number>();
  rows.forEach((row, index) => {
    checkResultCount(row, index, labels.length);
    const type = row.party.participantType;
    if (type === "CONTESTANT" || type === "OUT_OF_COMPETITION") {
      kept.push({ row: toRow(scoring, labels, row, index), results: row.problemResults });
    } else {
      skipped.set(type, (skipped.get(type) ?? 0) + 1);
    }
  });
  return { kept, skipped };
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

function toRow(scoring: Scoring, labels: string[], row: CodeforcesRow, index: number): StandingsRow {
  const cells: Record<string, StandingsCell> = {};
  row.problemResults.forEach((result, problem) => {
    const cell = toCell(scoring, result);
    if (cell) cells[labels[problem] as string] = cell;
  });
  const handles = row.party.members.map((member) => member.handle);
  const name = row.party.teamName ?? handles.join(", ");
  if (!name) {
    throw new StandingsFormatError(standingsText("tools.standings.error.nobody"), `result.rows[${index}].party`);
  }
  const official = row.party.participantType === "CONTESTANT";
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
    awards: [],
  };
}

function toCell(scoring: Scoring, result: ProblemResult): StandingsCell | null {
  const solved = result.points > 0;
  const attempts = result.rejectedAttemptCount + (solved ? 1 : 0);
  if (attempts === 0) return null;
  const seconds = result.bestSubmissionTimeSeconds;
  return {
    solved,
    attempts,
    minutes: solved && seconds !== undefined ? Math.floor(seconds / 60) : null,
    firstToSolve: false,
    score: scoring === "score" ? result.points : null,
  };
}

/** First to solve counts among ranked rows, to the second (minutes would tie solves a few seconds apart). */
function markFirstSolves(kept: KeptRow[], labels: string[]): void {
  labels.forEach((label, problem) => {
    const times = kept.map(({ row, results }) => (row.rank === null ? undefined : solveSeconds(results[problem])));
    const first = times.reduce<number>((min, time) => Math.min(min, time ?? min), Number.POSITIVE_INFINITY);
    times.forEach((time, index) => {
      const cell = kept[index]?.row.cells[label];
      if (cell && time === first) cell.firstToSolve = true;
    });
  });
}

function solveSeconds(result: ProblemResult | undefined): number | undefined {
  return result && result.points > 0 ? result.bestSubmissionTimeSeconds : undefined;
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
