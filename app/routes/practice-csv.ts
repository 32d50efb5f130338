import { appContext } from "~/core/context";
import { practiceBoard } from "~/features/practice/leaderboard.server";
import { boardQuery } from "~/features/practice/practice";
import { csvDownload, toCsv } from "~/lib/csv.server";
import type { Route } from "./+types/practice-csv";

/** `/practice.csv`: the practice leaderboard of the period and batch asked for. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const query = boardQuery(url);
  const board = await app.contentCache.read(`practice:${query.period}:${query.batch ?? ""}`, () =>
    practiceBoard(app.db, query),
  );
  // English whatever the reader's language, as the API: spreadsheets and scripts read these columns by name.
  const header = ["Rank", "Name", "Batch", "Problems solved", "Difficulty-weighted score"];
  const rows = board.lines.map((line) => [
    String(line.rank),
    line.name,
    line.batch === null ? "" : String(line.batch),
    String(line.solved),
    String(line.score),
  ]);
  return csvDownload(`practice-${board.period}`, toCsv(header, rows));
}
