import { z } from "zod";
import type { MessageKey } from "~/i18n/catalogs";
import { type Message, type MessageValue, messageOf, readSchemaMessage } from "~/i18n/message";

/** Each wrong field's first message, as `{ field: message }`: the API words it in English, a page in the reader's language. */
export type FieldErrors = Record<string, Message>;

/** The first message per field (the API's `errors`, the forms' field errors). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] ??= issueMessage(issue);
  }
  return errors;
}

/**
 * One issue as a message: the schema's own (`schemaMessage`); for a schema that gives none,
 * zod's text told by its code and values (`messages.zod.*`, in English word for word what zod
 * says); any other text as it was written (`messages.zod.verbatim`: the API-only schemas').
 */
export function issueMessage(issue: z.core.$ZodIssue): Message {
  return (
    readSchemaMessage(issue.message) ??
    (isZodsOwn(issue) ? zodMessage(issue) : undefined) ??
    messageOf("messages.zod.verbatim", { text: issue.message })
  );
}

const zodsEnglish = z.locales.en().localeError;

/** Whether the issue holds zod's own English (a schema's plain text on a check keeps the check's code). */
function isZodsOwn(issue: z.core.$ZodIssue): boolean {
  // What it received is only in zod's text: the issue keeps no input unless asked to.
  if (issue.code === "invalid_type") return /^Invalid input: expected \S+, received \S+$/.test(issue.message);
  const own = zodsEnglish(issue as z.core.$ZodRawIssue);
  return (typeof own === "string" ? own : own?.message) === issue.message;
}

const TERMS: Record<string, MessageKey> = {
  string: "messages.terms.string",
  number: "messages.terms.number",
  boolean: "messages.terms.boolean",
  array: "messages.terms.array",
  object: "messages.terms.object",
  date: "messages.terms.date",
  null: "messages.terms.null",
  undefined: "messages.terms.undefined",
};

const term = (name: string): MessageValue => (TERMS[name] ? messageOf(TERMS[name]) : name);

const FORMATS: Record<string, MessageKey> = {
  email: "messages.zod.email",
  url: "messages.zod.url",
  uuid: "messages.zod.uuid",
  date: "messages.zod.date",
  datetime: "messages.zod.dateTime",
};

/** zod's text for sizes: [inclusive, exclusive] keys by what was measured. */
const TOO_SMALL: Record<string, [MessageKey, MessageKey?]> = {
  string: ["messages.zod.stringMin"],
  array: ["messages.zod.arrayMin"],
  number: ["messages.zod.numberMin", "messages.zod.numberAbove"],
};
const TOO_BIG: Record<string, [MessageKey, MessageKey?]> = {
  string: ["messages.zod.stringMax"],
  array: ["messages.zod.arrayMax"],
  number: ["messages.zod.numberMax", "messages.zod.numberBelow"],
};

/** A value as zod quotes it in its text. */
const quoted = (value: unknown) =>
  typeof value === "string" ? `"${value}"` : typeof value === "bigint" ? `${value}n` : String(value);

function zodMessage(issue: z.core.$ZodIssue): Message | undefined {
  switch (issue.code) {
    case "invalid_type": {
      const received = /, received (\S+)$/.exec(issue.message)?.[1] ?? "undefined";
      if (received === "undefined") return messageOf("messages.zod.required", { expected: term(issue.expected) });
      return messageOf("messages.zod.type", { expected: term(issue.expected), received: term(received) });
    }
    case "invalid_value":
      return issue.values.length === 1
        ? messageOf("messages.zod.value", { value: quoted(issue.values[0]) })
        : messageOf("messages.zod.option", { choices: issue.values.map(quoted).join("|") });
    case "too_small":
    case "too_big": {
      if (issue.exact) return undefined;
      const [inclusive, exclusive] = (issue.code === "too_small" ? TOO_SMALL : TOO_BIG)[issue.origin] ?? [];
      const key = issue.inclusive ? inclusive : exclusive;
      if (!key) return undefined;
      return issue.code === "too_small"
        ? messageOf(key, { minimum: Number(issue.minimum) })
        : messageOf(key, { maximum: Number(issue.maximum) });
    }
    case "invalid_format":
      if (issue.format === "regex" && "pattern" in issue) {
        return messageOf("messages.zod.pattern", { pattern: String(issue.pattern) });
      }
      return FORMATS[issue.format] ? messageOf(FORMATS[issue.format] as MessageKey) : undefined;
    case "custom":
    case "invalid_union":
      return issue.message === "Invalid input" ? messageOf("messages.zod.input") : undefined;
    default:
      return undefined;
  }
}
