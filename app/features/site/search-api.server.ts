import { z } from "zod";
import type { Page } from "~/lib/pagination";
import { pageNumberFrom } from "~/lib/pagination";
import {
  parseSearchQuery,
  partsToHtml,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SEARCH_TYPES,
  type SearchHit,
} from "./search";
import type { SearchRequest } from "./search.server";

/** `GET /api/search`'s query, as the OpenAPI document describes it (the route reads it with `searchRequestOf`). */
export const searchQueryInput = z.object({
  q: z
    .string()
    .min(SEARCH_MIN_LENGTH)
    .max(SEARCH_MAX_LENGTH)
    .meta({
      description: `What to look for: words or parts of words, ${SEARCH_MIN_LENGTH} to ${SEARCH_MAX_LENGTH} characters`,
    }),
  page: z.coerce.number().int().min(1).default(1).optional(),
});

const searchResult = z
  .strictObject({
    type: z.enum(SEARCH_TYPES),
    title: z.string(),
    url: z.string().meta({ description: "The page the result is on (absolute)" }),
    snippet: z.string().meta({ description: "Plain text around the first word found" }),
    titleHtml: z.string().meta({ description: "The title as HTML: escaped, the words found in `<mark>`" }),
    snippetHtml: z.string().meta({ description: "The snippet as HTML: escaped, the words found in `<mark>`" }),
  })
  .meta({ id: "SearchResult" });

export const searchAnswer = z
  .strictObject({
    query: z.string().meta({ description: "The query as it was searched for (spaces collapsed)" }),
    page: z.number().int(),
    pageCount: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    results: z.array(searchResult),
  })
  .meta({ id: "SearchAnswer" });

export type SearchAnswer = z.infer<typeof searchAnswer>;

/** The search a query string asks for, or the text of what is wrong with its `q`. */
export function searchRequestOf(params: URLSearchParams): SearchRequest | { error: string } {
  const raw = params.get("q") ?? "";
  if ([...raw].length > SEARCH_MAX_LENGTH) return { error: `At most ${SEARCH_MAX_LENGTH} characters` };
  const parsed = parseSearchQuery(raw);
  if (parsed.kind !== "ok") return { error: `At least ${SEARCH_MIN_LENGTH} letters or digits` };
  return { text: parsed.text, words: parsed.words, page: pageNumberFrom(params) };
}

export function toSearchAnswer(query: string, found: Page<SearchHit>, pageSize: number, baseUrl: string): SearchAnswer {
  return {
    query,
    page: found.page,
    pageCount: found.pageCount,
    pageSize,
    total: found.total,
    results: found.items.map((hit) => ({
      type: hit.type,
      title: hit.title,
      url: new URL(hit.url, baseUrl).href,
      snippet: hit.snippet,
      titleHtml: partsToHtml(hit.titleParts),
      snippetHtml: partsToHtml(hit.snippetParts),
    })),
  };
}
