import { requirePermissionPage } from "~/core/session.server";
import { standingsCsvTemplate } from "~/features/standings/importers/standings-csv.server";
import { csvDownload } from "~/lib/csv.server";
import type { Route } from "./+types/standings-template";

/** `/dashboard/standings/template.csv`: our standings template, for a contest no judge exported. */
export function loader({ context }: Route.LoaderArgs) {
  requirePermissionPage(context, "edit-content");
  return csvDownload("standings-template", standingsCsvTemplate(["A", "B", "C", "D", "E"]));
}
