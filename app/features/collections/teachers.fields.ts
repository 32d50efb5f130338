import { designationField, type EntityFieldDef, emailFormField, nameField, photoField } from "../../core/collection";

/** A teacher's fields: its form, API input and records, stored columns and CSV columns (see collection.ts). */
export const teacherFields = [
  nameField,
  designationField,
  emailFormField,
  photoField,
  { name: "joinDate", label: "Join date", kind: "date", required: true },
  {
    name: "details",
    label: "Details",
    kind: "textarea",
    hint: "Optional, shown on the public card",
    absentAs: "",
  },
] as const satisfies readonly EntityFieldDef[];
