import { pageNumberFrom } from "./pagination";

/** Rows per page of every dashboard table. */
export const ADMIN_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
const FILTER_MAX_LENGTH = 100;
const SORT_KEY = /^-?[a-z][a-zA-Z]{0,30}$/;

/**
 * What a dashboard table shows, as its address says: `?q=` (search text), `?page=`, `?sort=`
 * (a column's key, `-key` for descending; empty for the table's own order) and one parameter
 * per filter (`?batch=6`). The server checks the sort key and filter values against what the
 * table offers; an unknown one means no sort or no filter.
 */
export interface TableQuery {
  q: string;
  page: number;
  sort: string;
  filters: Record<string, string>;
}

export function tableQueryFrom({ searchParams }: URL, filterNames: readonly string[] = []): TableQuery {
  const sort = searchParams.get("sort") ?? "";
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = (searchParams.get(name) ?? "").trim();
    if (value) filters[name] = value.slice(0, FILTER_MAX_LENGTH);
  }
  return {
    q: (searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    page: pageNumberFrom(searchParams),
    sort: SORT_KEY.test(sort) ? sort : "",
    filters,
  };
}

export const emptyTableQuery: TableQuery = { q: "", page: 1, sort: "", filters: {} };

/** The address of a table's view with some of its query changed (a page, a sort); the rest is kept. */
export function tableHref(query: TableQuery, changes: Partial<TableQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  for (const [name, value] of Object.entries(next.filters)) if (value) params.set(name, value);
  if (next.sort) params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

/** A sort key and its direction: `-name` is name, descending. */
export function sortParts(sort: string): { key: string; descending: boolean } {
  return sort.startsWith("-") ? { key: sort.slice(1), descending: true } : { key: sort, descending: false };
}

/** The sort a column header's link sets: ascending first; on the sorted column, the other way. */
export function nextSort(current: string, key: string): string {
  return current === key ? `-${key}` : key;
}
