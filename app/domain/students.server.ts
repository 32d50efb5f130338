import { asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
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

/**
 * The distinct batches, lowest first, for the Jump Batch list. A skip scan over the
 * (batch, name) index: one index probe per batch, not a pass over every student.
 */
export async function listBatches(db: Database): Promise<number[]> {
  const result = (await db.execute(sql`
    with recursive batches(batch) as (
      (select batch from students where batch is not null order by batch limit 1)
      union all
      select (select s.batch from students s where s.batch > batches.batch order by s.batch limit 1)
      from batches where batches.batch is not null
    )
    select batch from batches where batch is not null`)) as unknown as { rows: { batch: number }[] };
  return result.rows.map((row) => Number(row.batch));
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
