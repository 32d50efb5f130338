import { eventCategories, eventPagePath } from "~/content/events";
import { panelLinks } from "~/content/site";
import { appContext } from "~/core/context";
import { panelPath } from "~/features/collections/executives";
import { listPanelNames } from "~/features/collections/executives.server";
import { listNotices } from "~/features/collections/notices.server";
import { listRecentEvents } from "~/features/collections/recent-events.server";
import { listEvents } from "~/features/events/events.server";
import { listSeries } from "~/features/standings/rankings.server";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = [
  "/",
  "/about",
  "/rules",
  "/events",
  "/results",
  "/notice",
  "/teachers",
  "/students",
  "/practice",
  "/contests",
];

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Every public page: the fixed pages, event categories and events, panels, notices, recent events and rankings. */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [notices, recentEvents, panels, events, rankings] = await Promise.all([
    listNotices(app.db),
    listRecentEvents(app.db),
    listPanelNames(app.db),
    listEvents(app.db),
    listSeries(app.db),
  ]);
  const panelNames = new Set([...panelLinks.map((link) => link.panel as string), ...panels]);
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...eventCategories.map((category) => ({ path: `/events/${category.slug}` })),
    ...[...panelNames].map((panel) => ({ path: panelPath(panel) })),
    ...notices.map((notice) => ({ path: `/notice/${notice.slug}`, lastmod: notice.publishing_date })),
    ...recentEvents.map((event) => ({ path: `/details/${event._id}` })),
    ...events.map((event) => ({ path: eventPagePath(event) })),
    ...rankings.map((ranking) => ({ path: `/rankings/${ranking.slug}` })),
  ];
  const urls = entries
    .map(({ path, lastmod }: { path: string; lastmod?: string }) => {
      const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : "";
      // Sitemaps want addresses URL-escaped: a Bangla notice's slug goes out percent-encoded.
      return `  <url><loc>${escapeXml(`${app.config.BASE_URL}${encodeURI(path)}`)}</loc>${modified}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
