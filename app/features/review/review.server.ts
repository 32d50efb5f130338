import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { type Actor, recordAudit } from "~/core/audit.server";
import { countRows } from "~/core/crud.server";
import { UUID_PATTERN } from "~/core/ids";
import { releaseReviewedMedia } from "~/core/media.server";
import type { Database } from "~/db/client.server";
import { notices, results } from "~/db/schema";
import { toApiNotice } from "~/features/collections/notices.server";
import { toApiResult } from "~/features/collections/results.server";
import { type Page, type PageRequest, readPage } from "~/lib/pagination";
import { ADMIN_PAGE_SIZE } from "~/lib/table-query";
import type { ReviewableKey, ReviewItem, ReviewQueue } from "./review";

const tables = { notices, results } as const;

const toApi = { notices: toApiNotice, results: toApiResult } as const;

/** One page of a collection's pending submissions, newest first: a flood is met where it is freshest. */
export async function listPendingPage(
  db: Database,
  key: ReviewableKey,
  request: PageRequest,
): Promise<Page<ReviewItem>> {
  const table = tables[key];
  const total = await countRows(db, table, eq(table.status, "pending"));
  return readPage(request, total, async (limit, offset) => {
    const rows = await db
      .select()
      .from(table)
      .where(eq(table.status, "pending"))
      .orderBy(desc(table.createdAt), asc(table.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => toApi[key](row as never));
  });
}

/** Both collections' waiting submissions, one page of each, newest first. */
export async function listReviewQueue(
  db: Database,
  pages: Record<ReviewableKey, number> = { notices: 1, results: 1 },
  pageSize = ADMIN_PAGE_SIZE,
): Promise<ReviewQueue> {
  const [pendingNotices, pendingResults] = await Promise.all(
    (["notices", "results"] as const).map((key) => listPendingPage(db, key, { page: pages[key], pageSize })),
  );
  return { notices: pendingNotices as ReviewQueue["notices"], results: pendingResults as ReviewQueue["results"] };
}

/** The sidebar badge: submissions waiting, read through the (status, date) indexes. */
export async function countPendingReviews(db: Database): Promise<number> {
  const counts = await Promise.all(
    Object.values(tables).map((table) => db.select({ total: count() }).from(table).where(eq(table.status, "pending"))),
  );
  return counts.reduce((sum, [row]) => sum + (row?.total ?? 0), 0);
}

/** Publishes a pending submission; 0 when there is no pending one with this id. */
export function approveSubmission(db: Database, key: ReviewableKey, id: string, actor: Actor): Promise<number> {
  return approveSubmissions(db, key, [id], actor);
}

/** Publishes the pending submissions among these ids; returns how many there were. */
export async function approveSubmissions(
  db: Database,
  key: ReviewableKey,
  ids: readonly string[],
  actor: Actor,
): Promise<number> {
  const valid = ids.filter((id) => UUID_PATTERN.test(id));
  if (valid.length === 0) return 0;
  const table = tables[key];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(table)
      .set({ status: "published" })
      .where(and(inArray(table.id, valid), eq(table.status, "pending")))
      .returning();
    // The files the visitor sent with it become public with it.
    await releaseReviewedMedia(
      tx,
      rows.flatMap((row) => Object.values(row)),
    );
    await auditDecisions(tx, actor, "approve", key, rows);
    return rows.length;
  });
}

/** Removes a pending submission (published rows are deleted from their own table, not here). */
export function rejectSubmission(db: Database, key: ReviewableKey, id: string, actor: Actor): Promise<number> {
  return rejectSubmissions(db, key, [id], actor);
}

/** Removes pending submissions, one or a flood of spam at once; how many were removed. */
export async function rejectSubmissions(
  db: Database,
  key: ReviewableKey,
  ids: readonly string[],
  actor: Actor,
): Promise<number> {
  const valid = ids.filter((id) => UUID_PATTERN.test(id));
  if (valid.length === 0) return 0;
  const table = tables[key];
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(table)
      .where(and(inArray(table.id, valid), eq(table.status, "pending")))
      .returning();
    await auditDecisions(tx, actor, "reject", key, rows);
    return rows.length;
  });
}

async function auditDecisions(
  db: Database,
  actor: Actor,
  action: "approve" | "reject",
  key: ReviewableKey,
  rows: { id: string; name: string }[],
) {
  for (const row of rows) {
    await recordAudit(db, actor, { action, entity: key, entityId: row.id, label: row.name, before: row });
  }
}
