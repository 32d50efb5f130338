import { findEventCategory } from "~/content/events";
import { appContext } from "~/core/context";
import { sharedTextResponse } from "~/lib/shared-response.server";
import { CALENDAR_CONTENT_TYPE, FEED_MAX_AGE_SECONDS, readEventIcs } from "~/wiring/feeds.server";
import type { Route } from "./+types/events.event-calendar";

/**
 * One event as an iCalendar file, saved and opened in a calendar app (the event page's link).
 * Not found for a draft, an unknown event and an event without a date.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const category = findEventCategory(params.category);
  const calendar = category && (await readEventIcs(context.get(appContext), category.eventType, params.slug));
  if (!calendar) return new Response("Not found", { status: 404 });
  const response = sharedTextResponse(request, calendar, {
    contentType: CALENDAR_CONTENT_TYPE,
    maxAgeSeconds: FEED_MAX_AGE_SECONDS,
  });
  response.headers.set("Content-Disposition", attachment(`${params.slug}.ics`));
  return response;
}

/** A header holds ASCII only: a Bangla slug's name goes in `filename*` (RFC 6266), a plain one beside it. */
function attachment(filename: string): string {
  if (/^[\w.-]+$/.test(filename)) return `attachment; filename="${filename}"`;
  return `attachment; filename="event.ics"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
