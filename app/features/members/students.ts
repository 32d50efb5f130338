import { z } from "zod";
import { inputSchemaOf, recordSchemaOf } from "../../core/collection-schemas";
import { studentFields } from "./students.fields";

/**
 * Spec field names, as `GET /api/students` returns them.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function studentRecord() {
  const handle = z.string().nullable();
  return recordSchemaOf(studentFields, {
    /** null when the member hides it (public reads; admins see it). */
    email: z.string().nullable(),
    /** The member's handles on the judges, null where none is given. */
    handles: z.strictObject({ codeforces: handle, vjudge: handle, atcoder: handle, codechef: handle }),
    /** The member's public page (absolute in the API). */
    profileUrl: z.string(),
  });
}

export type ApiStudent = z.infer<ReturnType<typeof studentRecord>>;

/** A student whose name has nothing to make an address of is at /students/student. */
export const STUDENT_FALLBACK_SLUG = "student";

/** A `?batch=` the Students page filters by; any other value shows every batch. */
export const BATCH_NUMBER = /^\d{1,4}$/;

/** Body of POST /api/add-student and PUT /api/students/{id}, and the dashboard's student form. */
export const studentInput = inputSchemaOf(studentFields);

export type StudentInput = z.infer<typeof studentInput>;
