import { describe, expect, it } from "vitest";
import { z } from "zod";
import { requiredText } from "~/core/fields";
import { noticeInput } from "~/features/collections/notices";
import { eventInput } from "~/features/events/events";
import { registrationMessages } from "~/features/events/registrations";
import { memberProfileInput } from "~/features/members/members.server";
import { studentInput } from "~/features/members/students";
import { subscribeInput } from "~/features/notifications/subscriptions";
import { webhookInput } from "~/features/notifications/webhooks";
import { type Message, messageOf } from "~/i18n/message";
import { sayFieldErrors, sayMessage } from "~/i18n/message.server";
import { fieldErrors } from "~/lib/field-errors";
import { bn } from "../support/messages";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected the input to be refused");
  return fieldErrors(parsed.error);
};

/** Bangla words (the values a message quotes, such as choices or a judge's name, stay as stored). */
const BANGLA = /[\u0980-\u09FF]{2,}/;

describe("validation messages", () => {
  it("are descriptors: a catalog key, the field's label among its values", () => {
    const errors = errorsOf(z.object({ name: requiredText("messages.fields.name", 200) }), { name: "x".repeat(201) });
    expect(errors.name).toEqual(
      messageOf("messages.field.tooLong", { field: messageOf("messages.fields.name"), max: 200 }),
    );
    expect(sayMessage(errors.name as Message, "en")).toBe("Name must be at most 200 characters");
    expect(sayMessage(errors.name as Message, "bn")).toBe(
      bn("messages.field.tooLong", { field: bn("messages.fields.name"), max: 200 }),
    );
    expect(sayMessage(errors.name as Message, "bn")).toContain("২০০");
  });

  it("word a nested message in the same language", () => {
    const line = messageOf("tools.settings.line", {
      line: 2,
      message: messageOf("messages.field.httpLink", { field: messageOf("messages.fields.pageLink") }),
    });
    expect(sayMessage(line, "en")).toBe("Line 2: Page link must be an http(s) link");
    expect(sayMessage(line, "bn")).toBe(
      bn("tools.settings.line", {
        line: 2,
        message: bn("messages.field.httpLink", { field: bn("messages.fields.pageLink") }),
      }),
    );
  });

  it("words the registration module's answers, messages with their values, in Bangla", () => {
    const texts = registrationMessages;
    const answers: [Message, string][] = [
      [texts.registered, bn("messages.registration.registered")],
      [texts.waitlisted(3), bn("messages.registration.waitlisted", { position: 3 })],
      [texts.alreadyRegistered, bn("messages.registration.alreadyRegistered")],
      [texts.teammateTwice("a@example.org"), bn("messages.registration.teammateTwice", { email: "a@example.org" })],
      [texts.teamSize(3, 3), bn("messages.registration.teamSizeExact", { min: 3, teammates: 2 })],
      [texts.teamSize(2, 4), bn("messages.registration.teamSizeRange", { min: 2, max: 4, fewest: 1, most: 3 })],
      [texts.notEligible("7, 8"), bn("messages.registration.notEligible", { batches: "7, 8" })],
      [texts.closed, bn("messages.registration.closed")],
      [texts.teamNameRequired, bn("messages.field.required", { field: bn("messages.fields.teamName") })],
    ];
    for (const [message, bangla] of answers) {
      expect(sayMessage(message, "bn"), message.key).toBe(bangla);
      expect(sayMessage(message, "bn"), message.key).toMatch(BANGLA);
    }
    expect(sayMessage(texts.waitlisted(3), "bn")).toContain("৩");
    expect(sayMessage(texts.teamNameRequired, "en")).toBe("Team name is required");
  });

  it.each([
    ["a notice", noticeInput, { name: "", publishing_date: "soon", description: "x".repeat(6000) }],
    ["a student", studentInput, { name: " ", email: "not-an-address", photoURL: "ftp://x", batch: "-3" }],
    ["an event", eventInput, { eventType: "Party", name: "", starts_at: "noon", problem_number: "1.5" }],
    ["a subscription", subscribeInput, { email: "nope", topics: [], frequency: "daily" }],
    ["a webhook", webhookInput, { kind: "telegram", name: "", token: "x", chatId: "?" }],
    ["a profile", memberProfileInput, { name: "A", photoURL: "x", codeforces: "!", github: "x" }],
  ] as const)("every field error of %s is a catalog message, in Bangla on a page", (_, schema, input) => {
    const errors = errorsOf(schema as z.ZodType, input);
    const english = sayFieldErrors(errors, "en");
    const bangla = sayFieldErrors(errors, "bn");
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    for (const [field, message] of Object.entries(errors)) {
      expect(message.key, field).not.toBe("messages.zod.verbatim");
      expect(bangla[field], `${field}: ${english[field]}`).not.toBe(english[field]);
      expect(bangla[field], `${field}: ${english[field]}`).toMatch(BANGLA);
    }
  });

  it("reads zod's own issues by their code, for schemas that give no message, in zod's English word for word", () => {
    const schema = z.object({ title: z.string().min(3), count: z.number().max(5), tags: z.array(z.string()).min(1) });
    const invalid = { title: "a", count: 9, tags: [] };
    const parsed = schema.safeParse(invalid);
    if (parsed.success) throw new Error("expected the input to be refused");
    const zodsOwn = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(sayFieldErrors(errorsOf(schema, invalid), "en")).toEqual(zodsOwn);
    expect(sayFieldErrors(errorsOf(schema, invalid), "bn")).toEqual({
      title: bn("messages.zod.stringMin", { minimum: 3 }),
      count: bn("messages.zod.numberMax", { maximum: 5 }),
      tags: bn("messages.zod.arrayMin", { minimum: 1 }),
    });
    expect(errorsOf(schema, {}).title).toEqual(
      messageOf("messages.zod.required", { expected: messageOf("messages.terms.string") }),
    );
    expect(sayMessage(errorsOf(schema, {}).title as Message, "en")).toBe(
      "Invalid input: expected string, received undefined",
    );
    expect(sayMessage(errorsOf(schema, { title: 5, count: 1, tags: [] }).title as Message, "en")).toBe(
      "Invalid input: expected string, received number",
    );
    expect(sayMessage(errorsOf(z.enum(["a", "b"]), "c").body as Message, "en")).toBe(
      'Invalid option: expected one of "a"|"b"',
    );
  });

  it.each([
    ["a literal", z.literal("on"), "off"],
    ["a pattern", z.string().regex(/^\d+$/), "x"],
    ["an email", z.email(), "x"],
    ["a URL", z.url(), "x"],
    ["a UUID", z.uuid(), "x"],
    ["a date", z.iso.date(), "x"],
    ["a date and time", z.iso.datetime(), "x"],
    ["a number above", z.number().gt(3), 3],
    ["a number below", z.number().lt(3), 3],
    ["a number at least", z.number().min(3), 2],
    ["a long string", z.string().max(2), "abc"],
    ["a long list", z.array(z.number()).max(1), [1, 2]],
    ["a boolean", z.boolean(), "yes"],
    ["a union", z.union([z.number(), z.boolean()]), "x"],
  ] as const)("word zod's own text for %s in English exactly as zod does, from the catalog", (_, schema, input) => {
    const parsed = (schema as z.ZodType).safeParse(input);
    if (parsed.success) throw new Error("expected the input to be refused");
    const [issue] = parsed.error.issues;
    const message = fieldErrors(parsed.error).body as Message;
    expect(message.key).not.toBe("messages.zod.verbatim");
    expect(sayMessage(message, "en")).toBe(issue?.message);
    expect(sayMessage(message, "bn")).toMatch(BANGLA);
  });

  it("keeps a text the catalogs don't know as it was written: zod's rarer ones, an API-only schema's own", () => {
    const errors = errorsOf(z.object({ n: z.number().multipleOf(5) }), { n: 3 });
    expect(errors.n?.key).toBe("messages.zod.verbatim");
    expect(sayMessage(errors.n as Message, "bn")).toBe("Invalid number: must be a multiple of 5");
    const own = errorsOf(z.object({ n: z.number().min(1, "n must be more than zero") }), { n: 0 });
    expect(sayMessage(own.n as Message, "en")).toBe("n must be more than zero");
  });
});
