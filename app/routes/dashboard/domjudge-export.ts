import { appContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import {
  clubOrganization,
  domjudgeDownload,
  domjudgeTexts,
  domjudgeZip,
  rosterEntries,
} from "~/features/events/domjudge-export.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/domjudge-export";

/** `/dashboard/domjudge.zip`: the Students page's members as DOMjudge teams and accounts, fresh passwords each time. */
export const loader = screenLoader(async ({ context }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const [entries, settings] = await Promise.all([rosterEntries(app.db), readSiteSettings(app)]);
  const zip = domjudgeZip({ entries, organization: clubOrganization(settings), title: domjudgeTexts.rosterTitle });
  return domjudgeDownload("domjudge-members", zip);
});
