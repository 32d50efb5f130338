import { jsonRead } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, READ_FAILED } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { getSiteSettings, readSiteSettings, saveSiteSettings } from "~/core/settings.server";
import { siteSettingsPatch, siteSettingsSchema } from "~/core/settings-schema.server";
import { withRelativeMediaLinks } from "~/lib/media";

export const apiRoute = defineApiRoute({
  path: "/api/settings",
  /** Every setting; all of them are shown on public pages. */
  get: {
    tag: "Settings",
    summary: "The site's settings: the club's facts, contact, and the texts of the public pages",
    access: "public",
    answers: { 200: { description: "Every setting", schema: siteSettingsSchema }, ...READ_FAILED },
    handle: ({ app }) => jsonRead(app, "settings", () => readSiteSettings(app)),
  },
  /**
   * The settings given replace the stored ones, each whole (a list too); those left out stay as
   * they are. Answers every setting as saved (links to uploads absolute, as every read; sent
   * back so, they are stored as the site's own).
   */
  put: {
    tag: "Settings",
    summary: "Change settings (any of them: each one given replaces the stored one whole, a list too)",
    description:
      "Settings left out stay as they are. Long texts are Markdown (raw HTML is shown as text). " +
      "A change is on every page at once, and is recorded in the audit log.",
    access: "manage-site",
    body: siteSettingsPatch,
    answers: {
      200: { description: "Every setting, as saved", schema: siteSettingsSchema },
      ...BAD_BODY,
      ...ADMIN_ONLY,
    },
    handle: async ({ request, app, user, body }) => {
      const change = await body();
      await saveSiteSettings(app, actorOf(request, user), withRelativeMediaLinks(change, app.config.BASE_URL));
      return jsonRead(app, "settings", () => getSiteSettings(app.db));
    },
  },
});
