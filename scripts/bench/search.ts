import type { RunningServer } from "../../tests/support/server";
import { httpRequest } from "./http";
import { type LoadResult, runLoad } from "./load";

/**
 * Searches on the 50,000 students (the scaling section's data; their Codeforces handles are
 * `coder<n>`): part of a handle, so trigrams must find it, and a name's word with a number,
 * which full-text finds. Signed in, so every request runs the query; one connection, so p50
 * is what one visitor waits, not a queue.
 */
export const SEARCH_PATHS = ["/api/search?q=oder4242", "/api/search?q=student+4242"] as const;

export interface SearchRow {
  path: string;
  total: number;
  load: LoadResult;
}

export async function measureSearch(server: RunningServer, cookie: string, seconds: number): Promise<SearchRow[]> {
  const rows = [];
  for (const path of SEARCH_PATHS) {
    const url = `${server.baseUrl}${path}`;
    const sample = await httpRequest(url, { headers: { Cookie: cookie } });
    if (sample.status !== 200) throw new Error(`${path} answered ${sample.status}: ${sample.text()}`);
    const total = (JSON.parse(sample.text()) as { total: number }).total;
    rows.push({ path, total, load: await runLoad({ url, headers: { Cookie: cookie }, connections: 1, seconds }) });
  }
  return rows;
}
