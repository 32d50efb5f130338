import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/session.server";
import { getSiteSettings, readSiteSettings, saveSiteSettings } from "~/domain/settings.server";
import { siteSettingsPatch } from "~/domain/settings-schema.server";
import { jsonError, jsonRead, parseJsonBody } from "~/lib/api.server";
import { withRelativeMediaLinks } from "~/lib/media";
import type { Route } from "./+types/settings";

/** `GET /api/settings`: every setting; all of them are shown on public pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "settings", () => readSiteSettings(app));
}

/**
 * `PUT /api/settings` (admins): the settings given replace the stored ones, each whole (a list
 * too); those left out stay as they are. Answers every setting as saved (links to uploads
 * absolute, as every read; sent back so, they are stored as the site's own).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "PUT") return jsonError(405, "Use GET or PUT.");
  const user = await requireAdmin(request, app);
  const change = await parseJsonBody(request, siteSettingsPatch);
  await saveSiteSettings(app.db, actorOf(request, user), withRelativeMediaLinks(change, app.config.BASE_URL));
  return jsonRead(app, "settings", () => getSiteSettings(app.db));
}
