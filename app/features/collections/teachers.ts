import { z } from "zod";
import { dateField, emailField, linkField, optionalText, requiredText } from "../../core/fields";

/**
 * Spec field names, as `GET /api/teachers` returns them.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function teacherRecord() {
  return z.strictObject({
    _id: z.string(),
    name: z.string(),
    designation: z.string(),
    email: z.string(),
    photoURL: z.string(),
    joinDate: z.string(),
    details: z.string(),
  });
}

export type ApiTeacher = z.infer<ReturnType<typeof teacherRecord>>;

/** Body of POST /api/add-teacher and PUT /api/teachers/{id}, and the dashboard's teacher form. */
export const teacherInput = z.object({
  name: requiredText("messages.fields.name", 200),
  designation: requiredText("messages.fields.designation", 200),
  email: emailField(),
  photoURL: linkField("messages.fields.photo"),
  joinDate: dateField("messages.fields.joinDate"),
  details: optionalText("messages.fields.details"),
});

export type TeacherInput = z.infer<typeof teacherInput>;
