import { appContext } from "~/context";
import { requirePermissionPage } from "~/core/session.server";
import { readSiteSettings } from "~/core/settings.server";
import {
  clubOrganization,
  domjudgeDownload,
  domjudgeTexts,
  domjudgeZip,
  rosterEntries,
} from "~/features/events/domjudge-export.server";
import type { Route } from "./+types/domjudge-export";

/** `/dashboard/domjudge.zip`: the Students page's members as DOMjudge teams and accounts, fresh passwords each time. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePermissionPage(context, "edit-content");
  const app = context.get(appContext);
  const [entries, settings] = await Promise.all([rosterEntries(app.db), readSiteSettings(app)]);
  const zip = domjudgeZip({ entries, organization: clubOrganization(settings), title: domjudgeTexts.rosterTitle });
  return domjudgeDownload("domjudge-members", zip);
}
