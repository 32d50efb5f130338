import { data } from "react-router";
import { appContext } from "~/core/context";
import { findSeriesRanking } from "~/features/standings/rankings.server";
import { csvDownload, toCsv } from "~/lib/csv.server";
import type { Route } from "./+types/rankings.series-csv";

/** `/rankings/{slug}/ranking.csv`: the combined leaderboard, a column of points per contest. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const ranking = await app.contentCache.read(`ranking:${params.slug}`, () => findSeriesRanking(app.db, params.slug));
  if (!ranking) throw data(null, { status: 404 });
  // English whatever the reader's language, as the API: spreadsheets and scripts read these columns by name.
  const header = [
    "Rank",
    "Name",
    "Batch",
    "Points",
    "Contests taken part in",
    "Absences",
    ...ranking.contests.map((c) => c.name),
  ];
  const rows = ranking.standings.map((standing) => [
    String(standing.rank),
    standing.member.name,
    standing.member.batch === null ? "" : String(standing.member.batch),
    String(standing.points),
    String(standing.taken),
    String(standing.absences),
    ...standing.perContest.map((points) => (points === null ? "" : String(points))),
  ]);
  return csvDownload(`ranking-${ranking.slug}`, toCsv(header, rows));
}
