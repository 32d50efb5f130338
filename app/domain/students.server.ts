import { asc, count, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { students } from "~/db/schema";
import { clampPage, offsetOf, type Page, type PageRequest, pageCountFor } from "~/lib/pagination";
import { defineStore } from "./crud.server";
import type { ApiStudent, StudentInput } from "./students";

type StudentRow = typeof students.$inferSelect;

export const STUDENT_PAGE_SIZE = 24;

/** Batch then name: the order of the (batch, name) index, so a page is an index range scan. */
const byBatchThenName = [asc(students.batch), asc(students.name), asc(students.id)] as const;

export function toApiStudent(row: StudentRow): ApiStudent {
  return {
    _id: row.id,
    name: row.name,
    batch: row.batch,
    email: row.email,
    photoURL: row.photoURL,
    session: row.session,
  };
}

/** Every student (`GET /api/students`). */
export async function listStudents(db: Database): Promise<ApiStudent[]> {
  const rows = await db
    .select()
    .from(students)
    .orderBy(...byBatchThenName);
  return rows.map(toApiStudent);
}

/** One page of student cards, optionally of one batch only. */
export async function listStudentPage(
  db: Database,
  request: PageRequest & { batch?: number },
): Promise<Page<ApiStudent>> {
  const where: SQL | undefined = request.batch === undefined ? undefined : eq(students.batch, request.batch);
  const [totals] = await db.select({ total: count() }).from(students).where(where);
  const total = totals?.total ?? 0;
  const page = clampPage(request.page, total, request.pageSize);
  const rows = await db
    .select()
    .from(students)
    .where(where)
    .orderBy(...byBatchThenName)
    .limit(request.pageSize)
    .offset(offsetOf(page, request.pageSize));
  return { items: rows.map(toApiStudent), page, pageCount: pageCountFor(total, request.pageSize), total };
}

/** The distinct batches, lowest first, for the Jump Batch list. */
export async function listBatches(db: Database): Promise<number[]> {
  const rows = await db
    .selectDistinct({ batch: students.batch })
    .from(students)
    .where(isNotNull(students.batch))
    .orderBy(asc(students.batch));
  return rows.flatMap((row) => (row.batch === null ? [] : [row.batch]));
}

/** The dashboard's and the write API's access to students. */
export const studentStore = defineStore({
  table: students,
  toApi: toApiStudent,
  toValues: (_db, input: StudentInput) => ({
    name: input.name,
    batch: input.batch ?? null,
    email: input.email,
    photoURL: input.photoURL,
    session: input.session || null,
  }),
  searchColumns: [students.name, students.email, students.session],
  orderBy: [desc(students.createdAt), asc(students.id)],
});
