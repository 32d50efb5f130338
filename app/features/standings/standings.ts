/**
 * Contest standings: what every importer turns a judge's file into, and what the leaderboards
 * show. Browser-safe; its words are catalog messages (`tools.standings.*`).
 */

import { STANDINGS_FORMATS } from "~/db/enums";
import type { MessageKey } from "~/i18n/catalogs";
import type { Message, MessageValue } from "~/i18n/message";

/** How a contest ranks: ICPC (solved, then penalty minutes) or by total score (Codeforces, IOI). */
export type Scoring = "icpc" | "score";

export { STANDINGS_FORMATS };

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
  /**
   * The team's ids in the judge's files (CLICS team id, results.tsv's team id), when it has
   * any: a team the club's DOMjudge export made is linked back to its members by them.
   */
  teamIds?: string[];
}

/**
 * A text of an import for the admin, kept as a catalog message and its values: the dashboard says
 * it in the reader's language (whoever opens a saved preview later), the API in English. A value
 * is shown as it is (a name, a path in the file) or is a text in turn. `{ english }` is a text
 * from elsewhere (a library's, a judge's): said as it is.
 */
export type StandingsText = { key: MessageKey; values?: Record<string, StandingsValue> } | { english: string };

type StandingsValue = Exclude<MessageValue, Message> | StandingsText;

/** Where in the file: a place the catalogs word ("line 12"), or a path in it as it is ("scoreboard.json: rows[3]"). */
export type StandingsPlace = StandingsText | string;

/** Something in the file worth a look before saving, with where it is when known. */
export interface ImportWarning {
  text: StandingsText;
  where?: StandingsPlace;
}

/** A warning as saved with a preview; imports saved before warnings were catalog messages kept their English. */
export type StandingsWarning = ImportWarning | { message: string; where?: string };

/** A catalog message with its values, as importers word what they found. */
export const standingsText = (key: MessageKey, values?: Record<string, StandingsValue>): StandingsText =>
  values ? { key, values } : { key };

/** Texts one after another, separated as the language separates a list ("2 practice, 1 virtual"). */
export function listOf(items: readonly StandingsText[]): StandingsText {
  const [first, ...rest] = items;
  if (!first) return { english: "" };
  return rest.length === 0 ? first : standingsText("tools.standings.listMore", { first, rest: listOf(rest) });
}

/** What an importer gives: the standings, ready to preview and save. */
export interface ImportedStandings {
  scoring: Scoring;
  problems: StandingsProblem[];
  rows: StandingsRow[];
  warnings: ImportWarning[];
  /** The contest's own name in the file, when it has one (the form may override it). */
  contestName: string | null;
}

/** An importer refuses a file it can't read: a message naming the line or the field. */
/** A text as a log shows it (its key and values): the screens and the API say it in words. */
export function developerMessageOf(text: StandingsText): string {
  return "key" in text ? `${text.key} ${JSON.stringify(text.values ?? {})}` : text.english;
}

export class StandingsFormatError extends Error {
  constructor(
    readonly text: StandingsText,
    readonly where?: StandingsPlace,
  ) {
    super(developerMessageOf(text));
    this.name = "StandingsFormatError";
  }

  /** The refusal with its place first ("line 3: …"), as the admin reads it. */
  get placed(): StandingsText {
    return this.where === undefined
      ? this.text
      : standingsText("tools.standings.at", { where: this.where, message: this.text });
  }
}
