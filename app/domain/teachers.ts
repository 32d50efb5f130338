import { z } from "zod";
import { dateField, emailField, linkField, optionalText, requiredText } from "./fields";

/** Spec field names, as `GET /api/teachers` returns them. */
export interface ApiTeacher {
  _id: string;
  name: string;
  designation: string;
  email: string;
  photoURL: string;
  joinDate: string;
  details: string;
}

/** Body of POST /api/add-teacher and PUT /api/teachers/{id}, and the dashboard's teacher form. */
export const teacherInput = z.object({
  name: requiredText("Name", 200),
  designation: requiredText("Designation", 200),
  email: emailField(),
  photoURL: linkField("Photo"),
  joinDate: dateField("Join date"),
  details: optionalText("Details"),
});

export type TeacherInput = z.infer<typeof teacherInput>;
