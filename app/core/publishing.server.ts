import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, notices, recentEvents, results } from "~/db/schema";
import { instantTextOf } from "~/lib/zoned-time";
import { chosenStatus, readPublishAt } from "./publishing-input";

/** The queue of the job that publishes scheduled items when their time comes (every minute). */
export const PUBLISH_SCHEDULED_JOB = "publish-scheduled";

interface PublishingInput<Status extends string> {
  status?: Status;
  publish_at?: string;
}

/**
 * The columns a save writes about publishing. A new item without a choice is published; an
 * edit without one keeps its status (a pending submission stays in the review queue). Only a
 * scheduled item keeps a time (a check constraint holds the two together).
 */
export function publishingValues<Status extends string>(
  input: PublishingInput<Status>,
  id?: string,
): { status?: Status; publishAt?: Date | null } {
  const status = chosenStatus(input) ?? (id === undefined ? "published" : undefined);
  if (status === undefined) return {};
  const publishAt = status === "scheduled" && input.publish_at ? (readPublishAt(input.publish_at) ?? null) : null;
  return { status: status as Status, publishAt };
}

/** What an admin's record says about publishing (public reads leave it out). */
export function publishingOf<Status extends string>(row: { status: Status; publishAt: Date | null }) {
  return { status: row.status, publish_at: instantTextOf(row.publishAt) };
}

// Drizzle's table types do not carry through a loop over different tables; each has the same
// `status` and `publish_at` columns, which is all the statement names.
const scheduledTables = [notices, results, events, recentEvents] as unknown as (typeof notices)[];

/**
 * Publishes every scheduled item whose time has come: one statement per table, so two
 * processes running it at once publish each item once (the second finds it published). The
 * publication trigger records each for the announcer, and the content-version trigger tells
 * the page caches, as for any other write.
 */
export async function publishDueItems(db: Database): Promise<number> {
  let published = 0;
  for (const table of scheduledTables) {
    const rows = await db
      .update(table)
      .set({ status: "published", publishAt: null })
      .where(and(eq(table.status, "scheduled"), lte(table.publishAt, sql`now()`)))
      .returning({ id: table.id });
    published += rows.length;
  }
  return published;
}
