import {
  designationField,
  type EntityField,
  type EntityFieldDef,
  emailFormField,
  nameField,
  photoField,
} from "../../core/collection";

/** A panel's two years; its input schema adds their pattern (executives.ts). */
export const panelField = {
  name: "panel",
  label: "Panel",
  kind: "text",
  required: true,
  maxLength: 9,
  hint: "e.g. 2020-2021",
} as const satisfies EntityField;

/** An executive's fields: its form, API input and records, stored columns and CSV columns (see collection.ts). */
export const executiveFields = [
  nameField,
  { name: "title", label: "Title", kind: "text", maxLength: 200, hint: "Optional" },
  designationField,
  emailFormField,
  photoField,
  panelField,
] as const satisfies readonly EntityFieldDef[];
