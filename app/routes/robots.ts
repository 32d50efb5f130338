import { appContext } from "~/core/context";
import type { Route } from "./+types/robots";

/** Public pages are open to crawlers; the dashboard, sign-in pages and the JSON API are not pages to index. */
export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /login",
    "Disallow: /register",
    "",
    `Sitemap: ${app.config.BASE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
