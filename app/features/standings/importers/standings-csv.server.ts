import {
  type ImportedStandings,
  type ImportWarning,
  type StandingsCell,
  StandingsFormatError,
  type StandingsMember,
  type StandingsRow,
  type StandingsText,
  standingsText,
} from "~/features/standings/standings";
import { rankRows, rankWarnings } from "~/features/standings/standings-ranking";
import { parseCsv, toCsv } from "~/lib/csv.server";
import { checkCellCount, checkCount, checkLineLengths, STANDINGS_MAX_TEAMS } from "./standings-limits";

/**
 * The club's own standings CSV, for contests whose judge exports nothing we read: one row per
 * participant, these columns, then two per problem: "A" (submissions, the accepted one
 * included) and "A time" (minute of the accepted one; blank: not solved). Members and Handles
 * list people separated by ";", handles in the members' order. Rank may be left blank on every
 * row to have ranks computed from Solved and Penalty (the judge's total, wrong tries included).
 */
const FIXED_COLUMNS = ["Rank", "Name", "Members", "Handles", "Solved", "Penalty"];
const [RANK, NAME, MEMBERS, HANDLES, SOLVED, PENALTY] = [0, 1, 2, 3, 4, 5] as const;
const LIST_SEPARATOR = ";";

// The example row solves the first problem on its second try at minute 15 (15 + 20 penalty
// minutes for the wrong try) and tries the second once without solving it.
const EXAMPLE_CELLS = [
  ["2", "15"],
  ["1", ""],
];

/** The header for these problems and one example row, for organizers to fill in a spreadsheet. */
export function standingsCsvTemplate(problemLabels: readonly string[]): string {
  const header = [...FIXED_COLUMNS, ...problemLabels.flatMap((label) => [label, `${label} time`])];
  const [solved, penalty] = problemLabels.length > 0 ? ["1", "35"] : ["0", "0"];
  const example = [
    "1",
    "Example Team (replace this row)",
    "Ana Rahman;Karim Uddin",
    "ana_r;karim",
    solved,
    penalty,
    ...problemLabels.flatMap((_, index) => EXAMPLE_CELLS[index] ?? ["", ""]),
  ];
  return toCsv(header, [example]);
}

interface CsvLine {
  /** The row's line in the file, counting the header as 1; blank lines before it shift this. */
  number: number;
  cells: string[];
}

const lineAt = (line: number) => standingsText("tools.standings.where.line", { line });
const headerColumn = (index: number) =>
  standingsText("tools.standings.where.lineColumn", { line: 1, column: index + 1 });

/** The problem labels from the header, after checking the fixed columns. */
function headerLabels(header: readonly string[]): string[] {
  FIXED_COLUMNS.forEach((title, index) => {
    const found = header[index] ?? "";
    if (found.toLowerCase() !== title.toLowerCase()) {
      throw new StandingsFormatError(
        standingsText("tools.standings.error.csvHeader", { title, found }),
        headerColumn(index),
      );
    }
  });
  const labels: string[] = [];
  for (let index = FIXED_COLUMNS.length; index < header.length; index += 2) {
    const label = header[index] ?? "";
    const where = headerColumn(index);
    if (label === "") throw new StandingsFormatError(standingsText("tools.standings.error.problemLabel"), where);
    if (labels.includes(label)) {
      throw new StandingsFormatError(standingsText("tools.standings.error.problemTwice", { label }), where);
    }
    if ((header[index + 1] ?? "").toLowerCase() !== `${label} time`.toLowerCase()) {
      throw new StandingsFormatError(standingsText("tools.standings.error.timeColumn", { label }), where);
    }
    labels.push(label);
  }
  return labels;
}

