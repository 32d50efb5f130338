import { standingsCsvTemplate } from "~/features/standings/importers/standings-csv.server";
import { csvDownload } from "~/lib/csv.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/standings-template";

/** `/dashboard/standings/template.csv`: our standings template, for a contest no judge exported. */
export const loader = screenLoader((_args: Route.LoaderArgs) =>
  csvDownload("standings-template", standingsCsvTemplate(["A", "B", "C", "D", "E"])),
);
