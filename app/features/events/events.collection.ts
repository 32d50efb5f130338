import { defineCollection, nameField, previewCell, textCell } from "../../core/collection";
import { previewScreen, publishingFields } from "../../core/publishing";
import { statusColumn } from "../../core/publishing-status";
import { EVENT_TYPE_PLACEHOLDER, EVENT_TYPES } from "./event-types";
import type { ApiEvent, EventInput } from "./events";

/** The events collection of the dashboard and the write API (see collection.ts). */
export const eventsCollection = defineCollection<ApiEvent, EventInput, "events">({
  key: "events",
  noun: "event",
  headings: { list: "All Events", add: "Add Programming Contest", edit: "Edit Event" },
  screens: { list: "all-events", add: "add-event" },
  api: { read: "events", add: "add-event", item: "event" },
  fields: [
    {
      name: "eventType",
      label: "Event type",
      kind: "select",
      required: true,
      options: EVENT_TYPES,
      placeholderOption: EVENT_TYPE_PLACEHOLDER,
    },
    nameField,
    { name: "starts_on", label: "Start date", kind: "date", hint: "Optional" },
    { name: "starts_at", label: "Start time", kind: "time", required: true },
    { name: "problem_number", label: "Problem count", kind: "number", required: true },
    { name: "contest_duration", label: "Duration", kind: "text", required: true, maxLength: 100, hint: "e.g. 3 Hours" },
    { name: "details", label: "Details", kind: "textarea", required: true },
    { name: "ends_at", label: "Ends at", kind: "datetime", hint: "Optional" },
    { name: "venue", label: "Venue", kind: "text", maxLength: 500, hint: "A place, or an online meeting's link" },
    { name: "banner", label: "Banner", kind: "link", hint: "Optional: a wide picture for the event's page" },
    { name: "registration_opens", label: "Registration opens", kind: "datetime", hint: "Optional" },
    { name: "registration_closes", label: "Registration closes", kind: "datetime", hint: "Optional" },
    { name: "capacity", label: "Capacity", kind: "number", hint: "Places; empty for no limit" },
    {
      name: "waitlist",
      label: "When full",
      kind: "select",
      options: ["true", "false"],
      optionLabels: { true: "Keep a waitlist", false: "Close registration" },
      placeholderOption: "Select One (keep a waitlist)",
    },
    { name: "team_size_min", label: "Smallest team", kind: "number", hint: "1 and 1: people register alone" },
    { name: "team_size_max", label: "Largest team", kind: "number" },
    { name: "eligible_batches", label: "Eligible batches", kind: "text", hint: "e.g. 7, 8, 9; empty for everyone" },
    {
      name: "members_only",
      label: "Who may register",
      kind: "select",
      options: ["false", "true"],
      optionLabels: { false: "Everyone (in the eligible batches)", true: "Members only" },
      placeholderOption: "Select One (everyone)",
      hint: "Members only: approved members of the current membership round",
    },
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
