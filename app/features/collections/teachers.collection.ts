import { defineCollection, formFieldsOf, imageCell, textCell } from "../../core/collection";
import { collectionScreenPaths } from "./collection-screens";
import type { ApiTeacher, TeacherInput } from "./teachers";
import { teacherFields } from "./teachers.fields";

/** The teachers collection of the dashboard and the write API (see collection.ts). */
export const teachersCollection = defineCollection<ApiTeacher, TeacherInput, "teachers">({
  key: "teachers",
  noun: "teacher",
  headings: { list: "Teachers", add: "Add Teacher", edit: "Edit Teacher" },
  ...collectionScreenPaths.teachers,
  api: { read: "teachers", add: "add-teacher", item: "teachers" },
  fields: formFieldsOf(teacherFields),
  columns: [
    { header: "dashboard.column.photo", cell: (row) => imageCell(row.photoURL) },
    { header: "dashboard.column.name", sort: "name", cell: (row) => textCell(row.name) },
    { header: "dashboard.column.position", sort: "designation", cell: (row) => textCell(row.designation) },
    { header: "dashboard.column.email", cell: (row) => textCell(row.email) },
  ],
  rowName: (row) => row.name,
  texts: {
    added: () => "Teacher Profile! added",
    updated: () => "Teacher Profile! updated",
  },
});
