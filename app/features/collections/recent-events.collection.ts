import { defineCollection, imageCell, nameField, previewCell, textCell } from "../../core/collection";
import { previewScreen, publishingFields } from "../../core/publishing";
import { statusColumn } from "../../core/publishing-status";
import type { ApiRecentEvent, RecentEventInput } from "./recent-events";

/** The recent events collection of the dashboard and the write API (see collection.ts). */
export const recentEventsCollection = defineCollection<ApiRecentEvent, RecentEventInput, "recent-events">({
  key: "recent-events",
  noun: "recent event",
  headings: { list: "Recent Events", add: "Add Recent Event", edit: "Edit Recent Event" },
  screens: { list: "recent-events", add: "add-recent-event" },
  api: { read: "recentEvents.JSON", add: "add-recent-event", item: "recent-events" },
  fields: [
    nameField,
    { name: "img1", label: "Card image", kind: "link", required: true },
    { name: "details", label: "Details", kind: "textarea", required: true },
    { name: "img2", label: "Second image", kind: "link", required: true },
    { name: "img3", label: "Third image", kind: "link", required: true },
    { name: "details1", label: "Further details", kind: "textarea", hint: "Optional" },
    { name: "details2", label: "Closing details", kind: "textarea", hint: "Optional" },
    ...publishingFields(),
  ],
  columns: [
    { header: "dashboard.column.cardImage", cell: (row) => imageCell(row.img1) },
    { header: "dashboard.column.name", sort: "name", cell: (row) => textCell(row.name) },
    { header: "dashboard.column.details", cell: (row) => previewCell(row.details) },
    statusColumn(),
  ],
  rowScreens: [previewScreen("recent-events")],
  rowName: (row) => row.name,
  texts: {
    added: () => "Recent Event! added",
    updated: () => "Recent Event! updated",
  },
});
