import { appContext } from "~/core/context";
import { sharedTextResponse } from "~/lib/shared-response.server";
import { CALENDAR_CONTENT_TYPE, FEED_MAX_AGE_SECONDS, readEventCalendar } from "~/wiring/feeds.server";
import type { Route } from "./+types/feeds.calendar";

/** The upcoming events as an iCalendar file calendar apps subscribe to: no account, any GET or HEAD. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const calendar = await readEventCalendar(context.get(appContext));
  return sharedTextResponse(request, calendar, {
    contentType: CALENDAR_CONTENT_TYPE,
    maxAgeSeconds: FEED_MAX_AGE_SECONDS,
  });
}
