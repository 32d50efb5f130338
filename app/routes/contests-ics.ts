import { appContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import { contestsCalendar, upcomingJudgeContests } from "~/features/practice/contests.server";
import { sharedTextResponse } from "~/lib/shared-response.server";
import { CALENDAR_CONTENT_TYPE, FEED_MAX_AGE_SECONDS } from "~/wiring/feeds.server";
import type { Route } from "./+types/contests-ics";

/** `/contests.ics`: the judges' upcoming contests as a calendar to subscribe to. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [site, contests] = await Promise.all([readSiteSettings(app), upcomingJudgeContests(app.db)]);
  return sharedTextResponse(request, contestsCalendar(contests, `${site.clubName}: judges' contests`), {
    contentType: CALENDAR_CONTENT_TYPE,
    maxAgeSeconds: FEED_MAX_AGE_SECONDS,
  });
}
