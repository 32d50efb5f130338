import { defineCollection, emailFormField, imageCell, nameField, photoField, textCell } from "../../core/collection";
import type { ApiExecutive, ExecutiveInput } from "./executives";

/** The executives collection of the dashboard and the write API (see collection.ts). */
export const executivesCollection = defineCollection<ApiExecutive, ExecutiveInput, "executives">({
  key: "executives",
  noun: "executive",
  headings: { list: "Our Executives Body", add: "Add Executive", edit: "Edit Executive" },
  screens: { list: "all-executive", add: "add-executive" },
  api: { read: "executives", add: "add-executive", item: "executives" },
  fields: [
    nameField,
    { name: "title", label: "Title", kind: "text", maxLength: 200, hint: "Optional" },
    { name: "designation", label: "Designation", kind: "text", required: true, maxLength: 200 },
    emailFormField,
    photoField,
    { name: "panel", label: "Panel", kind: "text", required: true, maxLength: 9, hint: "e.g. 2020-2021" },
  ],
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
