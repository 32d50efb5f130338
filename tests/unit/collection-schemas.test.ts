import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type EntityFieldDef, fieldLabelOf, labelNamedAs } from "~/core/collection";
import { recordOf, valuesOf } from "~/core/collection-rows.server";
import { inputSchemaOf, recordSchemaOf } from "~/core/collection-schemas";
import { events, results, students, teachers } from "~/db/schema";
import { collectionServices } from "~/features/collections/collections.server";
import { resultFields } from "~/features/collections/results.fields";
import { teacherFields } from "~/features/collections/teachers.fields";
import type { ApiEvent, EventInput } from "~/features/events/events";
import { eventFields } from "~/features/events/events.fields";
import { studentFields } from "~/features/members/students.fields";
import { sourceCatalogs } from "~/i18n/catalogs.server";
import { messageOf } from "~/i18n/message";
import { fieldErrors } from "~/lib/field-errors";
import { entityFormFields } from "../support/entity-fields";

const fields = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: 5 },
  { name: "slug", readOnly: true },
  { name: "notes", label: "Notes", kind: "textarea", message: "messages.fields.details", absentAs: "" },
  { name: "img", label: "Image", kind: "link", message: "messages.fields.image" },
  { name: "batch", label: "Batch", kind: "number", message: "messages.fields.batch" },
] as const satisfies readonly EntityFieldDef[];

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected the input to be refused");
  return fieldErrors(parsed.error);
};

/** Refused as longer than the field allows (a pattern may refuse it too, for another reason). */
const isTooLong = (schema: z.ZodType, text: string) =>
  schema.safeParse(text).error?.issues.some((issue) => issue.message.includes('"messages.field.tooLong"')) ?? false;

describe("an entity's schemas, derived from its field list", () => {
  it("check each field by its kind, `required` and `maxLength`, naming it by the label its name or `message` says", () => {
    const input = inputSchemaOf(fields);
    expect(Object.keys(input.shape)).toEqual(["title", "notes", "img", "batch"]);
    expect(errorsOf(input, { title: "x".repeat(6), img: "ftp://x", batch: "-1" })).toEqual({
      title: messageOf("messages.field.tooLong", { field: messageOf("messages.fields.title"), max: 5 }),
      img: messageOf("messages.field.linkOrUpload", { field: messageOf("messages.fields.image"), prefix: "/media/" }),
      batch: messageOf("messages.field.notNegative", { field: messageOf("messages.fields.batch") }),
    });
    expect(input.parse({ title: " Hi ", notes: "", img: "", batch: "" })).toEqual({
      title: "Hi",
      notes: "",
      img: "",
    });
  });

  it("are given a field's label only where no label is named as the field is", () => {
    const labels = sourceCatalogs.en.messages as Record<string, string>;
    for (const field of entityFormFields) {
      expect(labels[fieldLabelOf(field)], field.name).toBeTruthy();
      if (field.message) expect(labels[labelNamedAs(field.name)], field.name).toBeUndefined();
    }
  });

  it("answer records with `_id` first, a read-only field as text, and an absent value as the field says", () => {
    const record = recordSchemaOf(fields);
    expect(Object.keys(record.shape)).toEqual(["_id", "title", "slug", "notes", "img", "batch"]);
    const row = { _id: "1", title: "Hi", slug: "hi", notes: "", img: null, batch: null };
    expect(record.parse(row)).toEqual(row);
    expect(record.safeParse({ ...row, notes: null }).success).toBe(false);
    expect(record.safeParse({ ...row, batch: 1.5 }).success).toBe(false);
    expect(record.safeParse({ ...row, extra: 1 }).success).toBe(false);
  });

  it("take a schema given in place of a field's, and more fields after the list's", () => {
    const input = inputSchemaOf(fields, { notes: z.literal("fixed"), status: z.string() });
    expect(Object.keys(input.shape)).toEqual(["title", "notes", "img", "batch", "status"]);
    expect(input.shape.notes.safeParse("other").success).toBe(false);
  });

  it("read an optional date and time as its instant, and answer one in RFC 3339 with an offset", () => {
    const timed = [
      { name: "ends_at", label: "Ends at", kind: "datetime", message: "messages.fields.endsAt" },
    ] as const satisfies readonly EntityFieldDef[];
    const input = inputSchemaOf(timed);
    // Without an offset: the default zone's clocks (Asia/Dhaka); the edges give the club's first.
    expect(input.parse({ ends_at: "2031-06-01T13:00" })).toEqual({ ends_at: "2031-06-01T07:00:00Z" });
    expect(input.parse({ ends_at: "" })).toEqual({});
    expect(errorsOf(input, { ends_at: "2031-02-30T10:00" })).toEqual({
      ends_at: messageOf("messages.field.dateTime", { field: messageOf("messages.fields.endsAt") }),
    });
    const record = recordSchemaOf(timed);
    expect(record.safeParse({ _id: "1", ends_at: "2031-06-01T13:00:00+06:00" }).success).toBe(true);
    expect(record.safeParse({ _id: "1", ends_at: null }).success).toBe(true);
    expect(record.safeParse({ _id: "1", ends_at: "2031-06-01T13:00" }).success).toBe(false);
  });

  it("refuse a field whose kind has no rule of its own unless its schema is given", () => {
    const choice = [
      { name: "level", label: "Level", kind: "select", options: ["a"], message: "messages.fields.title" },
    ] as const satisfies readonly EntityFieldDef[];
    expect(() => inputSchemaOf(choice)).toThrow(/level/);
    expect(Object.keys(inputSchemaOf(choice, { level: z.enum(["a"]) }).shape)).toEqual(["level"]);
  });

  it("give every derived collection's form the fields its input checks, each as long as the form allows", () => {
    for (const key of [
      "teachers",
      "executives",
      "results",
      "recent-events",
      "notices",
      "students",
      "events",
    ] as const) {
      const { collection, inputSchema } = collectionServices[key];
      expect(collection.fields.map((field) => field.name)).toEqual(Object.keys(inputSchema.shape));
      for (const field of collection.fields.filter((candidate) => candidate.maxLength)) {
        const schema = inputSchema.shape[field.name];
        if (!schema) throw new Error(`${key} checks no ${field.name}`);
        const max = field.maxLength ?? 0;
        expect(isTooLong(schema, "x".repeat(max)), `${key} ${field.name}`).toBe(false);
        expect(isTooLong(schema, "x".repeat(max + 1)), `${key} ${field.name}`).toBe(true);
      }
    }
  });
});

