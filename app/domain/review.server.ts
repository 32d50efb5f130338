import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notices, results } from "~/db/schema";
import { toApiNotice } from "./notices.server";
import { UUID_PATTERN } from "./recent-events";
import { toApiResult } from "./results.server";
import type { ReviewableKey, ReviewQueue } from "./review";

const tables = { notices, results } as const;

/** Enough for one screen; the queue is meant to be emptied, not browsed. */
const QUEUE_LIMIT = 100;

export async function listReviewQueue(db: Database): Promise<ReviewQueue> {
  const [pendingNotices, pendingResults] = await Promise.all([
    db.select().from(notices).where(eq(notices.status, "pending")).orderBy(asc(notices.createdAt)).limit(QUEUE_LIMIT),
    db.select().from(results).where(eq(results.status, "pending")).orderBy(asc(results.createdAt)).limit(QUEUE_LIMIT),
  ]);
  return { notices: pendingNotices.map(toApiNotice), results: pendingResults.map(toApiResult) };
}

/** The sidebar badge: submissions waiting, read through the (status, date) indexes. */
export async function countPendingReviews(db: Database): Promise<number> {
  const counts = await Promise.all(
    Object.values(tables).map((table) => db.select({ total: count() }).from(table).where(eq(table.status, "pending"))),
  );
  return counts.reduce((sum, [row]) => sum + (row?.total ?? 0), 0);
}

/** Publishes a pending submission; 0 when there is no pending one with this id. */
export async function approveSubmission(db: Database, key: ReviewableKey, id: string): Promise<number> {
  if (!UUID_PATTERN.test(id)) return 0;
  const table = tables[key];
  const rows = await db
    .update(table)
    .set({ status: "published" })
    .where(and(eq(table.id, id), eq(table.status, "pending")))
    .returning({ id: table.id });
  return rows.length;
}

/** Removes a pending submission (published rows are deleted from their own table, not here). */
export async function rejectSubmission(db: Database, key: ReviewableKey, id: string): Promise<number> {
  if (!UUID_PATTERN.test(id)) return 0;
  const table = tables[key];
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.status, "pending")))
    .returning({ id: table.id });
  return rows.length;
}
