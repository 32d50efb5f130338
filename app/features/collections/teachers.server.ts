import { asc, desc } from "drizzle-orm";
import { defineStore } from "~/core/crud.server";
import type { Database } from "~/db/client.server";
import { teachers } from "~/db/schema";
import type { ApiTeacher, TeacherInput } from "./teachers";

type TeacherRow = typeof teachers.$inferSelect;

export function toApiTeacher(row: TeacherRow): ApiTeacher {
  return {
    _id: row.id,
    name: row.name,
    designation: row.designation,
    email: row.email,
    photoURL: row.photoURL,
    joinDate: row.joinDate,
    details: row.details,
  };
}

/**
 * Every teacher, longest-serving first. One department's faculty is a few dozen rows,
 * so the page shows them all without paging.
 */
export async function listTeachers(db: Database): Promise<ApiTeacher[]> {
  const rows = await db.select().from(teachers).orderBy(asc(teachers.joinDate), asc(teachers.name));
  return rows.map(toApiTeacher);
}

/** The dashboard's and the write API's access to teachers. */
export const teacherStore = defineStore({
  table: teachers,
  toApi: toApiTeacher,
  toValues: (_db, input: TeacherInput) => ({
    name: input.name,
    designation: input.designation,
    email: input.email,
    photoURL: input.photoURL,
    joinDate: input.joinDate,
    details: input.details ?? "",
  }),
  searchColumns: [teachers.name, teachers.email, teachers.designation],
  orderBy: [desc(teachers.createdAt), asc(teachers.id)],
  sorts: { name: teachers.name, designation: teachers.designation },
});
