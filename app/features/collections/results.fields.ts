import { type EntityFieldDef, nameField, publishingDateField } from "../../core/collection";

/**
 * A result's fields: its form, API input and records, stored columns and CSV columns (see
 * collection.ts); its publishing fields are publishing's own (core/publishing.ts).
 */
export const resultFields = [
  nameField,
  publishingDateField,
  {
    name: "pdfFile",
    label: "File link",
    kind: "link",
    required: true,
    hint: "A PDF or an image of the sheet",
    message: "messages.fields.fileLink",
  },
  {
    name: "img",
    label: "Image",
    kind: "link",
    hint: "Optional picture of the result sheet",
    message: "messages.fields.image",
  },
  {
    name: "description",
    label: "Description",
    kind: "textarea",
    hint: "Optional",
    absentAs: "",
  },
] as const satisfies readonly EntityFieldDef[];