describe("an entity's rows, derived from its field list", () => {
  it("read a row as its record: its column, or '' where the field answers '' for none", () => {
    const row = {
      id: "r1",
      name: "Finals",
      publishingDate: "2026-01-02",
      pdfFile: "/media/a.pdf",
      img: null,
      description: null,
    };
    expect(recordOf(resultFields)(row)).toEqual({
      _id: "r1",
      name: "Finals",
      publishing_date: "2026-01-02",
      pdfFile: "/media/a.pdf",
      img: null,
      description: "",
    });
  });

  it("write an optional field not given as null in a nullable column and as '' in one that can't be null", () => {
    expect(
      valuesOf(results, resultFields)({ name: "F", publishing_date: "2026-01-02", pdfFile: "/media/a.pdf", img: "" }),
    ).toEqual({ name: "F", publishingDate: "2026-01-02", pdfFile: "/media/a.pdf", img: null, description: null });
    const teacher = { name: "T", designation: "D", email: "t@x.org", photoURL: "/media/t.png", joinDate: "2020-01-01" };
    expect(valuesOf(teachers, teacherFields)(teacher)).toEqual({ ...teacher, details: "" });
    const student = { name: "S", email: "s@x.org", photoURL: "/media/s.png" };
    expect(valuesOf(students, studentFields)({ ...student, batch: 0, session: "" })).toEqual({
      ...student,
      batch: 0,
      session: null,
    });
  });

  it("store a field in the column drizzle keys by its name, an instant as a Date, and read them back as the record", () => {
    const input: EventInput = {
      eventType: "WorkShop",
      name: "Graphs",
      starts_on: "2027-05-01",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "2 Hours",
      details: "Bring a laptop.",
      ends_at: "2027-05-01T07:00:00Z",
      registration_opens: "",
      capacity: 0,
      waitlist: false,
      team_size_min: 1,
      team_size_max: 3,
      eligible_batches: [7, 8],
      members_only: true,
    };
    const values = valuesOf<typeof events, typeof eventFields, EventInput>(events, eventFields)(input);
    expect(values).toMatchObject({
      startsOn: "2027-05-01",
      problemNumber: 0,
      contestDuration: "2 Hours",
      endsAt: new Date("2027-05-01T07:00:00Z"),
      registrationOpens: null,
      registrationCloses: null,
      venue: "",
      capacity: 0,
      waitlist: false,
      teamSizeMax: 3,
      eligibleBatches: [7, 8],
      membersOnly: true,
    });
    expect(values).not.toHaveProperty("slug");
    const record = recordOf<typeof eventFields, ApiEvent>(eventFields)({ id: "e1", slug: "graphs", ...values });
    expect(record).toMatchObject({
      _id: "e1",
      slug: "graphs",
      starts_on: "2027-05-01",
      ends_at: "2027-05-01T07:00:00Z",
      registration_opens: null,
      venue: "",
      banner: "",
      eligible_batches: [7, 8],
      members_only: true,
    });
  });
});
