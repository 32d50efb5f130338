import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { countRows, defineStore, freeSlug, retryingSlugClash } from "~/core/crud.server";
import { PUBLISHING_CHOICES } from "~/core/publishing";
import { publishingOf, publishingValues } from "~/core/publishing.server";
import type { Database } from "~/db/client.server";
import { notices } from "~/db/schema";
import { type Page, type PageRequest, readPage } from "~/lib/pagination";
import { type ApiNotice, NOTICE_FALLBACK_SLUG, type NoticeInput, noticeDateParts } from "./notices";
import { noticeFields } from "./notices.fields";

export type { ApiNotice };

type NoticeRow = typeof notices.$inferSelect;

export const NOTICE_PAGE_SIZE = 10;

const published = eq(notices.status, "published");
const newestFirst = [desc(notices.publishingDate), desc(notices.createdAt)] as const;

export const toApiNotice: (row: NoticeRow) => ApiNotice = recordOf(noticeFields);

/** Published notices, newest first: every one (`GET /api/all-notice`, the sitemap) or the newest `limit` (the feed). */
export async function listNotices(db: Database, limit?: number): Promise<ApiNotice[]> {
  const query = db
    .select()
    .from(notices)
    .where(published)
    .orderBy(...newestFirst);
  const rows = limit === undefined ? await query : await query.limit(limit);
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

/** A notice as an admin's screens and the write API read it: with its publishing state. */
const toAdminNotice = (row: NoticeRow): ApiNotice => ({ ...toApiNotice(row), ...publishingOf(row) });

const noticeFieldValues = valuesOf(notices, noticeFields);

/** chrMonth, day and the slug always come from the date and the name, whoever sent the notice. */
async function noticeValues(db: Database, input: NoticeInput, id?: string) {
  return {
    ...publishingValues(input, id),
    ...noticeFieldValues(input),
    slug: await freeSlug(db, notices, input.name, NOTICE_FALLBACK_SLUG, id),
    ...noticeDateParts(input.publishing_date),
  };
}

const baseNoticeStore = defineStore({
  table: notices,
  toApi: toAdminNotice,
  toValues: noticeValues,
  searchColumns: [notices.name],
  orderBy: [...newestFirst, asc(notices.id)],
  sorts: { date: notices.publishingDate, name: notices.name },
  // Pending submissions wait in the review queue instead.
  listScope: inArray(notices.status, PUBLISHING_CHOICES),
});

/** The dashboard's and the write API's access to notices; the table lists all but pending ones. */
export const noticeStore: typeof baseNoticeStore = {
  ...baseNoticeStore,
  create: (db, input, extra) => retryingSlugClash(() => baseNoticeStore.create(db, input, extra)),
  update: (db, id, input) => retryingSlugClash(() => baseNoticeStore.update(db, id, input)),
};
