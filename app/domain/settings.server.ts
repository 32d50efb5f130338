import { defaultSiteSettings, type SiteSettings } from "~/content/site";
import type { AppContext } from "~/context";
import type { Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

/** The club facts with any stored overrides applied. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const settings: SiteSettings = { ...defaultSiteSettings };
  for (const row of rows) {
    if (row.key in settings) settings[row.key as keyof SiteSettings] = row.value;
  }
  return settings;
}

/** The settings every page shows, read once per content version (a trigger bumps it on every settings write). */
export function readSiteSettings(app: Pick<AppContext, "db" | "contentCache">): Promise<SiteSettings> {
  return app.contentCache.read("site-settings", () => getSiteSettings(app.db));
}
