import { appContext } from "~/context";
import { SEARCH_PAGE_SIZE } from "~/domain/search";
import { searchSite } from "~/domain/search.server";
import { searchRequestOf, toSearchAnswer } from "~/domain/search-api.server";
import { invalidInput, jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/search";

/** `GET /api/search?q=&page=`: what `/search` finds, as JSON, 10 a page. */
export function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const request = searchRequestOf(url.searchParams);
  if ("error" in request) return invalidInput({ q: request.error });
  return jsonRead(app, "search results", async () =>
    toSearchAnswer(request.text, await searchSite(app.db, request), SEARCH_PAGE_SIZE, app.config.BASE_URL),
  );
}
