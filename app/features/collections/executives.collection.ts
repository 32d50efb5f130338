import { defineCollection, formFieldsOf, imageCell, textCell } from "../../core/collection";
import { collectionScreenPaths } from "./collection-screens";
import type { ApiExecutive, ExecutiveInput } from "./executives";
import { executiveFields } from "./executives.fields";

/** The executives collection of the dashboard and the write API (see collection.ts). */
export const executivesCollection = defineCollection<ApiExecutive, ExecutiveInput, "executives">({
  key: "executives",
  noun: "executive",
  headings: { list: "Our Executives Body", add: "Add Executive", edit: "Edit Executive" },
  ...collectionScreenPaths.executives,
  api: { read: "executives", add: "add-executive", item: "executives" },
  fields: formFieldsOf(executiveFields),
  columns: [
    { header: "dashboard.column.photo", cell: (row) => imageCell(row.photoURL) },
    {
      header: "dashboard.column.nameAndTitle",
      sort: "name",
      cell: (row) => ({ kind: "lines", lines: [row.name, row.title ?? ""] }),
    },
    { header: "dashboard.column.position", sort: "designation", cell: (row) => textCell(row.designation) },
    { header: "dashboard.column.panel", sort: "panel", cell: (row) => textCell(row.panel) },
    { header: "dashboard.column.email", cell: (row) => textCell(row.email) },
  ],
  filters: [
    { name: "panel", label: "dashboard.executives.filter.panel", everything: "dashboard.executives.filter.allPanels" },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Executive! added",
    updated: () => "Executive! updated",
  },
});
