import { and, asc, desc, eq, gt, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { studentBatchCounts, students } from "~/db/schema";
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

/**
 * `GET /api/students`: one page in (batch, name) order, as an array. A client pages on until
 * an empty array; no page costs more than its rows, however many students there are.
 */
export async function listStudents(db: Database, request: PageRequest): Promise<ApiStudent[]> {
  const rows = await db
    .select()
    .from(students)
    .orderBy(...byBatchThenName)
    .limit(request.pageSize)
    .offset(offsetOf(request.page, request.pageSize));
  return rows.map(toApiStudent);
}

/** One page of student cards, optionally of one batch only. */
export async function listStudentPage(
  db: Database,
  request: PageRequest & { batch?: number },
): Promise<Page<ApiStudent>> {
  const where: SQL | undefined = request.batch === undefined ? undefined : eq(students.batch, request.batch);
  const total = await countStudents(db, request.batch);
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

/** All students, or one batch's, from the trigger-kept per-batch counts: a few rows, never the table. */
export async function countStudents(db: Database, batch?: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${studentBatchCounts.students})` })
    .from(studentBatchCounts)
    .where(batch === undefined ? undefined : eq(studentBatchCounts.batch, batch));
  return Number(row?.total ?? 0);
}

/** The batches that have students, lowest first, for the Jump Batch list. */
export async function listBatches(db: Database): Promise<number[]> {
  const rows = await db
    .select({ batch: studentBatchCounts.batch })
    .from(studentBatchCounts)
    .where(and(isNotNull(studentBatchCounts.batch), gt(studentBatchCounts.students, 0)))
    .orderBy(asc(studentBatchCounts.batch));
  return rows.map((row) => Number(row.batch));
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
  countAll: (db) => countStudents(db),
});
