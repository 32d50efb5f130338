/**
 * The demo content drawn by code: portraits, event pictures and result sheets rendered to PNG
 * and stored through the upload pipeline, PDFs made with pdf-lib. The build does this once
 * for its start snapshot; a server run from source does it on its first start.
 */
import fsp from "node:fs/promises";
import os from "node:os";
import sharp from "sharp";
import { type MediaKind, storeMedia } from "~/core/media.server";
import type { Database } from "~/db/client.server";
import { events, executives, notices, recentEvents, results, students, teachers } from "~/db/schema";
import { NOTICE_FALLBACK_SLUG, noticeDateParts } from "~/features/collections/notices";
import { STUDENT_FALLBACK_SLUG } from "~/features/members/students";
import { formatDate } from "~/lib/format";
import { uniqueSlug } from "~/lib/slug";
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
import { drawEventImage, drawPortrait, drawResultSheet, makePdf } from "./drawings.server";

interface DemoRows {
  events: (typeof events.$inferInsert)[];
  notices: (typeof notices.$inferInsert)[];
  results: (typeof results.$inferInsert)[];
  students: (typeof students.$inferInsert)[];
  teachers: (typeof teachers.$inferInsert)[];
  executives: (typeof executives.$inferInsert)[];
  recentEvents: (typeof recentEvents.$inferInsert)[];
}

/** Stores the drawn files now; the answer inserts the rows into the seeding transaction. */
export async function drawDemoContent(db: Database, storage: MediaStorage): Promise<(tx: Database) => Promise<void>> {
  const rows = await buildDemoRows(db, storage);
  return (tx) => insertRows(tx, rows);
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
  const studentSlugs = new Set<string>();
  const studentSlug = (name: string) => {
    const slug = uniqueSlug(name, studentSlugs, STUDENT_FALLBACK_SLUG);
    studentSlugs.add(slug);
    return slug;
  };
  return {
    students: await Promise.all(
      demoStudents.map(async (student) => ({
        ...student,
        slug: studentSlug(student.name),
        photoURL: await media.portrait(student.name),
      })),
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
    const slug = uniqueSlug(notice.name, slugs, NOTICE_FALLBACK_SLUG);
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
