import { standingsCsvTemplate } from "~/domain/importers/standings-csv.server";
import { requireAdminPage } from "~/domain/session.server";
import { csvDownload } from "~/lib/csv.server";
import type { Route } from "./+types/standings-template";

/** `/dashboard/standings/template.csv`: our standings template, for a contest no judge exported. */
export function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  return csvDownload("standings-template", standingsCsvTemplate(["A", "B", "C", "D", "E"]));
}
