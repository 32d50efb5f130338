import { asc, desc, eq, inArray } from "drizzle-orm";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { countRows, defineStore } from "~/core/crud.server";
import { PUBLISHING_CHOICES } from "~/core/publishing";
import { publishingOf, publishingValues } from "~/core/publishing.server";
import type { Database } from "~/db/client.server";
import { results } from "~/db/schema";
import { type Page, type PageRequest, readPage } from "~/lib/pagination";
import type { ApiResult, ResultInput } from "./results";
import { resultFields } from "./results.fields";

type ResultRow = typeof results.$inferSelect;

export const RESULT_PAGE_SIZE = 5;

const published = eq(results.status, "published");
const newestFirst = [desc(results.publishingDate), desc(results.createdAt)] as const;

export const toApiResult: (row: ResultRow) => ApiResult = recordOf(resultFields);

/** Published results, newest first: every one (`GET /api/results`) or the newest `limit` (the feed). */
export async function listResults(db: Database, limit?: number): Promise<ApiResult[]> {
  const query = db
    .select()
    .from(results)
    .where(published)
    .orderBy(...newestFirst);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toApiResult);
}

/** One page of the leader board, newest first. */
export async function listResultPage(db: Database, request: PageRequest): Promise<Page<ApiResult>> {
  const total = await countRows(db, results, published);
  return readPage(request, total, async (limit, offset) => {
    const rows = await db
      .select()
      .from(results)
      .where(published)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
    return rows.map(toApiResult);
  });
}

/** A result as an admin's screens and the write API read it: with its publishing state. */
const toAdminResult = (row: ResultRow): ApiResult => ({ ...toApiResult(row), ...publishingOf(row) });

const resultValues = valuesOf(results, resultFields);

/** The dashboard's and the write API's access to results; the table lists all but pending ones. */
export const resultStore = defineStore({
  table: results,
  toApi: toAdminResult,
  toValues: (_db, input: ResultInput, id?: string) => ({ ...publishingValues(input, id), ...resultValues(input) }),
  searchColumns: [results.name],
  orderBy: [desc(results.publishingDate), desc(results.createdAt), asc(results.id)],
  sorts: { date: results.publishingDate, name: results.name },
  // Pending submissions wait in the review queue instead.
  listScope: inArray(results.status, PUBLISHING_CHOICES),
});
