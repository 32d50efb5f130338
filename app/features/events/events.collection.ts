import { defineCollection, formFieldsOf, previewCell, textCell } from "../../core/collection";
import { previewScreen, publishingFields } from "../../core/publishing";
import { statusColumn } from "../../core/publishing-status";
import { collectionScreenPaths } from "../collections/collection-screens";
import type { ApiEvent, EventInput } from "./events";
import { eventFields } from "./events.fields";

/** The events collection of the dashboard and the write API (see collection.ts). */
export const eventsCollection = defineCollection<ApiEvent, EventInput, "events">({
  key: "events",
  noun: "event",
  headings: { list: "All Events", add: "Add Programming Contest", edit: "Edit Event" },
  ...collectionScreenPaths.events,
  api: { read: "events", add: "add-event", item: "event" },
  fields: [
    ...formFieldsOf(eventFields),
    ...publishingFields(["cancelled"], { cancelled: "Cancelled (its page stays, marked)" }),
  ],
  columns: [
    { header: "dashboard.column.type", sort: "type", cell: (row) => textCell(row.eventType) },
    { header: "dashboard.column.name", sort: "name", cell: (row) => textCell(row.name) },
    {
      header: "dashboard.column.startTimeAndDate",
      sort: "date",
      cell: (row, { t, format }) => ({
        kind: "lines",
        lines: [format.time(row.starts_at), row.starts_on ? format.date(row.starts_on) : t("dashboard.cell.noDate")],
      }),
    },
    {
      header: "dashboard.column.problemsAndDuration",
      cell: (row, { t }) => ({
        kind: "lines",
        lines: [t("dashboard.cell.problems", { count: row.problem_number }), row.contest_duration],
      }),
    },
    statusColumn(),
    { header: "dashboard.column.description", cell: (row) => previewCell(row.details) },
  ],
  filters: [{ name: "type", label: "dashboard.events.filter.type", everything: "dashboard.events.filter.allTypes" }],
  rowScreens: [
    { label: "dashboard.screen.registrations", path: (id) => `events/${id}/registrations` },
    { label: "dashboard.screen.checkIn", path: (id) => `events/${id}/check-in` },
    { label: "dashboard.screen.certificates", path: (id) => `events/${id}/certificates` },
    previewScreen("events"),
  ],
  rowName: (row) => row.name,
  texts: {
    added: (input) => `${input.eventType} Event! added`,
    updated: (input) => `${input.eventType} Event! updated`,
  },
});
