import { type ImportWarning, type Scoring, StandingsFormatError, type StandingsRow, standingsText } from "./standings";

/**
 * Ranking rules shared by the importers. ICPC: more problems solved first, then less penalty;
 * equal on both is a tie (the same rank, the next rank skips). Score-based: higher total first.
 */
export function compareRows(scoring: Scoring, a: StandingsRow, b: StandingsRow): number {
  if (scoring === "score") return (b.score ?? 0) - (a.score ?? 0);
  return b.solved - a.solved || (a.penalty ?? 0) - (b.penalty ?? 0);
}

/** The rows in ranking order with ranks computed (ties share one; ties keep the file's order). */
export function rankRows(scoring: Scoring, rows: readonly StandingsRow[]): StandingsRow[] {
  const sorted = [...rows].sort((a, b) => compareRows(scoring, a, b));
  let rank = 0;
  return sorted.map((row, index) => {
    const previous = sorted[index - 1];
    if (!previous || compareRows(scoring, previous, row) !== 0) rank = index + 1;
    return { ...row, rank };
  });
}

/**
 * Where a file's own ranks disagree with its results: a row ranked after a worse one, or ranks
 * going down. Warnings for the preview, never refusals: judges break ties by rules of their
 * own (the time of the last accepted submission), so equal results ranked apart are fine. Teams
 * sharing a rank listed in no order of their results (World Finals' honourable mentions, ranked
 * by solved only) are said once for the whole file: a warning per pair would bury the others.
 */
export function rankWarnings(scoring: Scoring, rows: readonly StandingsRow[]): ImportWarning[] {
  const ranked = rows.filter((row) => row.rank !== null);
  const warnings: ImportWarning[] = [];
  const sharing = new Map<number, Set<StandingsRow>>();
  const sharedPairs: ImportWarning[] = [];
  for (let i = 1; i < ranked.length; i++) {
    const [above, below] = [ranked[i - 1] as StandingsRow, ranked[i] as StandingsRow];
    const names = { below: below.name, belowRank: below.rank ?? 0, above: above.name, aboveRank: above.rank ?? 0 };
    const order = compareRows(scoring, above, below);
    if (order > 0 && names.aboveRank === names.belowRank) {
      const teams = sharing.get(names.aboveRank) ?? new Set<StandingsRow>();
      sharing.set(names.aboveRank, teams.add(above).add(below));
      sharedPairs.push({ text: standingsText("tools.standings.warning.betterBelow", names) });
    } else if (order > 0) {
      warnings.push({ text: standingsText("tools.standings.warning.betterBelow", names) });
    } else if (names.aboveRank > names.belowRank) {
      warnings.push({ text: standingsText("tools.standings.warning.rankOrder", names) });
    }
  }
  // One such pair is said as it is; more are said together.
  return [...(sharedPairs.length > 1 ? sharedRankWarnings(sharing) : sharedPairs), ...warnings];
}

function sharedRankWarnings(sharing: Map<number, Set<StandingsRow>>): ImportWarning[] {
  if (sharing.size === 0) return [];
  const count = [...sharing.values()].reduce((sum, teams) => sum + teams.size, 0);
  const ranks = [...sharing.keys()].join(", ");
  return [{ text: standingsText("tools.standings.warning.sharedRank", { count, ranks }) }];
}

/** Every format refuses a file that lists no one the same way: standings of nobody are no standings. */
export function refuseEmpty<T>(rows: readonly T[]): void {
  if (rows.length === 0) throw new StandingsFormatError(standingsText("tools.standings.error.empty"));
}
