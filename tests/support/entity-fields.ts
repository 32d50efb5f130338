import { type EntityField, formFieldsOf } from "~/core/collection";
import { executiveFields } from "~/features/collections/executives.fields";
import { noticeFields } from "~/features/collections/notices.fields";
import { recentEventFields } from "~/features/collections/recent-events.fields";
import { resultFields } from "~/features/collections/results.fields";
import { teacherFields } from "~/features/collections/teachers.fields";
import { eventFields } from "~/features/events/events.fields";
import { studentFields } from "~/features/members/students.fields";

/** Every field of the entities' field lists (collection.ts's EntityField) that their forms and inputs have. */
export const entityFormFields: EntityField[] = [
  eventFields,
  teacherFields,
  executiveFields,
  noticeFields,
  resultFields,
  recentEventFields,
  studentFields,
].flatMap(formFieldsOf);
