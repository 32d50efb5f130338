import { formatDate } from "../lib/format";
import { defineCollection, type FormFieldDef, fileLinkCell, nameField, previewCell, textCell } from "./collection";
import type { ApiNotice, NoticeInput } from "./notices";
import { previewScreen, publishingColumn, publishingFields } from "./publishing";

/** What a notice says: the dashboard's form and the public /notice-form (which publishes nothing itself). */
export const noticeContentFields: readonly FormFieldDef[] = [
  nameField,
  { name: "publishing_date", label: "Publishing date", kind: "date", required: true },
  { name: "pdfFile", label: "PDF link", kind: "link", required: true },
  { name: "description", label: "Description", kind: "textarea", required: true },
];

/** The notices collection of the dashboard and the write API (see collection.ts). */
export const noticesCollection = defineCollection<ApiNotice, NoticeInput, "notices">({
  key: "notices",
  noun: "notice",
  headings: { list: "All Notice", add: "Add Notice", edit: "Edit Notice" },
  screens: { list: "all-notice", add: "add-notice" },
  api: { read: "all-notice", add: "add-notice", item: "notices" },
  fields: [...noticeContentFields, ...publishingFields()],
  columns: [
    { header: "Date", sort: "date", cell: (row) => textCell(formatDate(row.publishing_date)) },
    { header: "Title", sort: "name", cell: (row) => textCell(row.name) },
    { header: "Description", cell: (row) => previewCell(row.description) },
    { header: "File link", cell: (row) => fileLinkCell(row.pdfFile) },
    publishingColumn(),
  ],
  rowScreens: [previewScreen("notices")],
  rowName: (row) => row.name,
  texts: {
    added: () => "Added notice",
    updated: () => "Updated notice",
    deleted: "Notice! Deleted",
    empty: "No notices yet.",
  },
});
