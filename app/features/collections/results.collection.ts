import { defineCollection, fileLinkCell, formFieldsOf, previewCell, textCell } from "../../core/collection";
import { previewScreen, publishingFields } from "../../core/publishing";
import { statusColumn } from "../../core/publishing-status";
import { collectionScreenPaths } from "./collection-screens";
import type { ApiResult, ResultInput } from "./results";
import { resultFields } from "./results.fields";

/** The results collection of the dashboard and the write API (see collection.ts). */
export const resultsCollection = defineCollection<ApiResult, ResultInput, "results">({
  key: "results",
  noun: "result",
  headings: { list: "Results", add: "Add New Results", edit: "Edit Result" },
  ...collectionScreenPaths.results,
  api: { read: "results", add: "add-result", item: "results" },
  fields: [...formFieldsOf(resultFields), ...publishingFields()],
  columns: [
    {
      header: "dashboard.column.date",
      sort: "date",
      cell: (row, { format }) => textCell(format.date(row.publishing_date)),
    },
    { header: "dashboard.column.title", sort: "name", cell: (row) => textCell(row.name) },
    { header: "dashboard.column.description", cell: (row) => previewCell(row.description) },
    { header: "dashboard.column.fileLink", cell: (row, text) => fileLinkCell(row.pdfFile, text) },
    statusColumn(),
  ],
  rowScreens: [previewScreen("results")],
  rowName: (row) => row.name,
  texts: {
    added: () => "Result! added",
    updated: () => "Result! updated",
  },
});
