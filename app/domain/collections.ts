import { formatDate, formatTime } from "~/lib/format";
import { previewText, SHORT_PREVIEW } from "~/lib/text";
import { EVENT_TYPE_PLACEHOLDER, EVENT_TYPES } from "./event-types";
import type { ApiEvent, EventInput } from "./events";
import type { ApiExecutive, ExecutiveInput } from "./executives";
import type { ApiNotice, NoticeInput } from "./notices";
import type { ApiRecentEvent, RecentEventInput } from "./recent-events";
import type { ApiResult, ResultInput } from "./results";
import type { ApiStudent, StudentInput } from "./students";
import type { ApiTeacher, TeacherInput } from "./teachers";

/**
 * Everything the dashboard and the write API need to know about a managed collection, as
 * data: one generic list screen, one generic form, one generic set of API routes read it.
 * Browser-safe; the database side is the twin in collections.server.ts.
 */

export const COLLECTION_KEYS = [
  "events",
  "notices",
  "students",
  "teachers",
  "executives",
  "results",
  "recent-events",
] as const;
export type CollectionKey = (typeof COLLECTION_KEYS)[number];

export type FieldKind = "text" | "textarea" | "email" | "link" | "date" | "time" | "number" | "select";

export interface FormFieldDef {
  /** The API's field name, also the form control's name. */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  /** For `select`: the choices, after an empty placeholder choice. */
  options?: readonly string[];
  placeholderOption?: string;
  hint?: string;
}

/** What a table cell shows; the list screen renders each kind. */
export type Cell =
  | { kind: "text"; text: string }
  | { kind: "image"; src: string }
  | { kind: "link"; href: string; text: string }
  | { kind: "lines"; lines: string[] };

export interface ColumnDef<Row> {
  header: string;
  // Method syntax on purpose: a Collection<ApiEvent> must still pass as a Collection<Row>.
  cell(row: Row): Cell;
}

export interface CollectionTexts<Input> {
  added(input: Input): string;
  updated(input: Input): string;
  deleted: string;
  /** Shown when the table has no rows (or none match the search). */
  empty: string;
}

export interface Collection<Row extends { _id: string } = { _id: string }, Input = unknown> {
  key: CollectionKey;
  /** "event": used in dialog texts and button labels. */
  noun: string;
  headings: { list: string; add: string; edit: string };
  /** Dashboard screens, relative to /dashboard (the spec's paths). */
  listPath: string;
  addPath: string;
  /** API paths: GET /api/{readPath} (public), POST /api/{addPath}, GET/PUT/DELETE /api/{itemPath}/{id}. */
  api: { readPath: string; addPath: string; itemPath: string };
  fields: readonly FormFieldDef[];
  columns: readonly ColumnDef<Row>[];
  rowName(row: Row): string;
  texts: CollectionTexts<Input>;
}

/** A plain table cell. */
export const textCell = (value: string | number | null | undefined): Cell => ({
  kind: "text",
  text: value == null ? "" : String(value),
});
const preview = (value: string | null): Cell => textCell(previewText(value ?? "", SHORT_PREVIEW));
const image = (src: string | null): Cell => (src ? { kind: "image", src } : textCell(""));
const fileLink = (href: string): Cell => ({ kind: "link", href, text: "Open file" });

const photoField: FormFieldDef = { name: "photoURL", label: "Photo", kind: "link", required: true };
const emailFormField: FormFieldDef = { name: "email", label: "Email", kind: "email", required: true };
const nameField: FormFieldDef = { name: "name", label: "Name", kind: "text", required: true, maxLength: 200 };

export const eventsCollection: Collection<ApiEvent, EventInput> = {
  key: "events",
  noun: "event",
  headings: { list: "All Events", add: "Add Programming Contest", edit: "Edit Event" },
  listPath: "all-events",
  addPath: "add-event",
  api: { readPath: "events", addPath: "add-event", itemPath: "event" },
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
  ],
  columns: [
    { header: "Type", cell: (row) => textCell(row.eventType) },
    { header: "Name", cell: (row) => textCell(row.name) },
    {
      header: "Start time and date",
      cell: (row) => ({
        kind: "lines",
        lines: [formatTime(row.starts_at), row.starts_on ? formatDate(row.starts_on) : "No date"],
      }),
    },
    {
      header: "Problem count and duration",
      cell: (row) => ({ kind: "lines", lines: [`${row.problem_number} problems`, row.contest_duration] }),
    },
    { header: "Description", cell: (row) => preview(row.details) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: (input) => `${input.eventType} Event! added`,
    updated: (input) => `${input.eventType} Event! updated`,
    deleted: "Event! Deleted",
    empty: "No events yet.",
  },
};

