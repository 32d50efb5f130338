import { formatDate, formatTime } from "../lib/format";
import { defineCollection, nameField, previewCell, textCell } from "./collection";
import { EVENT_TYPE_PLACEHOLDER, EVENT_TYPES } from "./event-types";
import type { ApiEvent, EventInput } from "./events";
import { previewScreen, publishingColumn, publishingFields, publishingTexts } from "./publishing";

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
    ...publishingFields(["cancelled"], { cancelled: publishingTexts.cancelledChoice }),
  ],
  columns: [
    { header: "Type", sort: "type", cell: (row) => textCell(row.eventType) },
    { header: "Name", sort: "name", cell: (row) => textCell(row.name) },
    {
      header: "Start time and date",
      sort: "date",
      cell: (row) => ({
        kind: "lines",
        lines: [formatTime(row.starts_at), row.starts_on ? formatDate(row.starts_on) : "No date"],
      }),
    },
    {
      header: "Problem count and duration",
      cell: (row) => ({ kind: "lines", lines: [`${row.problem_number} problems`, row.contest_duration] }),
    },
    publishingColumn(),
    { header: "Description", cell: (row) => previewCell(row.details) },
  ],
  filters: [{ name: "type", label: "Type", everything: "All types" }],
  rowScreens: [
    { label: "Registrations", path: (id) => `events/${id}/registrations` },
    { label: "Check-in", path: (id) => `events/${id}/check-in` },
    { label: "Certificates", path: (id) => `events/${id}/certificates` },
    previewScreen("events"),
  ],
  rowName: (row) => row.name,
  texts: {
    added: (input) => `${input.eventType} Event! added`,
    updated: (input) => `${input.eventType} Event! updated`,
    deleted: "Event! Deleted",
    empty: "No events yet.",
  },
});
