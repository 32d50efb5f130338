import { invalidInput, jsonRead } from "~/core/api.server";
import { failure, READ_FAILED } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { SEARCH_PAGE_SIZE } from "~/features/site/search";
import { searchSite } from "~/features/site/search.server";
import { searchAnswer, searchQueryInput, searchRequestOf, toSearchAnswer } from "~/features/site/search-api.server";

/** `GET /api/search?q=&page=`: what `/search` finds, as JSON, 10 a page. */
export const apiRoute = defineApiRoute({
  path: "/api/search",
  get: {
    tag: "Search",
    summary: "Search the site: published notices, events, results and standings, students, teachers, executives",
    description:
      "Words match whole words, their starts, or any part of three characters or more (a Bangla word's " +
      "middle, part of a handle); every word must be found. Best matches first, 10 a page; a page past " +
      "the end answers the last one. Members who hide themselves are never found, and no email is.",
    access: "public",
    query: searchQueryInput,
    answers: {
      200: { description: "One page of results", schema: searchAnswer },
      400: failure("`q` missing, too short or too long (named in `errors`)"),
      ...READ_FAILED,
    },
    handle: ({ app, url }) => {
      const request = searchRequestOf(url.searchParams);
      if ("error" in request) return invalidInput({ q: request.error });
      return jsonRead(app, "search results", async () =>
        toSearchAnswer(request.text, await searchSite(app.db, request), SEARCH_PAGE_SIZE, app.config.BASE_URL),
      );
    },
  },
});
