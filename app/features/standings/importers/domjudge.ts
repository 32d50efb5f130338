import {
  type ImportedStandings,
  type ImportWarning,
  type StandingsCell,
  StandingsFormatError,
  type StandingsRow,
  type StandingsText,
  standingsText,
} from "~/features/standings/standings";
import { rankWarnings, refuseEmpty } from "~/features/standings/standings-ranking";
import { checkCellCount, checkCount, checkLineLengths } from "./standings-limits";

/**
 * The tab-separated result files of DOMjudge and the legacy ICPC CCS requirements: a version line
 * (`results\t1`, `scoreboard\t1`), then one line per team. Fields escape `\`, tab and line breaks
 * with a backslash, as DOMjudge writes them (`Utils::toTsvField`).
 */

/** results.tsv: a line per team; the rank is empty for a team without one ("Honorable"). */
const RESULTS_COLUMNS = [
  "team id",
  "rank",
  "award",
  "num solved",
  "total time",
  "time of last submission",
  "group winner",
];

/** scoreboard.tsv: these, then two columns per problem: submissions, and minute solved (-1: not solved). */
const SCOREBOARD_COLUMNS = [
  "institution name",
  "external id",
  "rank",
  "num solved",
  "total time",
  "time of last accepted submission",
];

// Awards that say only what the rank already says: every ranked team is "Ranked", every team
// without a rank "Honorable". As badges they would mark most rows and tell nothing.
const IMPLIED_AWARDS = new Set(["Ranked", "Honorable"]);

interface TsvLine {
  /** The line in the file, 1 for the version line. */
  number: number;
  fields: string[];
}

const TSV_ESCAPES: Record<string, string> = { "\\": "\\", t: "\t", n: "\n", r: "\r" };

function unescapeTsv(field: string): string {
  return field.replace(/\\([\\tnr])/g, (_, code: string) => TSV_ESCAPES[code] ?? code);
}

/** The data lines after checking the version line; empty lines at the end are a file's last newline. */
function tsvLines(text: string, label: string): TsvLine[] {
  checkLineLengths(text);
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
  if (lines[0] !== `${label}\t1`) {
    throw new StandingsFormatError(standingsText("tools.standings.error.versionLine", { label }), lineAt(1));
  }
  refuseEmpty(lines.slice(1));
  checkCount("teams", lines.length - 1);
  checkCellCount(text, "\t", lines.length);
  return lines.slice(1).map((line, index) => ({ number: index + 2, fields: line.split("\t").map(unescapeTsv) }));
}

const lineAt = (line: number) => standingsText("tools.standings.where.line", { line });

/**
 * Reads one line's fields by column, errors naming the line, the column and what it holds.
 * `optionalLast`: the last column may be left off (results.tsv's group winner, when empty).
 */
function fieldReader(line: TsvLine, columns: readonly string[], optionalLast = false) {
  const fits = line.fields.length === columns.length || (optionalLast && line.fields.length === columns.length - 1);
  if (!fits) {
    throw new StandingsFormatError(
      standingsText("tools.standings.error.tsvColumns", { found: line.fields.length, expected: columns.length }),
      lineAt(line.number),
    );
  }
  const where = (index: number) =>
    standingsText("tools.standings.where.tsvField", {
      line: line.number,
      column: index + 1,
      title: columns[index] ?? "",
    });
  return {
    text: (index: number) => line.fields[index] ?? "",
    integer(index: number, min: number): number {
      const text = line.fields[index] ?? "";
      if (!/^-?\d+$/.test(text) || Number(text) < min) {
        throw new StandingsFormatError(
          standingsText("tools.standings.error.wholeNumberAtLeast", { min, found: text }),
          where(index),
        );
      }
      return Number(text);
    },
    error: (index: number, text: StandingsText) => new StandingsFormatError(text, where(index)),
  };
}

type FieldReader = ReturnType<typeof fieldReader>;

function resultsRow(line: TsvLine): StandingsRow {
  // PC^2 and the World Finals' own results write 6 fields, leaving off an empty group winner;
  // DOMjudge's reader takes both.
  const read = fieldReader(line, RESULTS_COLUMNS, true);
  const id = read.text(0);
  if (id === "") throw read.error(0, standingsText("tools.standings.error.noTeamId"));
  // Checked for a shifted column, not kept: the leaderboards break no ties by it.
  read.integer(5, -1);
  const groupWinner = read.text(6);
  const awards = [read.text(2), groupWinner && `Group winner: ${groupWinner}`];
  return {
    name: id,
    members: [],
    teamIds: [id],
    rank: read.text(1) === "" ? null : read.integer(1, 1),
    solved: read.integer(3, 0),
    penalty: read.integer(4, 0),
    score: null,
    cells: {},
    awards: awards.filter((award) => award !== "" && !IMPLIED_AWARDS.has(award)),
  };
}

