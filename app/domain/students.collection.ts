import { defineCollection, emailFormField, imageCell, nameField, photoField, textCell } from "./collection";
import type { ApiStudent, StudentInput } from "./students";

/** The students collection of the dashboard and the write API (see collection.ts). */
export const studentsCollection = defineCollection<ApiStudent, StudentInput, "students">({
  key: "students",
  noun: "student",
  headings: { list: "Students", add: "Add Student", edit: "Edit Student" },
  screens: { list: "students", add: "add-student" },
  api: { read: "students", add: "add-student", item: "students" },
  fields: [
    nameField,
    { name: "batch", label: "Batch", kind: "number", hint: "Optional, e.g. 6" },
    emailFormField,
    photoField,
    { name: "session", label: "Session", kind: "text", maxLength: 9, hint: "Optional, e.g. 2020-2021" },
  ],
  columns: [
    { header: "Photo", cell: (row) => imageCell(row.photoURL) },
    {
      header: "Name and batch",
      sort: "name",
      cell: (row) => ({ kind: "lines", lines: [row.name, row.batch === null ? "" : `Batch-${row.batch}`] }),
    },
    { header: "Session", sort: "session", cell: (row) => textCell(row.session) },
    { header: "Email", cell: (row) => textCell(row.email) },
  ],
  filters: [{ name: "batch", label: "Batch", everything: "All batches" }],
  csvImport: true,
  rowScreens: [{ label: "Account", path: (id) => `students/${id}/account` }],
  rowName: (row) => row.name,
  texts: {
    added: () => "Student! added",
    updated: () => "Student! updated",
    deleted: "Student! Deleted",
    empty: "No students yet.",
  },
});