/** Reads one row's cells by column, errors naming the line and the column's title. */
function cellReader(line: CsvLine, header: readonly string[]) {
  if (line.cells.length !== header.length) {
    throw new StandingsFormatError(
      standingsText("tools.standings.error.csvColumns", { found: line.cells.length, expected: header.length }),
      lineAt(line.number),
    );
  }
  const where = (index: number) =>
    standingsText("tools.standings.where.csvCell", { line: line.number, title: header[index] ?? "" });
  return {
    text: (index: number) => line.cells[index] ?? "",
    integer(index: number, min: number): number {
      const text = line.cells[index] ?? "";
      if (!/^\d+$/.test(text) || Number(text) < min) {
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

type CellReader = ReturnType<typeof cellReader>;

function list(text: string): string[] {
  return text === "" ? [] : text.split(LIST_SEPARATOR).map((item) => item.trim());
}

function members(read: CellReader): StandingsMember[] {
  const names = list(read.text(MEMBERS));
  const handles = list(read.text(HANDLES));
  if (names.includes("")) {
    throw read.error(MEMBERS, standingsText("tools.standings.error.emptyMember", { separator: LIST_SEPARATOR }));
  }
  if (handles.length > 0 && handles.length !== names.length) {
    throw read.error(
      HANDLES,
      standingsText("tools.standings.error.handleCount", { handles: handles.length, members: names.length }),
    );
  }
  return names.map((name, index) => ({ name, handle: handles[index] || null, email: null }));
}

/** A problem's two cells; both blank (or 0 submissions) is a problem not tried: no cell. */
function problemCell(read: CellReader, column: number): StandingsCell | null {
  const attempts = read.text(column) === "" ? 0 : read.integer(column, 0);
  if (read.text(column + 1) === "") {
    return attempts === 0 ? null : { solved: false, attempts, minutes: null, firstToSolve: false, score: null };
  }
  const minutes = read.integer(column + 1, 0);
  if (attempts === 0) throw read.error(column, standingsText("tools.standings.error.solvedNeedsSubmissions"));
  return { solved: true, attempts, minutes, firstToSolve: false, score: null };
}

function standingsRow(line: CsvLine, header: readonly string[], labels: readonly string[]): StandingsRow {
  const read = cellReader(line, header);
  const name = read.text(NAME);
  if (name === "") throw read.error(NAME, standingsText("tools.standings.error.noName"));
  const cells: Record<string, StandingsCell> = {};
  labels.forEach((label, index) => {
    const cell = problemCell(read, FIXED_COLUMNS.length + 2 * index);
    if (cell) cells[label] = cell;
  });
  return {
    name,
    members: members(read),
    rank: read.text(RANK) === "" ? null : read.integer(RANK, 1),
    solved: read.integer(SOLVED, 0),
    penalty: read.integer(PENALTY, 0),
    score: null,
    cells,
    awards: [],
  };
}

// Solved is typed by hand beside the problem columns: a difference is a typo in one of them.
function solvedWarning(row: StandingsRow, line: CsvLine, labels: readonly string[]): ImportWarning[] {
  const counted = Object.values(row.cells).filter((cell) => cell.solved).length;
  if (labels.length === 0 || counted === row.solved) return [];
  return [
    {
      text: standingsText("tools.standings.warning.solvedMismatch", { name: row.name, solved: row.solved, counted }),
      where: lineAt(line.number),
    },
  ];
}

function rankedRows(rows: StandingsRow[]): { rows: StandingsRow[]; warnings: ImportWarning[] } {
  const unranked = rows.filter((row) => row.rank === null).length;
  if (unranked === rows.length) return { rows: rankRows("icpc", rows), warnings: [] };
  const warnings = rankWarnings("icpc", rows);
  if (unranked > 0) {
    warnings.unshift({ text: standingsText("tools.standings.warning.someUnranked", { unranked, total: rows.length }) });
  }
  return { rows, warnings };
}

/** Standings from the club's CSV template (see `standingsCsvTemplate`), ICPC-scored. */
export function parseStandingsCsv(text: string): ImportedStandings {
  checkLineLengths(text);
  // What the reader makes of the lines it reads (it stops one row past the limit) is bounded first.
  checkCellCount(text, ",", STANDINGS_MAX_TEAMS + 2);
  const parsed = parseCsv(text, STANDINGS_MAX_TEAMS);
  if (!parsed.ok) throw new StandingsFormatError(parsed.message);
  checkCount("teams", parsed.rows.length);
  checkCount("problems", Math.floor((parsed.header.length - FIXED_COLUMNS.length) / 2), lineAt(1));
  const labels = headerLabels(parsed.header);
  // Spreadsheets save rows of empty cells below the data; they are no one.
  const lines = parsed.rows
    .map((cells, index) => ({ number: index + 2, cells }))
    .filter((line) => line.cells.some((cell) => cell !== ""));
  if (lines.length === 0) throw new StandingsFormatError(standingsText("tools.standings.error.noRows"));
  const rows = lines.map((line) => standingsRow(line, parsed.header, labels));
  const solvedWarnings = lines.flatMap((line, index) => solvedWarning(rows[index] as StandingsRow, line, labels));
  const ranked = rankedRows(rows);
  return {
    scoring: "icpc",
    problems: labels.map((label) => ({ label, name: label })),
    rows: ranked.rows,
    warnings: [...solvedWarnings, ...ranked.warnings],
    contestName: null,
  };
}
