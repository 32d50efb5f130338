import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { defaultSiteSettings, type SiteFrame } from "~/content/site";
import type { AppContext } from "~/core/context";
import type { Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { renderMarkdown } from "~/lib/markdown.server";
import { type Actor, recordAudit } from "./audit.server";
import { defaultSettings, type SiteSettingKey, type SiteSettings, siteSettingsSchema } from "./settings-schema.server";

export type { SiteSettings };

/**
 * Settings live in `site_settings`, one row per setting an admin changed (key = the setting's
 * name): text as it is, lists as JSON. A setting without a row is its default, so a new
 * release's defaults reach every setting nobody changed.
 */
const shape: Record<string, z.ZodType> = siteSettingsSchema.shape;

function decode(key: string, stored: string): unknown {
  if (!(shape[key] instanceof z.ZodArray)) return stored;
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

const encode = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The settings with every stored change applied; a row that is no longer valid (or no setting) counts as absent. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(siteSettings);
  const settings: Record<string, unknown> = { ...defaultSettings };
  for (const row of rows) {
    const parsed = shape[row.key]?.safeParse(decode(row.key, row.value));
    if (parsed?.success) settings[row.key] = parsed.data;
  }
  return settings as SiteSettings;
}

/** The settings, read once per settings version (a trigger bumps it on every settings write). */
export function readSiteSettings(app: Pick<AppContext, "db" | "settingsCache">): Promise<SiteSettings> {
  return app.settingsCache.read("site-settings", () => getSiteSettings(app.db));
}

/** The club's time zone (a setting): the clocks its event times, today's date and calendars are on. */
export async function readClubTimeZone(app: Pick<AppContext, "db" | "settingsCache">): Promise<string> {
  return (await readSiteSettings(app)).timeZone;
}

/**
 * The club's time zone read straight from the database, for writes that hold only a database
 * (a store, a transaction): one row, or the default when nobody changed it.
 */
export async function clubTimeZoneIn(db: Database): Promise<string> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, "timeZone"));
  const parsed = row && shape.timeZone?.safeParse(row.value);
  return parsed?.success ? (parsed.data as string) : defaultSettings.timeZone;
}

/** What every page's header and footer need, and nothing more: it travels with every page's data. */
export function siteFrameOf(settings: SiteSettings): SiteFrame {
  const frame: Record<string, unknown> = {};
  for (const key of Object.keys(defaultSiteSettings)) frame[key] = settings[key as keyof SiteFrame];
  return frame as SiteFrame;
}

/** The long texts as HTML, rendered once per settings version. */
export interface RenderedTexts {
  intro: string;
  about: string;
  membershipRules: string;
  conductRules: string;
}

export function readRenderedTexts(app: Pick<AppContext, "db" | "settingsCache">): Promise<RenderedTexts> {
  return app.settingsCache.read("site-settings:html", async () => {
    const settings = await readSiteSettings(app);
    const [intro, about, membershipRules, conductRules] = await Promise.all([
      renderMarkdown(settings.introText),
      renderMarkdown(settings.aboutText),
      // Under the rules' own h2 headings.
      renderMarkdown(settings.membershipRules, 3),
      renderMarkdown(settings.conductRules, 3),
    ]);
    return { intro, about, membershipRules, conductRules };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the settings given (checked already), each replacing the stored one whole, and records
 * one audit entry with the changed settings only. A setting saved as its default loses its row.
 * Returns the names of the settings that changed.
 */
export async function saveSiteSettings(
  app: Pick<AppContext, "db" | "contentVersion">,
  actor: Actor,
  change: Partial<SiteSettings>,
): Promise<SiteSettingKey[]> {
  const changed = await app.db.transaction(async (tx) => {
    const current = await getSiteSettings(tx);
    const changed = (Object.keys(change) as SiteSettingKey[]).filter((key) => !same(current[key], change[key]));
    if (changed.length === 0) return [];
    const pick = (from: Partial<SiteSettings>) => Object.fromEntries(changed.map((key) => [key, from[key]]));
    const backToDefault = changed.filter((key) => same(change[key], defaultSettings[key]));
    const stored = changed.filter((key) => !backToDefault.includes(key));
    if (backToDefault.length > 0) await tx.delete(siteSettings).where(inArray(siteSettings.key, backToDefault));
    for (const key of stored) {
      const value = encode(change[key]);
      await tx
        .insert(siteSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
    }
    await recordAudit(tx, actor, {
      action: "settings-change",
      entity: "settings",
      label: "Site settings",
      before: pick(current),
      after: pick(change),
    });
    return changed;
  });
  // This process's next page and mail use what was just saved.
  if (changed.length > 0) app.contentVersion.invalidateSettings();
  return changed;
}
