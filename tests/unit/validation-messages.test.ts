import { describe, expect, it } from "vitest";
import { z } from "zod";
import { noticeInput } from "~/features/collections/notices";
import { eventInput } from "~/features/events/events";
import { registrationMessages } from "~/features/events/registrations";
import { memberProfileInput } from "~/features/members/members.server";
import { studentInput } from "~/features/members/students";
import { subscribeInput } from "~/features/notifications/subscriptions";
import { webhookInput } from "~/features/notifications/webhooks";
import type { Message } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import { fieldErrors } from "~/lib/field-errors";
import { translateFieldErrors, translateMessage } from "~/lib/validation-messages.server";
import { bn } from "../support/messages";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("expected the input to be refused");
  return fieldErrors(parsed.error);
};

/** Bangla words (the values a message quotes, such as choices or a judge's name, stay as stored). */
const BANGLA = /[\u0980-\u09FF]{2,}/;

describe("validation messages in Bangla", () => {
  it("translates the schemas' messages, the field's label and the ICU values included", () => {
    expect(translateMessage("Name must be at most 200 characters", "bn")).toBe(
      bn("messages.field.tooLong", { field: bn("messages.fields.name"), max: 200 }),
    );
    expect(translateMessage("Name must be at most 200 characters", "bn")).toContain("২০০");
    expect(translateMessage("Publishing date must be a date (YYYY-MM-DD)", "bn")).toBe(
      bn("messages.field.date", { field: bn("messages.fields.publishingDate") }),
    );
    expect(translateMessage("Line 2: Page link must be an http(s) link", "bn")).toBe(
      bn("messages.form.line", {
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

  it("leaves English, and texts it doesn't know, as they are", () => {
    expect(translateMessage("Name must be at most 200 characters", "en")).toBe("Name must be at most 200 characters");
    expect(translateMessage("Something new happened", "bn")).toBe("Something new happened");
  });

  it.each([
    ["a notice", noticeInput, { name: "", publishing_date: "soon", description: "x".repeat(6000) }],
    ["a student", studentInput, { name: " ", email: "not-an-address", photoURL: "ftp://x", batch: "-3" }],
    ["an event", eventInput, { eventType: "Party", name: "", starts_at: "noon", problem_number: "1.5" }],
    ["a subscription", subscribeInput, { email: "nope", topics: [], frequency: "daily" }],
    ["a webhook", webhookInput, { kind: "telegram", name: "", token: "x", chatId: "?" }],
    ["a profile", memberProfileInput, { name: "A", photoURL: "x", codeforces: "!", github: "x" }],
  ] as const)("every field error of %s has a Bangla message", (_, schema, input) => {
    const english = errorsOf(schema as z.ZodType, input);
    const bangla = translateFieldErrors(english, "bn");
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const [field, message] of Object.entries(bangla)) {
      expect(message, `${field}: ${english[field]}`).not.toBe(english[field]);
      expect(message, `${field}: ${english[field]}`).toMatch(BANGLA);
    }
  });

  it("translates zod's own messages, for schemas that give none", () => {
    const schema = z.object({ title: z.string().min(3), count: z.number().max(5), tags: z.array(z.string()).min(1) });
    const bangla = translateFieldErrors(errorsOf(schema, { title: "a", count: 9, tags: [] }), "bn");
    expect(bangla).toEqual({
      title: bn("messages.zod.stringMin", { minimum: 3 }),
      count: bn("messages.zod.numberMax", { maximum: 5 }),
      tags: bn("messages.zod.arrayMin", { minimum: 1 }),
    });
    expect(translateFieldErrors(errorsOf(schema, {}), "bn").title).toBe(
      bn("messages.zod.required", { expected: bn("messages.terms.string") }),
    );
  });
});
