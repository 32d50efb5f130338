import {
  type EntityFieldDef,
  type FormFieldDef,
  formFieldsOf,
  nameField,
  publishingDateField,
} from "../../core/collection";

/**
 * A notice's fields: its form, API input and records, stored columns and CSV columns (see
 * collection.ts); its publishing fields are publishing's own (core/publishing.ts). The slug,
 * the month's label and the day are the server's, made from the name and the date.
 */
export const noticeFields = [
  nameField,
  { name: "slug", readOnly: true },
  publishingDateField,
  /** The month's three-letter label (JAN…DEC). */
  { name: "chrMonth", readOnly: true },
  { name: "day", readOnly: true },
  { name: "pdfFile", label: "PDF link", kind: "link", required: true, message: "messages.fields.pdfLink" },
  {
    name: "description",
    label: "Description",
    kind: "textarea",
    required: true,
  },
] as const satisfies readonly EntityFieldDef[];

/**
 * What a notice says: the dashboard's form and the public /notice-form (which publishes nothing
 * itself). Here, not in the collection's description, so the public form's bundle carries no
 * dashboard columns.
 */
export const noticeContentFields: readonly FormFieldDef[] = formFieldsOf(noticeFields);
