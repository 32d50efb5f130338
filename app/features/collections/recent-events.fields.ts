import { type EntityFieldDef, nameField } from "../../core/collection";

/**
 * A recent event's fields: its form, API input and records, stored columns and CSV columns
 * (see collection.ts); its publishing fields are publishing's own (core/publishing.ts). The
 * old static file named the key `id`: the records keep it, beside `_id`.
 */
export const recentEventFields = [
  { name: "id", readOnly: true },
  nameField,
  { name: "img1", label: "Card image", kind: "link", required: true, message: "messages.fields.cardImage" },
  { name: "details", label: "Details", kind: "textarea", required: true },
  { name: "img2", label: "Second image", kind: "link", required: true, message: "messages.fields.secondImage" },
  { name: "img3", label: "Third image", kind: "link", required: true, message: "messages.fields.thirdImage" },
  {
    name: "details1",
    label: "Further details",
    kind: "textarea",
    hint: "Optional",
    message: "messages.fields.furtherDetails",
    absentAs: "",
  },
  {
    name: "details2",
    label: "Closing details",
    kind: "textarea",
    hint: "Optional",
    message: "messages.fields.closingDetails",
    absentAs: "",
  },
] as const satisfies readonly EntityFieldDef[];
