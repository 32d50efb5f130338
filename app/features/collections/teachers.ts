import type { z } from "zod";
import { inputSchemaOf, recordSchemaOf } from "../../core/collection-schemas";
import { teacherFields } from "./teachers.fields";

/**
 * Spec field names, as `GET /api/teachers` returns them.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function teacherRecord() {
  return recordSchemaOf(teacherFields);
}

export type ApiTeacher = z.infer<ReturnType<typeof teacherRecord>>;

/** Body of POST /api/add-teacher and PUT /api/teachers/{id}, and the dashboard's teacher form. */
export const teacherInput = inputSchemaOf(teacherFields);

export type TeacherInput = z.infer<typeof teacherInput>;