export const noticesCollection: Collection<ApiNotice, NoticeInput> = {
  key: "notices",
  noun: "notice",
  headings: { list: "All Notice", add: "Add Notice", edit: "Edit Notice" },
  listPath: "all-notice",
  addPath: "add-notice",
  api: { readPath: "all-notice", addPath: "add-notice", itemPath: "notices" },
  fields: [
    nameField,
    { name: "publishing_date", label: "Publishing date", kind: "date", required: true },
    { name: "pdfFile", label: "PDF link", kind: "link", required: true },
    { name: "description", label: "Description", kind: "textarea", required: true },
  ],
  columns: [
    { header: "Date", cell: (row) => textCell(formatDate(row.publishing_date)) },
    { header: "Title", cell: (row) => textCell(row.name) },
    { header: "Description", cell: (row) => preview(row.description) },
    { header: "File link", cell: (row) => fileLink(row.pdfFile) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Added notice",
    updated: () => "Updated notice",
    deleted: "Notice! Deleted",
    empty: "No notices yet.",
  },
};

export const studentsCollection: Collection<ApiStudent, StudentInput> = {
  key: "students",
  noun: "student",
  headings: { list: "Students", add: "Add Student", edit: "Edit Student" },
  listPath: "students",
  addPath: "add-student",
  api: { readPath: "students", addPath: "add-student", itemPath: "students" },
  fields: [
    nameField,
    { name: "batch", label: "Batch", kind: "number", hint: "Optional, e.g. 6" },
    emailFormField,
    photoField,
    { name: "session", label: "Session", kind: "text", maxLength: 9, hint: "Optional, e.g. 2020-2021" },
  ],
  columns: [
    { header: "Photo", cell: (row) => image(row.photoURL) },
    {
      header: "Name and batch",
      cell: (row) => ({ kind: "lines", lines: [row.name, row.batch === null ? "" : `Batch-${row.batch}`] }),
    },
    { header: "Session", cell: (row) => textCell(row.session) },
    { header: "Email", cell: (row) => textCell(row.email) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Student! added",
    updated: () => "Student! updated",
    deleted: "Student! Deleted",
    empty: "No students yet.",
  },
};

export const teachersCollection: Collection<ApiTeacher, TeacherInput> = {
  key: "teachers",
  noun: "teacher",
  headings: { list: "Teachers", add: "Add Teacher", edit: "Edit Teacher" },
  listPath: "teachers",
  addPath: "add-teacher",
  api: { readPath: "teachers", addPath: "add-teacher", itemPath: "teachers" },
  fields: [
    nameField,
    { name: "designation", label: "Designation", kind: "text", required: true, maxLength: 200 },
    emailFormField,
    photoField,
    { name: "joinDate", label: "Join date", kind: "date", required: true },
    { name: "details", label: "Details", kind: "textarea", hint: "Optional, shown on the public card" },
  ],
  columns: [
    { header: "Photo", cell: (row) => image(row.photoURL) },
    { header: "Name", cell: (row) => textCell(row.name) },
    { header: "Position", cell: (row) => textCell(row.designation) },
    { header: "Email", cell: (row) => textCell(row.email) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Teacher Profile! added",
    updated: () => "Teacher Profile! updated",
    deleted: "teacher! Deleted",
    empty: "No teachers yet.",
  },
};

export const executivesCollection: Collection<ApiExecutive, ExecutiveInput> = {
  key: "executives",
  noun: "executive",
  headings: { list: "Our Executives Body", add: "Add Executive", edit: "Edit Executive" },
  listPath: "all-executive",
  addPath: "add-executive",
  api: { readPath: "executives", addPath: "add-executive", itemPath: "executives" },
  fields: [
    nameField,
    { name: "title", label: "Title", kind: "text", maxLength: 200, hint: "Optional" },
    { name: "designation", label: "Designation", kind: "text", required: true, maxLength: 200 },
    emailFormField,
    photoField,
    { name: "panel", label: "Panel", kind: "text", required: true, maxLength: 9, hint: "e.g. 2020-2021" },
  ],
  columns: [
    { header: "Photo", cell: (row) => image(row.photoURL) },
    { header: "Name and title", cell: (row) => ({ kind: "lines", lines: [row.name, row.title ?? ""] }) },
    { header: "Position", cell: (row) => textCell(row.designation) },
    { header: "Panel", cell: (row) => textCell(row.panel) },
    { header: "Email", cell: (row) => textCell(row.email) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Executive! added",
    updated: () => "Executive! updated",
    deleted: "executive! Deleted",
    empty: "No executives yet.",
  },
};

export const resultsCollection: Collection<ApiResult, ResultInput> = {
  key: "results",
  noun: "result",
  headings: { list: "Results", add: "Add New Results", edit: "Edit Result" },
  listPath: "results",
  addPath: "add-new-results",
  api: { readPath: "results", addPath: "add-result", itemPath: "results" },
  fields: [
    nameField,
    { name: "publishing_date", label: "Publishing date", kind: "date", required: true },
    { name: "pdfFile", label: "File link", kind: "link", required: true, hint: "A PDF or an image of the sheet" },
    { name: "img", label: "Image", kind: "link", hint: "Optional picture of the result sheet" },
    { name: "description", label: "Description", kind: "textarea", hint: "Optional" },
  ],
  columns: [
    { header: "Date", cell: (row) => textCell(formatDate(row.publishing_date)) },
    { header: "Title", cell: (row) => textCell(row.name) },
    { header: "Description", cell: (row) => preview(row.description) },
    { header: "File link", cell: (row) => fileLink(row.pdfFile) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Result! added",
    updated: () => "Result! updated",
    deleted: "Result! Deleted",
    empty: "No results yet.",
  },
};

export const recentEventsCollection: Collection<ApiRecentEvent, RecentEventInput> = {
  key: "recent-events",
  noun: "recent event",
  headings: { list: "Recent Events", add: "Add Recent Event", edit: "Edit Recent Event" },
  listPath: "recent-events",
  addPath: "add-recent-event",
  api: { readPath: "recentEvents.JSON", addPath: "add-recent-event", itemPath: "recent-events" },
  fields: [
    nameField,
    { name: "img1", label: "Card image", kind: "link", required: true },
    { name: "details", label: "Details", kind: "textarea", required: true },
    { name: "img2", label: "Second image", kind: "link", required: true },
    { name: "img3", label: "Third image", kind: "link", required: true },
    { name: "details1", label: "Further details", kind: "textarea", hint: "Optional" },
    { name: "details2", label: "Closing details", kind: "textarea", hint: "Optional" },
  ],
  columns: [
    { header: "Card image", cell: (row) => image(row.img1) },
    { header: "Name", cell: (row) => textCell(row.name) },
    { header: "Details", cell: (row) => preview(row.details) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Recent Event! added",
    updated: () => "Recent Event! updated",
    deleted: "Recent Event! Deleted",
    empty: "No recent events yet.",
  },
};

export const collections: Record<CollectionKey, Collection> = {
  events: eventsCollection as unknown as Collection,
  notices: noticesCollection as unknown as Collection,
  students: studentsCollection as unknown as Collection,
  teachers: teachersCollection as unknown as Collection,
  executives: executivesCollection as unknown as Collection,
  results: resultsCollection as unknown as Collection,
  "recent-events": recentEventsCollection as unknown as Collection,
};

export function isCollectionKey(value: string | undefined): value is CollectionKey {
  return (COLLECTION_KEYS as readonly (string | undefined)[]).includes(value);
}

/** The collection a dashboard screen (`all-events`, `add-event`…) belongs to. */
export function collectionForScreen(screen: string): { collection: Collection; screen: "list" | "add" } | undefined {
  for (const collection of Object.values(collections)) {
    if (collection.listPath === screen) return { collection, screen: "list" };
    if (collection.addPath === screen) return { collection, screen: "add" };
  }
  return undefined;
}

/** The collection of an API path segment (`add-event`, `event`, `notices`…). */
export function collectionForApiPath(segment: string): { collection: Collection; kind: "add" | "item" } | undefined {
  for (const collection of Object.values(collections)) {
    if (collection.api.addPath === segment) return { collection, kind: "add" };
    if (collection.api.itemPath === segment) return { collection, kind: "item" };
  }
  return undefined;
}

export function editPath(collection: Collection, id: string): string {
  return `/dashboard/${collection.key}/${id}/edit`;
}

/**
 * Form values to the shape the input schema reads: the collection's fields, as text. The
 * schema takes text as the spec's own client sends it (numbers as "10", "" for not given).
 */
export function formToInput(collection: Collection, form: FormData | URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of collection.fields) {
    const raw = form.get(field.name);
    if (typeof raw === "string") input[field.name] = raw;
  }
  return input;
}

/** A stored row as the form shows it (every value as text). */
export function rowToFormValues(collection: Collection, row: object): Record<string, string> {
  const values: Record<string, string> = {};
  const record = row as Record<string, unknown>;
  for (const field of collection.fields) {
    const value = record[field.name];
    values[field.name] = value == null ? "" : String(value);
  }
  return values;
}

/** Form values as typed (to keep them when the save fails). */
export function formValues(collection: Collection, form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of collection.fields) {
    const raw = form.get(field.name);
    values[field.name] = typeof raw === "string" ? raw : "";
  }
  return values;
}
