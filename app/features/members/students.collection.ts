import { defineCollection, formFieldsOf, imageCell, textCell } from "../../core/collection";
import { collectionScreenPaths } from "../collections/collection-screens";
import type { ApiStudent, StudentInput } from "./students";
import { studentFields } from "./students.fields";

/** The students collection of the dashboard and the write API (see collection.ts). */
export const studentsCollection = defineCollection<ApiStudent, StudentInput, "students">({
  key: "students",
  noun: "student",
  headings: { list: "Students", add: "Add Student", edit: "Edit Student" },
  ...collectionScreenPaths.students,
  api: { read: "students", add: "add-student", item: "students" },
  fields: formFieldsOf(studentFields),
  columns: [
    { header: "dashboard.column.photo", cell: (row) => imageCell(row.photoURL) },
    {
      header: "dashboard.column.nameAndBatch",
      sort: "name",
      cell: (row, { t }) => ({
        kind: "lines",
        lines: [row.name, row.batch === null ? "" : t("dashboard.cell.batch", { batch: row.batch })],
      }),
    },
    { header: "dashboard.column.session", sort: "session", cell: (row) => textCell(row.session) },
    { header: "dashboard.column.email", cell: (row) => textCell(row.email) },
  ],
  filters: [
    { name: "batch", label: "dashboard.students.filter.batch", everything: "dashboard.students.filter.allBatches" },
  ],
  rowScreens: [{ label: "dashboard.screen.account", path: (id) => `students/${id}/account` }],
  rowName: (row) => row.name,
  texts: {
    added: () => "Student! added",
    updated: () => "Student! updated",
  },
});
