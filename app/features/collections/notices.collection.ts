import { defineCollection, fileLinkCell, previewCell, textCell } from "../../core/collection";
import { previewScreen, publishingFields } from "../../core/publishing";
import { statusColumn } from "../../core/publishing-status";
import { collectionScreenPaths } from "./collection-screens";
import type { ApiNotice, NoticeInput } from "./notices";
import { noticeContentFields } from "./notices.fields";

/** The notices collection of the dashboard and the write API (see collection.ts). */
export const noticesCollection = defineCollection<ApiNotice, NoticeInput, "notices">({
  key: "notices",
  noun: "notice",
  headings: { list: "All Notice", add: "Add Notice", edit: "Edit Notice" },
  ...collectionScreenPaths.notices,
  api: { read: "all-notice", add: "add-notice", item: "notices" },
  fields: [...noticeContentFields, ...publishingFields()],
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
  rowScreens: [previewScreen("notices")],
  rowName: (row) => row.name,
  texts: {
    added: () => "Added notice",
    updated: () => "Updated notice",
  },
});
