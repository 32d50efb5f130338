import { BATCH_NUMBER } from "~/features/members/students";
import { LANGUAGE_PARAM, LOCALES } from "~/i18n/locales";
import { PAGE_NUMBER } from "~/lib/pagination";

/**
 * Site search's words, as typed: any text but NUL (the page cuts it, the API refuses it past
 * its limit); longer than this is no search, and must not make the cache's keys that long.
 */
const SEARCH_PARAMS = { q: /^[^\0]{1,2000}$/, page: PAGE_NUMBER };

const PRACTICE_PARAMS = { period: /^(week|month|term)$/, batch: BATCH_NUMBER };

/**
 * The query parameters each public page and JSON read uses, with the values it takes. The page
 * cache keys on these alone and renders without the rest, so a query string made up to dodge
 * the cache is answered from it. A page that starts reading a parameter must be listed here.
 */
const QUERY_PARAMS: Record<string, Readonly<Record<string, RegExp>>> = {
  "/students": { page: PAGE_NUMBER, batch: BATCH_NUMBER },
  "/notice": { page: PAGE_NUMBER },
  "/results": { page: PAGE_NUMBER },
  "/api/students": { page: PAGE_NUMBER, limit: PAGE_NUMBER },
  "/search": SEARCH_PARAMS,
  "/api/search": SEARCH_PARAMS,
  // The practice leaderboard's period and batch, on the page and in its CSV.
  "/practice": PRACTICE_PARAMS,
  "/practice.csv": PRACTICE_PARAMS,
  // better-auth's code when a mailed confirmation link was not good (token_expired…).
  "/email-verification": { error: /^[a-z_]{1,40}$/ },
};

/** A leaderboard's filters: a batch, and a name to search for. */
const LEADERBOARD_PARAMS = { batch: BATCH_NUMBER, q: /^[^\0]{1,100}$/ };

/** A ranking's filter: a batch. */
const RANKING_PARAMS = { batch: BATCH_NUMBER };

/** Every page can be asked for in one language (hreflang links): `?lang=bn`. */
const LANGUAGE = { [LANGUAGE_PARAM]: new RegExp(`^(${LOCALES.join("|")})$`) };

export function queryParamsOf(path: string): Readonly<Record<string, RegExp>> {
  return { ...pageParamsOf(path), ...LANGUAGE };
}

function pageParamsOf(path: string): Readonly<Record<string, RegExp>> {
  // The notice list's loader also runs under /notice/{slug}, where the list sits beside the notice.
  const listPath = path.startsWith("/notice/") ? "/notice" : path;
  if (path.startsWith("/results/")) return LEADERBOARD_PARAMS;
  if (path.startsWith("/rankings/")) return RANKING_PARAMS;
  return QUERY_PARAMS[listPath] ?? {};
}
