import { pageNumberFrom } from "./pagination";

/** Rows per page of every dashboard table. */
export const ADMIN_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;

/** A dashboard table's `?q=` (search text) and `?page=`. */
export function tableQueryFrom({ searchParams }: URL): { q: string; page: number } {
  return { q: (searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH), page: pageNumberFrom(searchParams) };
}

/** The link to one page of a table, keeping its search. */
export function tableHref(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}
