import { z } from "zod";
import { schemaMessage } from "~/i18n/message";
import { DEFAULT_TIME_ZONE } from "../content/site";
import { DATE_TIME, readDateTime } from "../lib/zoned-time";
import { DATE_TIME_INPUT_DESCRIPTION, dateTimeRecordField, fieldMessage } from "./fields";
import { PUBLISHING_CHOICES } from "./publishing";

/**
 * The publishing part of the input of notices, events, results and recent events: `status` and
 * `publish_at`, both optional, so a client that sends neither publishes at once (and an edit
 * without them leaves the item as it was).
 */

const PUBLISH_AT_FORMAT = schemaMessage("messages.publishing.publishAtFormat");

/**
 * The instant a `publish_at` names: an instant with its offset (`…T04:00:00Z`, `…T10:00+06:00`),
 * as a script sends it and the edges make of the form's time on the club's clocks
 * (`onClubClocks`); a time without one that reaches it otherwise (the demo seed) is the default
 * zone's.
 */
export function readPublishAt(text: string): Date | undefined {
  return readDateTime(text, DEFAULT_TIME_ZONE);
}

/** Blank, or null as a record answers it when nothing is scheduled: not given. */
const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** `status` among `choices`; blank or absent: not given. */
export function publishingStatusField<const Choices extends readonly [string, ...string[]]>(choices: Choices) {
  const message = fieldMessage("messages.field.oneOf", "messages.fields.publishing", { choices: choices.join(", ") });
  return z.preprocess(blankAsAbsent, z.enum(choices, { error: message }).optional());
}

export const publishAtField = z.preprocess(
  blankAsAbsent,
  z
    .string({ error: PUBLISH_AT_FORMAT })
    .trim()
    .regex(DATE_TIME, PUBLISH_AT_FORMAT)
    .refine((text) => readPublishAt(text) !== undefined, PUBLISH_AT_FORMAT)
    .optional()
    .meta({ description: `For Schedule: ${DATE_TIME_INPUT_DESCRIPTION}` }),
);

/** The two fields, for the collections whose only statuses are the publishing choices. */
export const publishingShape = {
  status: publishingStatusField(PUBLISHING_CHOICES),
  publish_at: publishAtField,
};

interface PublishingInput {
  status?: string;
  publish_at?: string;
}

/** What the item becomes: the chosen status; a time alone means "scheduled"; neither: unchanged (undefined). */
export function chosenStatus(input: PublishingInput): string | undefined {
  return input.status ?? (input.publish_at ? "scheduled" : undefined);
}

/**
 * A schedule needs a time, and one still ahead (checked when saved: a past time would publish at
 * once). A time with another choice is refused rather than dropped: "Publish now" with a time
 * typed in is more likely a forgotten "Schedule" than a wish to publish now.
 */
export function checkSchedule(input: PublishingInput, context: z.RefinementCtx, now = new Date()): void {
  if (chosenStatus(input) !== "scheduled") {
    if (input.publish_at) {
      context.addIssue({
        code: "custom",
        path: ["publish_at"],
        message: schemaMessage("messages.publishing.onlyForSchedule"),
      });
    }
    return;
  }
  if (!input.publish_at) {
    context.addIssue({
      code: "custom",
      path: ["publish_at"],
      message: schemaMessage("messages.publishing.requiredToSchedule"),
    });
    return;
  }
  const instant = readPublishAt(input.publish_at);
  if (instant && instant.getTime() <= now.getTime()) {
    context.addIssue({
      code: "custom",
      path: ["publish_at"],
      message: schemaMessage("messages.publishing.futureToSchedule"),
    });
  }
}

/**
 * The publishing fields of an admin's record (the dashboard and `GET /api/{collection}/{id}`);
 * public reads leave them out, so their records stay as they were.
 */
export function publishingRecordShape<const Statuses extends readonly [string, ...string[]]>(statuses: Statuses) {
  return {
    status: z.enum(statuses).optional(),
    publish_at: dateTimeRecordField("When a scheduled item is published").optional(),
  };
}
