import { clientCatalogOf } from "~/i18n/catalogs.server";
import { isLocale } from "~/i18n/locales";
import type { Route } from "./+types/i18n-catalog";

/**
 * A language's messages for the browser, under an address holding their hash: kept for a year,
 * fetched again only when a catalog changes. Any other name is a 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const [locale] = params.file.split(".", 1);
  const catalog = isLocale(locale) ? clientCatalogOf(locale) : undefined;
  if (!catalog || catalog.href !== `/i18n/${params.file}`) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(catalog.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
