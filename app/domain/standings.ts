/**
 * Contest standings: what every importer turns a judge's file into, and what the leaderboards
 * show. Browser-safe (types and texts only).
 */

/** How a contest ranks: ICPC (solved, then penalty minutes) or by total score (Codeforces, IOI). */
export type Scoring = "icpc" | "score";

export const STANDINGS_FORMATS = [
  "clics",
  "domjudge-results",
  "icpc-scoreboard",
  "codeforces",
  "vjudge",
  "csv",
] as const;

export type StandingsFormat = (typeof STANDINGS_FORMATS)[number];

export interface StandingsProblem {
  /** "A", "B"… as the contest names them. */
  label: string;
  /** The problem's title; the label again when the file has none. */
  name: string;
}

/** One participant's result on one problem. */
export interface StandingsCell {
  solved: boolean;
  /** Submissions judged, the accepted one included (0: not tried). */
  attempts: number;
  /** Minutes from the contest's start to the accepted submission (whole minutes, as ICPC counts). */
  minutes: number | null;
  firstToSolve: boolean;
  /** Points on this problem, in a score-based contest. */
  score: number | null;
}

/** A person of a participant, as the file names them; matched to member profiles when saved. */
export interface StandingsMember {
  name: string;
  /** A judge handle (Codeforces, vjudge…), when the file has one. */
  handle: string | null;
  email: string | null;
}

export interface StandingsRow {
  /** A team's name, or the person's name (or handle). */
  name: string;
  members: StandingsMember[];
  /** 1 for the first; ties share a rank. Null for someone the file lists without a rank (unofficial). */
  rank: number | null;
  solved: number;
  /** ICPC: total penalty minutes; null in a score-based contest. */
  penalty: number | null;
  /** Score-based contests: the total; null in ICPC. */
  score: number | null;
  /** Problem label → cell; a problem not tried has no cell. */
  cells: Record<string, StandingsCell>;
  /** Medals and other awards ("Gold medal", "Champion"). */
  awards: string[];
}

/** Something in the file worth a look before saving, with where it is when known. */
export interface StandingsWarning {
  message: string;
  /** "line 12", "teams.json: team 7", "rows[3]"… */
  where?: string;
}

/** What an importer gives: the standings, ready to preview and save. */
export interface ImportedStandings {
  scoring: Scoring;
  problems: StandingsProblem[];
  rows: StandingsRow[];
  warnings: StandingsWarning[];
  /** The contest's own name in the file, when it has one (the form may override it). */
  contestName: string | null;
}

/** An importer refuses a file it can't read: a message naming the line or the field. */
export class StandingsFormatError extends Error {
  constructor(
    message: string,
    readonly where?: string,
  ) {
    super(where ? `${where}: ${message}` : message);
    this.name = "StandingsFormatError";
  }
}

export const STANDINGS_FORMAT_LABELS: Record<StandingsFormat, string> = {
  clics: "CLICS contest package (.zip)",
  "domjudge-results": "DOMjudge results.tsv",
  "icpc-scoreboard": "ICPC scoreboard.tsv",
  codeforces: "Codeforces standings (.json)",
  vjudge: "vjudge rank (.json)",
  csv: "Our CSV template",
};

export const standingsTexts = {
  caption: "Standings: rank, team or person, problems solved, penalty or score, and each problem",
  rank: "Rank",
  who: "Team or person",
  solved: "Solved",
  penalty: "Penalty",
  score: "Score",
  notTried: (label: string) => `${label}: not tried`,
  tries: (count: number) => (count === 1 ? "1 try" : `${count} tries`),
  failed: (label: string, tries: string) => `${label}: not solved, ${tries}`,
  solvedCell: (label: string, shown: string, tries: string, first: boolean) =>
    `${label}: solved at ${shown}, ${tries}${first ? ", first to solve" : ""}`,
  leaderboards: "Leaderboards",
  participants: (count: number) => (count === 1 ? "1 participant" : `${count} participants`),
  batch: "Batch",
  everyBatch: "Every batch",
  search: "Search by name",
  show: "Show",
  noMatch: "Nobody in these standings matches.",
  theEvent: (name: string) => `The event: ${name}`,
  theResult: (name: string) => `The result: ${name}`,
  legend:
    "Green: solved (minute of the accepted submission, tries below); dark green: solved first; red: tried, not solved.",
} as const;

export const standingsAdminTexts = {
  heading: "Standings",
  intro:
    "Import a contest's standings from the judge's file: you see a preview with anything worth a look first, then publish it as a leaderboard on the Results page.",
  importHeading: "Import standings",
  format: "Format",
  file: "File",
  fileHint: "The judge's export as it is, up to 10 MB. No judge file? Fill in",
  template: "our CSV template",
  name: "Contest name (optional: the file's own name otherwise)",
  heldOn: "Date (optional)",
  replaces: "Replaces the standings of",
  newContest: "Nothing: a new contest",
  event: "Held as the event (optional)",
  result: "Belongs to the result (optional)",
  none: "None",
  preview: "Preview",
  noFile: "File: choose the judge's file to import (or, for Codeforces, give the contest's id).",
  badContestId: "Codeforces contest: a contest id is a number, e.g. 1950.",
  codeforcesFailed: "Codeforces contest: the standings could not be fetched.",
  codeforcesContest: "Or, for Codeforces: the contest's id, fetched live (no file needed)",
  tooLarge: "File: the file is over 10 MB.",
  listHeading: "Contests",
  empty: "No standings imported yet.",
  previewStatus: "Preview",
  publishedStatus: "Published",
  previewHeading: (name: string) => `Preview: ${name}`,
  warnings: "Worth a look before publishing",
  noWarnings: "Nothing looks wrong.",
  publish: "Publish",
  discard: "Discard",
  publishQuestion: {
    title: "Publish these standings?",
    description: "They show on the Results page as a leaderboard; a contest they replace loses its old standings.",
  },
  discardQuestion: { title: "Discard this preview?", description: "The file and its standings are deleted." },
  published: "Published.",
  discarded: "The preview is discarded.",
  gone: "This preview is gone: it was published or discarded already.",
  publicPage: "Open the leaderboard",
  matched: (count: number, total: number) => `${count} of ${total} lines matched to member profiles.`,
  source: (name: string) => `File: ${name}`,
} as const;
