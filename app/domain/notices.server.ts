import { and, asc, desc, eq, like, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notices } from "~/db/schema";
import { type Page, type PageRequest, readPage } from "~/lib/pagination";
import { countRows, defineStore, isUniqueViolation } from "./crud.server";
import { type ApiNotice, type NoticeInput, noticeDateParts, SLUG_MAX_LENGTH, slugify, uniqueSlug } from "./notices";

export type { ApiNotice };

type NoticeRow = typeof notices.$inferSelect;

export const NOTICE_PAGE_SIZE = 10;

const published = eq(notices.status, "published");
const newestFirst = [desc(notices.publishingDate), desc(notices.createdAt)] as const;

export function toApiNotice(row: NoticeRow): ApiNotice {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    publishing_date: row.publishingDate,
    chrMonth: row.chrMonth,
    day: row.day,
    pdfFile: row.pdfFile,
    description: row.description,
  };
}

/** Every published notice, newest first (`GET /api/all-notice`, the sitemap). */
export async function listNotices(db: Database): Promise<ApiNotice[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(published)
    .orderBy(...newestFirst);
  return rows.map(toApiNotice);
}

/** One page of the notice board, newest first. */
export async function listNoticePage(db: Database, request: PageRequest): Promise<Page<ApiNotice>> {
  const total = await countRows(db, notices, published);
  return readPage(request, total, async (limit, offset) => {
    const rows = await db
      .select()
      .from(notices)
      .where(published)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
    return rows.map(toApiNotice);
  });
}

/** A published notice by its slug, or undefined (pending notices stay hidden). */
export async function findNoticeBySlug(db: Database, slug: string): Promise<ApiNotice | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.slug, slug), published))
    .limit(1);
  return row && toApiNotice(row);
}

// uniqueSlug may shorten the name's slug to fit a suffix, so look at every slug sharing a prefix.
const SLUG_SUFFIX_ROOM = 8;

/** The slug the notice `name` gets: its own, or one with a number when another notice has it. */
async function freeSlug(db: Database, name: string, ownId?: string): Promise<string> {
  const prefix = slugify(name).slice(0, SLUG_MAX_LENGTH - SLUG_SUFFIX_ROOM);
  const rows = await db
    .select({ slug: notices.slug })
    .from(notices)
    .where(and(like(notices.slug, `${prefix}%`), ownId ? ne(notices.id, ownId) : undefined));
  return uniqueSlug(name, new Set(rows.map((row) => row.slug)));
}

/** chrMonth, day and the slug always come from the date and the name, whoever sent the notice. */
async function noticeValues(db: Database, input: NoticeInput, id?: string) {
  return {
    name: input.name,
    slug: await freeSlug(db, input.name, id),
    publishingDate: input.publishing_date,
    ...noticeDateParts(input.publishing_date),
    pdfFile: input.pdfFile,
    description: input.description,
  };
}

const baseNoticeStore = defineStore({
  table: notices,
  toApi: toApiNotice,
  toValues: noticeValues,
  searchColumns: [notices.name],
  orderBy: [...newestFirst, asc(notices.id)],
  sorts: { date: notices.publishingDate, name: notices.name },
  listScope: published,
});

// Each clash means another save of the same name just won; more than this many at once is not a club's workload.
const SLUG_ATTEMPTS = 8;

/** Notices of the same name saved at the same moment: each loser picks the next free slug. */
async function retryingSlugClash<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The dashboard's and the write API's access to notices; the table lists published ones only. */
export const noticeStore: typeof baseNoticeStore = {
  ...baseNoticeStore,
  create: (db, input, extra) => retryingSlugClash(() => baseNoticeStore.create(db, input, extra)),
  update: (db, id, input) => retryingSlugClash(() => baseNoticeStore.update(db, id, input)),
};
