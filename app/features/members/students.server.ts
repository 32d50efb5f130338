import { and, asc, desc, eq, gt } from "drizzle-orm";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { defineStore, freeSlug, retryingSlugClash } from "~/core/crud.server";
import type { Database } from "~/db/client.server";
import { studentBatchCounts, students } from "~/db/schema";
import { offsetOf, type Page, type PageRequest, pageCountFor, readPage } from "~/lib/pagination";
import { memberPath } from "./members";
import { handlesOf } from "./members.server";
import { type ApiStudent, STUDENT_FALLBACK_SLUG, type StudentInput } from "./students";
import { studentFields } from "./students.fields";

type StudentRow = typeof students.$inferSelect;

export const STUDENT_PAGE_SIZE = 24;

/** Batch then name: the order of the (batch, name) index, so a page is an index range scan. */
const byBatchThenName = [asc(students.batch), asc(students.name), asc(students.id)] as const;

/** A student as admins see it (the email even when the member hides it). */
export function toApiStudent(row: StudentRow): ApiStudent {
  return { ...studentRecordOf(row), handles: handlesOf(row), profileUrl: memberPath(row.slug) };
}

const studentRecordOf = recordOf(studentFields);

/** A student as everyone else sees it: a hidden email is not there at all. */
export function toPublicStudent(row: StudentRow): ApiStudent {
  return { ...toApiStudent(row), email: row.emailVisible ? row.email : null };
}

/** `GET /api/students?page=&limit=`: one page in (batch, name) order, and how many there are in all. */
export async function listStudents(db: Database, request: PageRequest): Promise<Page<ApiStudent>> {
  const [counts, rows] = await Promise.all([
    countStudentsByBatch(db),
    studentsInOrder(db, request.pageSize, offsetOf(request.page, request.pageSize)),
  ]);
  return {
    items: rows.map(toPublicStudent),
    page: request.page,
    pageCount: pageCountFor(counts.total, request.pageSize),
    total: counts.total,
  };
}

/** Who the public lists show: everyone but the members who left the Students page. */
const shown = eq(students.hidden, false);

function studentsInOrder(db: Database, limit: number, offset: number) {
  return db
    .select()
    .from(students)
    .where(shown)
    .orderBy(...byBatchThenName)
    .limit(limit)
    .offset(offset);
}

const STREAM_BATCH_SIZE = 1000;

/** Every student in (batch, name) order, read a thousand rows at a time so memory stays flat. */
export async function* allStudents(db: Database): AsyncGenerator<ApiStudent[]> {
  for (let offset = 0; ; offset += STREAM_BATCH_SIZE) {
    const rows = await studentsInOrder(db, STREAM_BATCH_SIZE, offset);
    if (rows.length > 0) yield rows.map(toPublicStudent);
    if (rows.length < STREAM_BATCH_SIZE) return;
  }
}

/** How many students there are, in all and per batch, from the trigger-kept per-batch counts. */
export interface StudentCounts {
  total: number;
  /** The batches that have students, lowest first (the Jump Batch list). */
  batches: number[];
  inBatch(batch: number): number;
}

/** One read of a handful of rows (drizzle/0004 keeps them), never a count of the table. */
export async function countStudentsByBatch(db: Database): Promise<StudentCounts> {
  const rows = await db.select().from(studentBatchCounts).where(gt(studentBatchCounts.students, 0));
  const perBatch = new Map(rows.map((row) => [row.batch, row.students]));
  return {
    total: rows.reduce((sum, row) => sum + row.students, 0),
    batches: rows.flatMap((row) => (row.batch === null ? [] : [row.batch])).sort((a, b) => a - b),
    inBatch: (batch) => perBatch.get(batch) ?? 0,
  };
}

export type StudentPage = Page<ApiStudent> & { batches: number[] };

/** One page of student cards, optionally of one batch only, with the batches to jump to. */
export async function listStudentPage(db: Database, request: PageRequest & { batch?: number }): Promise<StudentPage> {
  const counts = await countStudentsByBatch(db);
  const total = request.batch === undefined ? counts.total : counts.inBatch(request.batch);
  const where = request.batch === undefined ? shown : and(shown, eq(students.batch, request.batch));
  const page = await readPage(request, total, async (limit, offset) => {
    const rows = await db
      .select()
      .from(students)
      .where(where)
      .orderBy(...byBatchThenName)
      .limit(limit)
      .offset(offset);
    return rows.map(toPublicStudent);
  });
  return { ...page, batches: counts.batches };
}

const studentValues = valuesOf(students, studentFields);

/** A new student gets a readable address from their name; an edit keeps it, so links stay good. */
const baseStudentStore = defineStore({
  table: students,
  toApi: toApiStudent,
  toValues: async (db, input: StudentInput, id?: string) => ({
    ...studentValues(input),
    ...(id === undefined ? { slug: await freeSlug(db, students, input.name, STUDENT_FALLBACK_SLUG) } : {}),
  }),
  searchColumns: [students.name, students.email, students.session],
  orderBy: [desc(students.createdAt), asc(students.id)],
  sorts: { name: students.name, session: students.session },
  filters: {
    batch: { column: students.batch, options: async (db) => (await countStudentsByBatch(db)).batches.map(String) },
  },
  countAll: async (db) => (await countStudentsByBatch(db)).total,
});

/** The dashboard's and the write API's access to students. */
export const studentStore: typeof baseStudentStore = {
  ...baseStudentStore,
  create: (db, input, extra) => retryingSlugClash(() => baseStudentStore.create(db, input, extra)),
};
