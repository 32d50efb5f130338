export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** The page numbers and sizes a query string may carry; any other value means the default. */
export const PAGE_NUMBER = /^\d{1,6}$/;

/** Reads `?page=`; a missing, malformed or out-of-range value means the first page. */
export function pageNumberFrom(searchParams: URLSearchParams): number {
  const raw = searchParams.get("page");
  if (!raw || !PAGE_NUMBER.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The page actually shown: a page past the end shows the last one instead of an empty list. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(page, pageCountFor(total, pageSize));
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * Every paged list's one way to read a page: the page past the end shows the last one, and
 * only that page's rows are read (`rows` gets the limit and offset).
 */
export async function readPage<T>(
  request: PageRequest,
  total: number,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const page = clampPage(request.page, total, request.pageSize);
  const items = await rows(request.pageSize, offsetOf(page, request.pageSize));
  return { items, page, pageCount: pageCountFor(total, request.pageSize), total };
}

export const API_PAGE_SIZE = 100;
export const API_PAGE_SIZE_MAX = 500;

/** Reads `?limit=` of a paged JSON read: 1 to 500, default 100. */
export function apiPageSizeFrom(searchParams: URLSearchParams): number {
  const raw = searchParams.get("limit");
  if (!raw || !PAGE_NUMBER.test(raw)) return API_PAGE_SIZE;
  return Math.min(API_PAGE_SIZE_MAX, Math.max(1, Number(raw)));
}

/**
 * The page links worth showing: the first, the last, and the current one with its neighbours;
 * "gap" stands for the pages left out. So a list of 2,000 pages still gets a handful of links.
 */
export function pageWindow(page: number, pageCount: number, neighbours = 1): (number | "gap")[] {
  const shown = new Set([1, pageCount]);
  for (let offset = -neighbours; offset <= neighbours; offset++) {
    if (page + offset >= 1 && page + offset <= pageCount) shown.add(page + offset);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const links: (number | "gap")[] = [];
  for (const [index, number] of pages.entries()) {
    const previous = pages[index - 1];
    // A gap of one page is shown as that page: a "…" would take the same room.
    if (previous !== undefined && number - previous === 2) links.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) links.push("gap");
    links.push(number);
  }
  return links;
}
