import { eq, isNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import {
  appMeta,
  DEMO_SEED_KEY,
  events,
  executives,
  notices,
  publications,
  recentEvents,
  results,
  students,
  teachers,
} from "~/db/schema";
import type { MediaStorage } from "~/lib/storage/index.server";
import { seedDemoAttendance } from "./demo-attendance.server";
import { seedDemoDrafts } from "./demo-drafts.server";
import { seedDemoDues } from "./demo-dues.server";
import { seedDemoLiveContest } from "./demo-live.server";
import { seedDemoMembers } from "./demo-members.server";
import { seedDemoPractice } from "./demo-practice.server";
import { seedDemoRegistrations } from "./demo-registrations.server";
import { seedDemoSeries } from "./demo-series.server";
import { hasDemoSnapshot, insertDemoRows, storeDemoMedia } from "./demo-snapshot.server";
import { seedDemoStandings } from "./demo-standings.server";

const CONTENT_TABLES: Record<string, PgTable> = {
  students,
  teachers,
  executives,
  events,
  notices,
  results,
  recentEvents,
};

/**
 * Fills an empty installation with demo content, once. The marker in app_meta makes it
 * one-time: content an admin later deletes must not come back on the next restart. The
 * content comes from the build's snapshot when there is one (demo-snapshot.server.ts), else
 * it is drawn now.
 */
export async function seedDemoContentOnce(args: {
  db: Database;
  storage: MediaStorage;
  log: Logger;
  snapshot?: string;
  /**
   * The demo's members (accounts, an open round dated from today) and a notice scheduled for
   * tomorrow: made on the machine that installs the demo, never kept in the build's snapshot
   * (its dates would be the build's).
   */
  withMembers?: boolean;
}): Promise<{ seeded: boolean }> {
  const { db, storage, log, snapshot, withMembers = true } = args;
  if (await hasMarker(db)) return { seeded: false };
  if (await hasContent(db)) {
    await claimMarker(db, "skipped: content already present");
    log.info("demo content not seeded: the database already has content");
    return { seeded: false };
  }

  // Files are stored before the transaction: they are content-addressed, so a rolled back
  // or concurrent seed only leaves identical files behind, which the media collector removes.
  const startedAt = performance.now();
  const insert = hasDemoSnapshot(snapshot) ? await fromSnapshot(snapshot, storage) : await byDrawing(db, storage);
  const seeded = await db.transaction(async (tx) => {
    // Claiming the key first makes a second app process starting at the same time wait
    // on the key's row lock and then back off, instead of seeding twice.
    if (!(await claimMarker(tx, "seeded"))) return false;
    if (await hasContent(tx)) return false;
    await insert(tx);
    if (withMembers) {
      await seedDemoMembers(tx);
      await seedDemoDues(tx);
      await seedDemoPractice(tx, log);
      await seedDemoRegistrations(tx);
      await seedDemoSeries(tx);
      await seedDemoStandings(tx);
      await seedDemoAttendance(tx);
      await seedDemoLiveContest(tx);
      await seedDemoDrafts(tx);
    }
    // The demo is not news: nobody is told about it.
    await tx.update(publications).set({ announcedAt: new Date() }).where(isNull(publications.announcedAt));
    return true;
  });
  if (seeded) {
    const counts = await countRows(db);
    const summary = Object.entries(counts)
      .map(([table, count]) => `${count} ${table}`)
      .join(", ");
    log.info({ counts, ms: Math.round(performance.now() - startedAt) }, `demo content seeded: ${summary}`);
  }
  return { seeded };
}

async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(CONTENT_TABLES)) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
    counts[name] = row?.count ?? 0;
  }
  return counts;
}

type InsertDemoRows = (tx: Database) => Promise<void>;

async function fromSnapshot(snapshot: string, storage: MediaStorage): Promise<InsertDemoRows> {
  await storeDemoMedia(snapshot, storage);
  return (tx) => insertDemoRows(tx, snapshot);
}

/** Without a snapshot (running from source), the pictures are drawn now; the drawing code loads only then. */
async function byDrawing(db: Database, storage: MediaStorage): Promise<InsertDemoRows> {
  const { drawDemoContent } = await import("./draw-demo.server");
  return drawDemoContent(db, storage);
}

async function hasMarker(db: Database): Promise<boolean> {
  const found = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY)).limit(1);
  return found.length > 0;
}

/** Inserts the marker; false when it was already there. */
async function claimMarker(db: Database, value: string): Promise<boolean> {
  const inserted = await db
    .insert(appMeta)
    .values({ key: DEMO_SEED_KEY, value })
    .onConflictDoNothing({ target: appMeta.key })
    .returning({ key: appMeta.key });
  return inserted.length > 0;
}

async function hasContent(db: Database): Promise<boolean> {
  for (const table of Object.values(CONTENT_TABLES)) {
    const found = await db.select({ one: sql<number>`1` }).from(table).limit(1);
    if (found.length > 0) return true;
  }
  return false;
}
