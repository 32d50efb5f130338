import { appContext } from "~/core/context";
import { lastDayOf } from "~/features/involvement/involvement";
import { involvementTableOf } from "~/features/involvement/involvement-screen.server";
import { csvDownload, toCsv } from "~/lib/csv.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/involvement-export";

const HEADER = [
  "Name",
  "Batch",
  "Sessions attended",
  "Events attended",
  "Contests",
  "Executive panel",
  "Events volunteered",
  "Roles held",
  "Score",
  "Term from",
  "Term to",
] as const;

/** `/dashboard/involvement.csv`: the table as the screen shows it (term, batch, sort). */
export const loader = screenLoader(async ({ context, request }: Route.LoaderArgs) => {
  const table = await involvementTableOf(context.get(appContext), new URL(request.url));
  const to = lastDayOf(table.term);
  const rows = table.rows.map((row) => [
    row.name,
    row.batch === null ? "" : String(row.batch),
    String(row.sessions),
    String(row.events),
    String(row.contests),
    row.executive ? "yes" : "no",
    String(row.volunteered),
    String(row.roles),
    String(row.score),
    table.term.from,
    to,
  ]);
  return csvDownload(`involvement-${table.term.from}`, toCsv(HEADER, rows));
});
