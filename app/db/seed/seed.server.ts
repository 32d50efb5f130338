import fsp from "node:fs/promises";
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { appMeta, events, executives, notices, recentEvents, results, students, teachers } from "~/db/schema";
import { noticeDateParts, uniqueSlug } from "~/domain/notices";
import { formatDate } from "~/lib/format";
import { type MediaKind, storeMedia } from "~/lib/media.server";
import type { MediaStorage } from "~/lib/storage/index.server";
import { uploadedFileFromBytes } from "~/lib/upload-stream.server";
import {
  type DemoNotice,
  type DemoRecentEvent,
  type DemoResult,
  demoEvents,
  demoExecutives,
  demoNotices,
  demoRecentEvents,
  demoResults,
  demoStudents,
  demoTeachers,
} from "./demo-data";
import { hasDemoSnapshot, insertDemoRows, storeDemoMedia } from "./demo-snapshot.server";
import { drawEventImage, drawPortrait, drawResultSheet, makePdf } from "./drawings.server";

export const DEMO_SEED_KEY = "demo-content-seeded";

const CONTENT_TABLES: Record<string, PgTable> = {
  students,
  teachers,
  executives,
  events,
  notices,
  results,
  recentEvents,
};

interface DemoRows {
  events: (typeof events.$inferInsert)[];
  notices: (typeof notices.$inferInsert)[];
  results: (typeof results.$inferInsert)[];
  students: (typeof students.$inferInsert)[];
  teachers: (typeof teachers.$inferInsert)[];
  executives: (typeof executives.$inferInsert)[];
  recentEvents: (typeof recentEvents.$inferInsert)[];
}

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
}): Promise<{ seeded: boolean }> {
  const { db, storage, log, snapshot } = args;
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

async function byDrawing(db: Database, storage: MediaStorage): Promise<InsertDemoRows> {
  const rows = await buildDemoRows(db, storage);
  return (tx) => insertRows(tx, rows);
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

async function insertRows(db: Database, rows: DemoRows): Promise<void> {
  await db.insert(students).values(rows.students);
  await db.insert(teachers).values(rows.teachers);
  await db.insert(executives).values(rows.executives);
  await db.insert(events).values(rows.events);
  await db.insert(notices).values(rows.notices);
  await db.insert(results).values(rows.results);
  await db.insert(recentEvents).values(rows.recentEvents);
}

async function buildDemoRows(db: Database, storage: MediaStorage): Promise<DemoRows> {
  const media = mediaStore(db, storage);
  return {
    students: await Promise.all(
      demoStudents.map(async (student) => ({ ...student, photoURL: await media.portrait(student.name) })),
    ),
    teachers: await Promise.all(
      demoTeachers.map(async (teacher) => ({ ...teacher, photoURL: await media.portrait(teacher.name) })),
    ),
    executives: await Promise.all(
      demoExecutives.map(async (executive) => ({
        ...executive,
        title: executive.title ?? null,
        photoURL: await media.portrait(executive.name),
      })),
    ),
    events: demoEvents.map((event) => ({ ...event })),
    notices: await noticeRows(demoNotices, media),
    results: await Promise.all(demoResults.map((result) => resultRow(result, media))),
    recentEvents: await Promise.all(demoRecentEvents.map((event) => recentEventRow(event, media))),
  };
}

type MediaStore = ReturnType<typeof mediaStore>;

/** The demo files go through the upload pipeline, so the demo site serves resized variants too. */
function mediaStore(db: Database, storage: MediaStorage) {
  const portraits = new Map<string, Promise<string>>();
  const store = async (bytes: Uint8Array, accept: MediaKind[]) => {
    const limits = { imageMaxBytes: Number.POSITIVE_INFINITY, pdfMaxBytes: Number.POSITIVE_INFINITY };
    const file = await uploadedFileFromBytes(bytes, os.tmpdir());
    try {
      const stored = await storeMedia({
        db,
        storage,
        file,
        accept,
        limits,
        uploadedBy: "demo-seed",
        awaitingReview: false,
      });
      return stored.url;
    } finally {
      await fsp.rm(file.path, { force: true });
    }
  };
  // The drawings are SVG; uploads are raster images, so each is rendered to a PNG first.
  const svg = async (markup: string) => store(await sharp(Buffer.from(markup)).png().toBuffer(), ["image"]);
  return {
    svg,
    pdf: (bytes: Uint8Array) => store(bytes, ["pdf"]),
    /** One file per person, however many rows (student, executive) show them. */
    portrait(name: string): Promise<string> {
      let url = portraits.get(name);
      if (!url) {
        url = svg(drawPortrait(name));
        portraits.set(name, url);
      }
      return url;
    },
  };
}

async function noticeRows(list: DemoNotice[], media: MediaStore) {
  const slugs = new Set<string>();
  const rows = [];
  for (const notice of list) {
    const slug = uniqueSlug(notice.name, slugs);
    slugs.add(slug);
    const pdf = await makePdf({
      title: notice.name,
      date: notice.publishingDate,
      paragraphs: [notice.description, ...notice.pdfParagraphs],
    });
    rows.push({
      name: notice.name,
      slug,
      publishingDate: notice.publishingDate,
      ...noticeDateParts(notice.publishingDate),
      pdfFile: await media.pdf(pdf),
      description: notice.description,
    });
  }
  return rows;
}

async function resultRow(result: DemoResult, media: MediaStore) {
  const img = await media.svg(
    drawResultSheet({ contestName: result.name, publishingDate: result.publishingDate, standings: result.standings }),
  );
  const pdfFile = result.pdfSheet ? await media.pdf(await resultPdf(result)) : img;
  return {
    name: result.name,
    publishingDate: result.publishingDate,
    description: result.description,
    img,
    pdfFile,
  };
}

function resultPdf(result: DemoResult): Promise<Uint8Array> {
  return makePdf({
    title: `${result.name}: final standings`,
    date: result.publishingDate,
    paragraphs: [result.description, `Published on ${formatDate(result.publishingDate)}.`],
    table: {
      headers: ["Rank", "Team", "University", "Solved", "Penalty"],
      rows: result.standings.map((s, i) => [String(i + 1), s.team, s.university, String(s.solved), String(s.penalty)]),
      columnX: [0, 40, 220, 390, 440],
    },
  });
}

async function recentEventRow(event: DemoRecentEvent, media: MediaStore) {
  const draw = (variant: 0 | 1 | 2) =>
    media.svg(drawEventImage({ title: event.name, caption: event.captions[variant], motif: event.motif, variant }));
  const [img1, img2, img3] = await Promise.all([draw(0), draw(1), draw(2)]);
  const { name, details, details1, details2 } = event;
  return { name, details, details1, details2, img1, img2, img3 };
}
