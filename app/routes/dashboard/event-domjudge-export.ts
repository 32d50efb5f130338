import { appContext } from "~/core/context";
import { readSiteSettings } from "~/core/settings.server";
import {
  clubOrganization,
  domjudgeDownload,
  domjudgeTexts,
  domjudgeZip,
  eventTeamEntries,
} from "~/features/events/domjudge-export.server";
import { eventOfAdminScreen } from "~/features/events/events.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/event-domjudge-export";

/** `/dashboard/events/{id}/domjudge.zip`: the event's confirmed registrations as DOMjudge teams and accounts. */
export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const event = await eventOfAdminScreen(app.db, params.id);
  const [entries, settings] = await Promise.all([eventTeamEntries(app.db, event._id), readSiteSettings(app)]);
  const zip = domjudgeZip({
    entries,
    organization: clubOrganization(settings),
    title: domjudgeTexts.eventTitle(event.name),
  });
  return domjudgeDownload(`domjudge-${event.slug}`, zip);
});
