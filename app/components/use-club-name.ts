import { useRouteLoaderData } from "react-router";
import { defaultSiteSettings } from "~/content/site";

/** The club's name from the site settings the root loader read, for texts that name the club. */
export function useClubName(): string {
  const root = useRouteLoaderData("root") as { settings?: { clubName?: string } } | undefined;
  return root?.settings?.clubName ?? defaultSiteSettings.clubName;
}
