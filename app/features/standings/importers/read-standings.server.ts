import type { ImportedStandings, StandingsFormat } from "~/features/standings/standings";
import { parseClicsPackage } from "./clics";
import { parseCodeforcesStandings } from "./codeforces";
import { parseDomjudgeResults, parseIcpcScoreboard } from "./domjudge";
import { parseStandingsCsv } from "./standings-csv.server";
import { checkCount } from "./standings-limits";
import { parseVjudgeRank } from "./vjudge";

/** The largest standings file taken: a big contest's package of JSON is a few MB. */
export const STANDINGS_MAX_BYTES = 10 * 1024 * 1024;

const asText = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const READERS: Record<StandingsFormat, (bytes: Uint8Array) => ImportedStandings> = {
  clics: parseClicsPackage,
  "domjudge-results": (bytes) => parseDomjudgeResults(asText(bytes)),
  "icpc-scoreboard": (bytes) => parseIcpcScoreboard(asText(bytes)),
  codeforces: (bytes) => parseCodeforcesStandings(asText(bytes)),
  vjudge: (bytes) => parseVjudgeRank(asText(bytes)),
  csv: (bytes) => parseStandingsCsv(asText(bytes)),
};

/**
 * Reads a judge's file in the format the admin chose; a file it can't read throws
 * StandingsFormatError, one past the limits StandingsLimitError. Pure and synchronous: the
 * server calls it in a process of its own (`readStandingsIsolated`), tests call it directly.
 */
export function readStandingsFile(format: StandingsFormat, bytes: Uint8Array): ImportedStandings {
  const standings = READERS[format](bytes);
  // Each reader counts as it reads; this holds for any reader that does not yet.
  checkCount("teams", standings.rows.length);
  checkCount("problems", standings.problems.length);
  return standings;
}
