import { and, eq, inArray, isNotNull, like, lt, notInArray, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import { readContentVersion } from "~/core/content-version.server";
import type { Database } from "~/db/client.server";
import {
  appMeta,
  events,
  executives,
  media,
  membershipApplications,
  notices,
  recentEvents,
  results,
  siteSettings,
  students,
  teachers,
} from "~/db/schema";
import { MEDIA_URL_PREFIX } from "~/lib/media";
import type { MediaStorage } from "~/lib/storage/index.server";
import { sweepAbandonedUploads } from "~/lib/upload-stream.server";

/**
 * Every column that may link an uploaded file. A new link column must be added here, or
 * the collector deletes its files (tests/unit/media-collector.test.ts checks the schema).
 */
export const LINK_COLUMNS: readonly { table: PgTable; column: PgColumn }[] = [
  { table: students, column: students.photoURL },
  { table: teachers, column: teachers.photoURL },
  { table: executives, column: executives.photoURL },
  { table: notices, column: notices.pdfFile },
  { table: results, column: results.pdfFile },
  { table: results, column: results.img },
  { table: recentEvents, column: recentEvents.img1 },
  { table: recentEvents, column: recentEvents.img2 },
  { table: recentEvents, column: recentEvents.img3 },
  { table: events, column: events.banner },
  // An applicant's photo, uploaded at /join before any record of theirs exists.
  { table: membershipApplications, column: membershipApplications.photoURL },
  // A setting such as the banner picture may name an upload too.
  { table: siteSettings, column: siteSettings.value },
];

/** An upload nothing links yet is kept this long: its form may still be being filled in. */
export const UNLINKED_GRACE_MS = 24 * 60 * 60 * 1000;

/** Columns whose value may hold links anywhere inside it: settings keep lists (slides, topics) as JSON. */
const EMBEDDED_LINK_COLUMNS = new Set<PgColumn>([siteSettings.value]);
const EMBEDDED_MEDIA_LINK = new RegExp(`${MEDIA_URL_PREFIX}([\\w.-]+)`, "g");

/** The keys of every uploaded file some content row links (pending submissions included). */
async function linkedKeys(db: Database): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const { table, column } of LINK_COLUMNS) {
    const embedded = EMBEDDED_LINK_COLUMNS.has(column);
    const rows = await db
      .selectDistinct({ url: column })
      .from(table)
      .where(like(column, `${embedded ? "%" : ""}${MEDIA_URL_PREFIX}%`));
    for (const { url } of rows) {
      if (typeof url !== "string") continue;
      if (!embedded) keys.add(url.slice(MEDIA_URL_PREFIX.length));
      else for (const match of url.matchAll(EMBEDDED_MEDIA_LINK)) keys.add(match[1] ?? "");
    }
  }
  return keys;
}

export interface CollectOptions {
  now?: Date;
  graceMs?: number;
}

/**
 * Deletes uploaded files that no content links any more: those that were linked once (an
 * entity was deleted, or its file replaced), and uploads never linked within the grace
 * period (an abandoned form, or an upload nobody meant to use). Returns the deleted keys.
 */
export async function collectUnusedMedia(
  db: Database,
  storage: MediaStorage,
  { now = new Date(), graceMs = UNLINKED_GRACE_MS }: CollectOptions = {},
): Promise<string[]> {
  const linked = [...(await linkedKeys(db))];
  if (linked.length > 0) await db.update(media).set({ referencedAt: now }).where(inArray(media.key, linked));

  const unlinked = linked.length > 0 ? notInArray(media.key, linked) : undefined;
  const expired = or(isNotNull(media.referencedAt), lt(media.uploadedAt, new Date(now.getTime() - graceMs)));
  // Rows first: an upload of the same bytes from now on stores its files afresh.
  const removed = await db
    .delete(media)
    .where(and(unlinked, expired))
    .returning({ key: media.key, variantKeys: media.variantKeys });
  await storage.delete(removed.flatMap((row) => [row.key, ...row.variantKeys]));
  return removed.map((row) => row.key);
}

/** Unlinked uploads expire without any write, so the collector also runs this often regardless. */
const FULL_RUN_EVERY_MS = 60 * 60 * 1000;

/** The queue whose job (every minute, one at a time across processes) collects unused uploads. */
export const COLLECT_MEDIA_JOB = "collect-media";

/** Where the collector notes the content version and time of its last run. */
const LAST_RUN_KEY = "media-collector:last-run";

/**
 * One run of the collector job: it collects when content changed since its last run (seen
 * through the content version, so writes of every process and of scripts count) or an hour
 * has passed; hourly it also sweeps the temporary files of uploads a dead process left.
 */
export async function runMediaCollector({
  db,
  storage,
  log,
  uploadTempDir,
}: {
  db: Database;
  storage: MediaStorage;
  log: Logger;
  /** Where uploads wait on their way to the storage. */
  uploadTempDir: string;
}): Promise<void> {
  const [lastRun] = await db.select().from(appMeta).where(eq(appMeta.key, LAST_RUN_KEY));
  const last = lastRun ? (JSON.parse(lastRun.value) as { version: string; at: number }) : { version: "", at: 0 };
  const version = await readContentVersion(db);
  const hourly = Date.now() - last.at >= FULL_RUN_EVERY_MS;
  if (version === last.version && !hourly) return;
  if (hourly) {
    const swept = await sweepAbandonedUploads(uploadTempDir);
    if (swept > 0) log.info({ swept }, `removed ${swept} abandoned temporary upload files`);
  }
  const deleted = await collectUnusedMedia(db, storage);
  if (deleted.length > 0) log.info({ deleted }, `deleted ${deleted.length} unused uploaded files`);
  const value = JSON.stringify({ version, at: hourly ? Date.now() : last.at });
  await db
    .insert(appMeta)
    .values({ key: LAST_RUN_KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
}
