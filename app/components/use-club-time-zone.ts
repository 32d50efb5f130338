import { useRouteLoaderData } from "react-router";
import { defaultSiteSettings } from "~/content/site";

/** The club's time zone from the site settings the root loader read: the clocks times are shown on. */
export function useClubTimeZone(): string {
  const root = useRouteLoaderData("root") as { settings?: { timeZone?: string } } | undefined;
  return root?.settings?.timeZone ?? defaultSiteSettings.timeZone;
}
