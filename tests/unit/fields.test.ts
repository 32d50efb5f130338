import { describe, expect, it } from "vitest";
import { rowToFormValues } from "~/core/collection";
import { type CollectionKey, collections } from "~/features/collections/collections";
import { collectionServices } from "~/features/collections/collections.server";
import { sayFieldErrors } from "~/i18n/message.server";
import { parseForm } from "~/lib/form-actions.server";
import { isAllowedLink } from "~/lib/media";

const inputSchema = (key: CollectionKey) => collectionServices[key].inputSchema;

/** A collection's input schema applied, its result read field by field. */
const parseInput = (key: CollectionKey, value: unknown): Record<string, unknown> => inputSchema(key).parse(value);

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe("link fields", () => {
  it.each(["https://example.org/a.pdf", "http://example.org", "/media/abc123.pdf", "/media/2026/photo-1.png"])(
    "accept %s",
    (link) => expect(isAllowedLink(link)).toBe(true),
  );

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:text/html,<script>",
    "ftp://example.org/a",
    "//evil.example/a.png",
    "/media/../etc/passwd",
    "/media/",
    "/uploads/a.png",
    "https://",
  ])("refuse %s", (link) => expect(isAllowedLink(link)).toBe(false));
});

describe("form values", () => {
  it("become schema input: blanks are absent, whole numbers are numbers, the rest stays text", () => {
    const form = formOf({ name: " Ada ", batch: "7", session: "  ", email: "a@x.org", photoURL: "/media/a.png" });
    const parsed = parseForm(inputSchema("students"), form, "en");
    expect(parsed.ok && parsed.data).toMatchObject({ name: "Ada", batch: 7, email: "a@x.org" });
    expect(parsed.ok && (parsed.data.session || undefined)).toBeUndefined();
    expect(parsed.values.name).toBe(" Ada ");
    const odd = parseForm(inputSchema("students"), formOf({ batch: "7.5" }), "en");
    expect(odd.ok ? {} : sayFieldErrors(odd.errors, "en")).toHaveProperty("batch", "Batch must be a whole number");
    expect(odd.values.batch).toBe("7.5");
  });

  it("take what the spec's own client sends: numbers as text and empty optional inputs", () => {
    const event = {
      eventType: "Seminar",
      name: "Client seminar",
      starts_on: "",
      starts_at: "10:00",
      problem_number: "10",
      contest_duration: "2 Hours",
      details: "Details",
    };
    expect(parseInput("events", event)).toMatchObject({ problem_number: 10 });
    expect(parseInput("events", event).starts_on ?? null).toBeNull();
    const student = { name: "Ada", batch: "", email: "a@x.org", photoURL: "https://example.org/a.png" };
    expect(parseInput("students", student).batch ?? null).toBeNull();
    expect(parseInput("students", { ...student, batch: "7" }).batch).toBe(7);
    for (const bad of ["abc", "7.5", "-1"]) {
      const issues = inputSchema("students").safeParse({ ...student, batch: bad }).error?.issues ?? [];
      expect(
        issues.map((issue) => issue.path[0]),
        bad,
      ).toContain("batch");
    }
  });

  it("come back from a stored row for the edit form", () => {
    const row = { _id: "1", name: "Ada", batch: null, email: "a@x.org", photoURL: "/media/a.png", session: null };
    expect(rowToFormValues(collections.students, row, "Asia/Dhaka")).toEqual({
      name: "Ada",
      batch: "",
      email: "a@x.org",
      photoURL: "/media/a.png",
      session: "",
    });
  });

  it("every collection's form has a field for each schema key", () => {
    for (const collection of Object.values(collections)) {
      const { shape } = inputSchema(collection.key);
      expect(collection.fields.map((field) => field.name).sort(), collection.key).toEqual(Object.keys(shape).sort());
    }
  });
});
