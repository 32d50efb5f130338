import { type EntityFieldDef, emailFormField, nameField, photoField } from "../../core/collection";

/**
 * A student's fields: its form, API input and records, stored columns and CSV columns (see
 * collection.ts); the records add the member's handles and page (students.ts).
 */
export const studentFields = [
  nameField,
  { name: "batch", label: "Batch", kind: "number", hint: "Optional, e.g. 6" },
  emailFormField,
  photoField,
  {
    name: "session",
    label: "Session",
    kind: "text",
    maxLength: 9,
    hint: "Optional, e.g. 2020-2021",
  },
] as const satisfies readonly EntityFieldDef[];
