import { asc, desc } from "drizzle-orm";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { defineStore } from "~/core/crud.server";
import type { Database } from "~/db/client.server";
import { teachers } from "~/db/schema";
import type { ApiTeacher, TeacherInput } from "./teachers";
import { teacherFields } from "./teachers.fields";

type TeacherRow = typeof teachers.$inferSelect;

export const toApiTeacher: (row: TeacherRow) => ApiTeacher = recordOf(teacherFields);

/**
 * Every teacher, longest-serving first. One department's faculty is a few dozen rows,
 * so the page shows them all without paging.
 */
export async function listTeachers(db: Database): Promise<ApiTeacher[]> {
  const rows = await db.select().from(teachers).orderBy(asc(teachers.joinDate), asc(teachers.name));
  return rows.map(toApiTeacher);
}

const teacherValues = valuesOf(teachers, teacherFields);

/** The dashboard's and the write API's access to teachers. */
export const teacherStore = defineStore({
  table: teachers,
  toApi: toApiTeacher,
  toValues: (_db, input: TeacherInput) => teacherValues(input),
  searchColumns: [teachers.name, teachers.email, teachers.designation],
  orderBy: [desc(teachers.createdAt), asc(teachers.id)],
  sorts: { name: teachers.name, designation: teachers.designation },
});
