import { formatDate } from "../lib/format";
import { defineCollection, fileLinkCell, nameField, previewCell, textCell } from "./collection";
import { previewScreen, publishingColumn, publishingFields } from "./publishing";
import type { ApiResult, ResultInput } from "./results";

/** The results collection of the dashboard and the write API (see collection.ts). */
export const resultsCollection = defineCollection<ApiResult, ResultInput, "results">({
  key: "results",
  noun: "result",
  headings: { list: "Results", add: "Add New Results", edit: "Edit Result" },
  screens: { list: "results", add: "add-new-results" },
  api: { read: "results", add: "add-result", item: "results" },
  fields: [
    nameField,
    { name: "publishing_date", label: "Publishing date", kind: "date", required: true },
    { name: "pdfFile", label: "File link", kind: "link", required: true, hint: "A PDF or an image of the sheet" },
    { name: "img", label: "Image", kind: "link", hint: "Optional picture of the result sheet" },
    { name: "description", label: "Description", kind: "textarea", hint: "Optional" },
    ...publishingFields(),
  ],
  columns: [
    { header: "Date", sort: "date", cell: (row) => textCell(formatDate(row.publishing_date)) },
    { header: "Title", sort: "name", cell: (row) => textCell(row.name) },
    { header: "Description", cell: (row) => previewCell(row.description) },
    { header: "File link", cell: (row) => fileLinkCell(row.pdfFile) },
    publishingColumn(),
  ],
  rowScreens: [previewScreen("results")],
  rowName: (row) => row.name,
  texts: {
    added: () => "Result! added",
    updated: () => "Result! updated",
    deleted: "Result! Deleted",
    empty: "No results yet.",
  },
});
