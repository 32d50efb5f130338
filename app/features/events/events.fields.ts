import { type EntityFieldDef, nameField } from "../../core/collection";
import { EVENT_TYPE_PLACEHOLDER, EVENT_TYPES } from "./event-types";

/**
 * An event's fields: its form, API input and records and CSV columns (see collection.ts); its
 * publishing fields are publishing's own (core/publishing.ts), the slug the server's. The spec's
 * start is `starts_on` (optional) + `starts_at` (a time of day); the end and the registration
 * window are instants, shown on the club's clocks (decision 028).
 */
export const eventFields = [
  {
    name: "eventType",
    label: "Event type",
    kind: "select",
    required: true,
    options: EVENT_TYPES,
    placeholderOption: EVENT_TYPE_PLACEHOLDER,
  },
  nameField,
  { name: "starts_on", label: "Start date", kind: "date", hint: "Optional", message: "messages.fields.startDate" },
  { name: "starts_at", label: "Start time", kind: "time", required: true, message: "messages.fields.startTime" },
  {
    name: "problem_number",
    label: "Problem count",
    kind: "number",
    required: true,
    message: "messages.fields.problemCount",
  },
  {
    name: "contest_duration",
    label: "Duration",
    kind: "text",
    required: true,
    maxLength: 100,
    hint: "e.g. 3 Hours",
    message: "messages.fields.duration",
  },
  { name: "details", label: "Details", kind: "textarea", required: true },
  /** The event's page, /events/{category}/{slug}: made from the name when added, kept when edited. */
  { name: "slug", readOnly: true },
  // The fields below came with event pages; a client that sends only the spec's fields gets a
  // published event for everyone, without limits.
  { name: "ends_at", label: "Ends at", kind: "datetime", hint: "Optional" },
  {
    name: "venue",
    label: "Venue",
    kind: "text",
    maxLength: 500,
    hint: "A place, or an online meeting's link",
    absentAs: "",
  },
  {
    name: "banner",
    label: "Banner",
    kind: "link",
    hint: "Optional: a wide picture for the event's page",
    absentAs: "",
  },
  {
    name: "registration_opens",
    label: "Registration opens",
    kind: "datetime",
    hint: "Optional",
  },
  {
    name: "registration_closes",
    label: "Registration closes",
    kind: "datetime",
    hint: "Optional",
  },
  {
    name: "capacity",
    label: "Capacity",
    kind: "number",
    hint: "Places; empty for no limit",
  },
  {
    name: "waitlist",
    label: "When full",
    kind: "select",
    options: ["true", "false"],
    optionLabels: { true: "Keep a waitlist", false: "Close registration" },
    placeholderOption: "Select One (keep a waitlist)",
  },
  {
    name: "team_size_min",
    label: "Smallest team",
    kind: "number",
    hint: "1 and 1: people register alone",
    message: "messages.fields.smallestTeam",
  },
  { name: "team_size_max", label: "Largest team", kind: "number", message: "messages.fields.largestTeam" },
  {
    name: "eligible_batches",
    label: "Eligible batches",
    kind: "text",
    hint: "e.g. 7, 8, 9; empty for everyone",
  },
  {
    name: "members_only",
    label: "Who may register",
    kind: "select",
    options: ["false", "true"],
    optionLabels: { false: "Everyone (in the eligible batches)", true: "Members only" },
    placeholderOption: "Select One (everyone)",
    hint: "Members only: approved members of the current membership round",
  },
] as const satisfies readonly EntityFieldDef[];
