import { z } from "zod";
import { DEFAULT_TIME_ZONE } from "../content/site";
import type { MessageKey } from "../i18n/catalogs";
import { type FieldLabel, type MessageValue, messageOf, schemaMessage } from "../i18n/message";
import { isAllowedLink, MEDIA_URL_PREFIX } from "../lib/media";
import { DATE_TIME, instantText, readDateTime } from "../lib/zoned-time";

/**
 * Field schemas shared by every entity's input schema, so a rule (what a link may be,
 * what a date looks like) lives in one place. Messages name the field by its label
 * (`messages.fields.*`), because the dashboard shows them next to the field and the API
 * returns them by name.
 */

/** A message about the field `label`: `{field} …` with the label worded in the same language. */
export const fieldMessage = (key: MessageKey, label: FieldLabel, values?: Record<string, MessageValue>) =>
  schemaMessage(key, { field: messageOf(label), ...values });

/** PostgreSQL can't store a NUL character in text; it is refused as bad input, naming the field. */
const hasNoNul = (value: string) => !value.includes("\0");

export function requiredText(label: FieldLabel, maxLength = 5000) {
  return z
    .string({ error: fieldMessage("messages.field.required", label) })
    .trim()
    .min(1, fieldMessage("messages.field.required", label))
    .max(maxLength, fieldMessage("messages.field.tooLong", label, { max: maxLength }))
    .refine(hasNoNul, fieldMessage("messages.field.noNul", label));
}

/** Absent, null or blank all mean "not given" (the write functions store null). */
export function optionalText(label: FieldLabel, maxLength = 5000) {
  return z
    .string({ error: fieldMessage("messages.field.text", label) })
    .trim()
    .max(maxLength, fieldMessage("messages.field.tooLong", label, { max: maxLength }))
    .refine(hasNoNul, fieldMessage("messages.field.noNul", label))
    .nullish();
}

/** Every link field (pdfFile, photoURL, img…): see `isAllowedLink` (app/lib/media.ts). */
export function linkField(label: FieldLabel) {
  return requiredText(label, 2000).refine(isAllowedLink, {
    error: fieldMessage("messages.field.linkOrUpload", label, { prefix: MEDIA_URL_PREFIX }),
  });
}

export function optionalLinkField(label: FieldLabel) {
  return optionalText(label, 2000).refine((value) => !value || isAllowedLink(value), {
    error: fieldMessage("messages.field.linkOrUpload", label, { prefix: MEDIA_URL_PREFIX }),
  });
}

export function emailField(label: FieldLabel = "messages.fields.email") {
  return z
    .string({ error: fieldMessage("messages.field.required", label) })
    .trim()
    .min(1, fieldMessage("messages.field.required", label))
    .pipe(z.email({ error: fieldMessage("messages.field.email", label) }));
}

export function dateField(label: FieldLabel) {
  return z.iso.date({ error: fieldMessage("messages.field.date", label) });
}

/** An empty input means "not given": HTML forms and the spec's own client send "" for every empty field. */
const blankAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** Numbers come as numbers, or as text from forms and the spec's client ("10"); "abc" stays text and is refused. */
const numericTextAsNumber = (value: unknown) =>
  typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

export function optionalDateField(label: FieldLabel) {
  return z.preprocess(blankAsAbsent, dateField(label).nullish());
}

export function wholeNumberField(label: FieldLabel) {
  return z.preprocess(
    numericTextAsNumber,
    z
      .number({ error: fieldMessage("messages.field.number", label) })
      .int(fieldMessage("messages.field.wholeNumber", label))
      .min(0, fieldMessage("messages.field.notNegative", label))
      .max(100_000, fieldMessage("messages.field.tooLarge", label)),
  );
}

export function optionalWholeNumberField(label: FieldLabel) {
  return z.preprocess(blankAsAbsent, wholeNumberField(label).nullish());
}

/** What a date-and-time input takes, for the OpenAPI document. */
export const DATE_TIME_INPUT_DESCRIPTION =
  "RFC 3339 with an offset (2027-05-01T13:00:00+06:00, 2027-05-01T07:00:00Z), or YYYY-MM-DDTHH:MM (seconds optional) on the club's clocks";

/** What the API answers for a date and time. */
export const DATE_TIME_RECORD_DESCRIPTION =
  "RFC 3339 on the club's clocks, with its offset (2027-05-01T13:00:00+06:00)";

/**
 * A date and time: on the club's clocks as a datetime-local field sends it (`YYYY-MM-DDTHH:MM`,
 * seconds optional), or RFC 3339 with an offset as a script sends it. The edges give a time on
 * the club's clocks its offset first (`onClubClocks`, with the club's time zone setting); a time
 * without one that reaches the schema otherwise (the demo seed, a test) is read on the default
 * zone's. Kept as the instant, in UTC (`2027-05-01T07:00:00Z`); blank: not given.
 */
export function optionalLocalDateTimeField(label: FieldLabel) {
  const message = fieldMessage("messages.field.dateTime", label);
  return z.preprocess(
    blankAsAbsent,
    z
      .string({ error: message })
      .trim()
      .regex(DATE_TIME, message)
      .transform((text, context) => {
        const instant = readDateTime(text, DEFAULT_TIME_ZONE);
        if (instant) return instantText(instant);
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      })
      .nullish()
      .meta({ description: DATE_TIME_INPUT_DESCRIPTION }),
  );
}

/** A date and time of a record the API answers (see `apiRecordOf`): RFC 3339 with the club's offset. */
export function dateTimeRecordField(description: string) {
  return z.iso
    .datetime({ offset: true })
    .nullable()
    .meta({ description: `${description}: ${DATE_TIME_RECORD_DESCRIPTION}` });
}

/** Whole numbers as a list, or as text from a form ("7, 8, 9"); blank: none. */
export function wholeNumberListField(label: FieldLabel) {
  return z.preprocess(
    (value) =>
      typeof value === "string"
        ? value
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(numericTextAsNumber)
        : (value ?? []),
    // Checked as a whole, so the error names the field rather than one item of it.
    z
      .array(z.unknown(), { error: fieldMessage("messages.field.numberList", label) })
      .max(100, fieldMessage("messages.field.listAtMost", label, { max: 100 }))
      .refine((items) => items.every((item) => Number.isInteger(item) && (item as number) >= 0), {
        error: fieldMessage("messages.field.numberList", label),
      })
      .transform((items) => items as number[]),
  );
}