/**
 * DOMjudge's results.tsv (its "results" export, the ICPC CCS final results file). It names teams
 * by id only: `teams` maps ids to names (from the judge's team list) when the admin has one.
 */
export function parseDomjudgeResults(text: string, teams?: Map<string, string>): ImportedStandings {
  const warnings: ImportWarning[] = [];
  if (!teams) warnings.push({ text: standingsText("tools.standings.warning.idsAsNames") });
  const rows = tsvLines(text, "results").map((line) => {
    const row = resultsRow(line);
    const name = teams?.get(row.name);
    if (teams && name === undefined) {
      warnings.push({
        text: standingsText("tools.standings.warning.notInTeamList", { team: row.name }),
        where: lineAt(line.number),
      });
    }
    return name === undefined ? row : { ...row, name };
  });
  return {
    scoring: "icpc",
    problems: [],
    rows,
    warnings: [...warnings, ...rankWarnings("icpc", rows)],
    contestName: null,
  };
}

/** "A"…"Z", then "AA", "AB"… as spreadsheets name columns. */
function problemLabel(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : problemLabel(Math.floor(index / 26) - 1) + letter;
}

/** The problems' labels, from the first team's line: every line must have as many columns. */
function scoreboardLabels(first: TsvLine): string[] {
  const extra = first.fields.length - SCOREBOARD_COLUMNS.length;
  if (extra < 0 || extra % 2 !== 0) {
    throw new StandingsFormatError(
      standingsText("tools.standings.error.scoreboardColumns", {
        found: first.fields.length,
        fixed: SCOREBOARD_COLUMNS.length,
      }),
      lineAt(first.number),
    );
  }
  checkCount("problems", extra / 2, lineAt(first.number));
  return Array.from({ length: extra / 2 }, (_, index) => problemLabel(index));
}

/** A problem's two columns; a problem never submitted has no cell. The rule: -1 minutes is not solved. */
function scoreboardCell(read: FieldReader, column: number): StandingsCell | null {
  const attempts = read.integer(column, 0);
  // A minute of 0 is a solve in the contest's first minute, so only -1 means "not solved".
  const minutes = read.integer(column + 1, -1);
  if (minutes === -1) {
    return attempts === 0 ? null : { solved: false, attempts, minutes: null, firstToSolve: false, score: null };
  }
  if (attempts === 0) throw read.error(column, standingsText("tools.standings.error.solvedWithoutSubmissions"));
  return { solved: true, attempts, minutes, firstToSolve: false, score: null };
}

function scoreboardRow(line: TsvLine, labels: readonly string[]): StandingsRow {
  const read = fieldReader(line, [
    ...SCOREBOARD_COLUMNS,
    ...labels.flatMap((label) => [`${label} submissions`, `${label} time`]),
  ]);
  // DOMjudge 7.x writes a team without institution or external id with both empty: it keeps its
  // line, named by it, rather than costing the whole file.
  const name = read.text(0) || read.text(1) || `Team on line ${line.number}`;
  // Checked for a shifted column, not kept: the leaderboards break no ties by it.
  read.integer(5, -1);
  const cells: Record<string, StandingsCell> = {};
  labels.forEach((label, index) => {
    const cell = scoreboardCell(read, SCOREBOARD_COLUMNS.length + 2 * index);
    if (cell) cells[label] = cell;
  });
  return {
    name,
    members: [],
    rank: read.integer(2, 1),
    solved: read.integer(3, 0),
    penalty: read.integer(4, 0),
    score: null,
    cells,
    awards: [],
  };
}

/**
 * The legacy ICPC CCS scoreboard.tsv (DOMjudge up to 7.3 exports it). It has neither problem
 * names nor team names: problems are labelled A, B… in column order, teams by institution.
 */
export function parseIcpcScoreboard(text: string): ImportedStandings {
  const lines = tsvLines(text, "scoreboard");
  const labels = scoreboardLabels(lines[0] as TsvLine);
  const rows = lines.map((line) => scoreboardRow(line, labels));
  const unnamed = lines.filter((line) => !line.fields[0] && !line.fields[1]).length;
  const warnings = [
    { text: standingsText("tools.standings.warning.institutionNames") },
    ...(unnamed > 0 ? [{ text: standingsText("tools.standings.warning.unnamedTeams", { count: unnamed }) }] : []),
    ...rankWarnings("icpc", rows),
  ];
  return {
    scoring: "icpc",
    problems: labels.map((label) => ({ label, name: label })),
    rows,
    warnings,
    contestName: null,
  };
}
