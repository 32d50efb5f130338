import { StandingsFormatError, type StandingsPlace, standingsText } from "~/features/standings/standings";

/**
 * The most a standings import takes (decision 016, "Bounded imports"). Each is checked while the
 * file is read, before the objects for what lies beyond it are made: a file past one is refused
 * (413) naming the limit, never read until the server runs out of memory.
 */

/** Rows of the standings (teams or people): the largest regional contests have about 2,000. */
export const STANDINGS_MAX_TEAMS = 5_000;

/** Problems of one contest: ICPC sets have 10-15, long practice contests a few dozen. */
export const STANDINGS_MAX_PROBLEMS = 100;

/** Lines of a file read line by line (submissions of a vjudge rank, lines of a TSV or CSV besides the rows). */
export const STANDINGS_MAX_LINES = 200_000;

/**
 * Values of one JSON file (objects, lists and the items in them), counted on its text before it
 * is parsed: a World Finals scoreboard has about 15,000, a 5,000-team regional's under 800,000.
 * Parsing makes an object of each, and a file of millions of tiny ones (`[{},{},…]`) would fill
 * memory faster than the reading process can be stopped.
 */
export const STANDINGS_MAX_JSON_VALUES = 1_000_000;

/** Characters of one line of a CSV or TSV file, checked before it is split into its cells. */
export const STANDINGS_MAX_LINE_LENGTH = 64 * 1024;

/** What the JSON files read from a contest package may hold together once inflated. */
export const STANDINGS_MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/**
 * What a package's event feed may inflate to: it is read line by line as it inflates, never
 * held whole, so it may be far larger than the other files (a World Finals feed with every run).
 */
export const STANDINGS_MAX_FEED_BYTES = 256 * 1024 * 1024;

/** The old generation of the process that reads a file: a file needing more is refused, the server keeps running. */
export const STANDINGS_READER_HEAP_MB = 64;

/** The longest a file's reading may take before it is given up. */
export const STANDINGS_READ_TIMEOUT_MS = 30_000;

export type StandingsLimit =
  | "streamed"
  | "teams"
  | "problems"
  | "lines"
  | "values"
  | "lineLength"
  | "inflated"
  | "memory"
  | "time";

/** A file past one of the limits: refused as too large (413), not as unreadable. */
export class StandingsLimitError extends StandingsFormatError {
  constructor(
    readonly limit: StandingsLimit,
    where?: StandingsPlace,
  ) {
    super(limitText(limit), where);
    this.name = "StandingsLimitError";
  }
}

function limitText(limit: StandingsLimit) {
  switch (limit) {
    case "teams":
      return standingsText("tools.standings.error.limitTeams", { limit: STANDINGS_MAX_TEAMS });
    case "problems":
      return standingsText("tools.standings.error.limitProblems", { limit: STANDINGS_MAX_PROBLEMS });
    case "lines":
      return standingsText("tools.standings.error.limitLines", { limit: STANDINGS_MAX_LINES });
    case "values":
      return standingsText("tools.standings.error.limitValues", { limit: STANDINGS_MAX_JSON_VALUES });
    case "lineLength":
      return standingsText("tools.standings.error.limitLineLength", { limit: STANDINGS_MAX_LINE_LENGTH });
    case "streamed":
      return standingsText("tools.standings.error.limitFeed", { limit: STANDINGS_MAX_FEED_BYTES / (1024 * 1024) });
    case "inflated":
      return standingsText("tools.standings.error.limitInflated", {
        limit: STANDINGS_MAX_INFLATED_BYTES / (1024 * 1024),
      });
    case "memory":
      return standingsText("tools.standings.error.limitMemory", { limit: STANDINGS_READER_HEAP_MB });
    case "time":
      return standingsText("tools.standings.error.limitTime", { limit: STANDINGS_READ_TIMEOUT_MS / 1000 });
  }
}

const LIMIT_OF: Record<"teams" | "problems" | "lines", number> = {
  teams: STANDINGS_MAX_TEAMS,
  problems: STANDINGS_MAX_PROBLEMS,
  lines: STANDINGS_MAX_LINES,
};

/** Throws when `count` things of a kind pass its limit; call it with the count before making them. */
export function checkCount(limit: "teams" | "problems" | "lines", count: number, where?: StandingsPlace): void {
  if (count > LIMIT_OF[limit]) throw new StandingsLimitError(limit, where);
}

/** Throws when a JSON value is a list longer than the limit (a file's rows, before they are checked). */
export function checkListLength(limit: "teams" | "problems" | "lines", value: unknown, where?: StandingsPlace): void {
  if (Array.isArray(value)) checkCount(limit, value.length, where);
}

const COMMA = 44;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const QUOTE = 34;
const BACKSLASH = 92;

/** Throws when a JSON text holds more values than STANDINGS_MAX_JSON_VALUES: counted by its commas and openings outside strings. */
export function checkJsonValues(text: string, where?: StandingsPlace): void {
  let values = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === COMMA || code === OPEN_BRACE || code === OPEN_BRACKET) {
      values++;
      if (values > STANDINGS_MAX_JSON_VALUES) throw new StandingsLimitError("values", where);
    }
  }
}

/** Throws when a line of the text is longer than STANDINGS_MAX_LINE_LENGTH, naming it. */
export function checkLineLengths(text: string): void {
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > STANDINGS_MAX_LINE_LENGTH) {
      throw new StandingsLimitError("lineLength", standingsText("tools.standings.where.line", { line }));
    }
    if (end === -1) return;
    start = end + 1;
    line++;
  }
}

/**
 * Throws when the first `lines` lines of a CSV or TSV text hold more cells (separators) than
 * STANDINGS_MAX_JSON_VALUES: what a reader stopping after that many lines could still make.
 */
export function checkCellCount(text: string, separator: "," | "\t", lines: number): void {
  const code = separator.charCodeAt(0);
  let cells = 0;
  let line = 1;
  for (let index = 0; index < text.length && line <= lines; index++) {
    const char = text.charCodeAt(index);
    if (char === 10) line++;
    else if (char === code && ++cells > STANDINGS_MAX_JSON_VALUES) throw new StandingsLimitError("values");
  }
}
