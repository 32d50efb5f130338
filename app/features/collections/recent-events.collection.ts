import { defineCollection, formFieldsOf, imageCell, previewCell, textCell } from "../../core/collection";
import { previewScreen, publishingFields } from "../../core/publishing";
import { statusColumn } from "../../core/publishing-status";
import { collectionScreenPaths } from "./collection-screens";
import type { ApiRecentEvent, RecentEventInput } from "./recent-events";
import { recentEventFields } from "./recent-events.fields";

/** The recent events collection of the dashboard and the write API (see collection.ts). */
export const recentEventsCollection = defineCollection<ApiRecentEvent, RecentEventInput, "recent-events">({
  key: "recent-events",
  noun: "recent event",
  headings: { list: "Recent Events", add: "Add Recent Event", edit: "Edit Recent Event" },
  ...collectionScreenPaths["recent-events"],
  api: { read: "recentEvents.JSON", add: "add-recent-event", item: "recent-events" },
  fields: [...formFieldsOf(recentEventFields), ...publishingFields()],
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
