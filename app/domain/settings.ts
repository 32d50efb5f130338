import { useRouteLoaderData } from "react-router";
import { defaultSiteSettings, type SiteSettings } from "~/content/site";
import type { loader as rootLoader } from "~/root";

/** The club facts with the admin's overrides, as the root loader read them. */
export function useSiteSettings(): SiteSettings {
  return useRouteLoaderData<typeof rootLoader>("root")?.settings ?? defaultSiteSettings;
}
