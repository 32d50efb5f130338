import { z } from "zod";
import { fieldMessage } from "~/core/fields";
import { schemaMessage } from "~/i18n/message";
import { inputSchemaOf, recordSchemaOf } from "../../core/collection-schemas";
import { dateTimeRecordField, wholeNumberField, wholeNumberListField } from "../../core/fields";
import { checkSchedule, publishAtField, publishingStatusField } from "../../core/publishing-input";
import { EVENT_STATUSES, EVENT_TYPES, type EventStatus } from "./event-types";
import { eventFields } from "./events.fields";

export {
  EVENT_STATUSES,
  EVENT_TYPE_PLACEHOLDER,
  EVENT_TYPES,
  type EventStatus,
  type EventType,
} from "./event-types";

/**
 * Spec field names, as `GET /api/events` returns them: the field list's (events.fields.ts), and
 * what it can't say: the end's and window's descriptions, the team sizes, batches and choices as
 * the values they are, and publishing.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function eventRecord() {
  return recordSchemaOf(eventFields, {
    ends_at: dateTimeRecordField("When the event ends"),
    registration_opens: dateTimeRecordField("When registration opens"),
    registration_closes: dateTimeRecordField("When registration closes"),
    waitlist: z.boolean(),
    team_size_min: z.number().int(),
    team_size_max: z.number().int(),
    eligible_batches: z.array(z.number().int()),
    members_only: z
      .boolean()
      .meta({ description: "Only approved members of the current membership round may register" }),
    status: z.enum(EVENT_STATUSES),
    publish_at: dateTimeRecordField("When a scheduled event is published").optional(),
  });
}

export type ApiEvent = z.infer<ReturnType<typeof eventRecord>>;

/** The Publishing choices in the form's order: the publishing ones first, then cancelling. */
const PUBLISHED_FIRST = ["published", "draft", "scheduled", "cancelled"] as const satisfies readonly EventStatus[];

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A field left empty (or out) takes its default. */
const blankAs = (fallback: unknown) => (value: unknown) => (value === "" || value == null ? fallback : value);

/**
 * Body of POST /api/add-event and PUT /api/event/{id}, and the dashboard's event form: the field
 * list's rules, and the ones it can't say (a time of day; choices, sizes and batches as values).
 */
export const eventInput = inputSchemaOf(eventFields, {
  eventType: z.enum(EVENT_TYPES, {
    error: fieldMessage("messages.field.oneOf", "messages.fields.eventType", { choices: EVENT_TYPES.join(", ") }),
  }),
  starts_at: z
    .string({ error: fieldMessage("messages.field.required", "messages.fields.startTime") })
    .regex(TIME_OF_DAY, fieldMessage("messages.field.time", "messages.fields.startTime")),
  waitlist: z.preprocess(
    (value) => (value === "false" ? false : value === "true" ? true : blankAs(true)(value)),
    z.boolean({ error: fieldMessage("messages.field.trueOrFalse", "messages.fields.waitlist") }),
  ),
  team_size_min: z.preprocess(blankAs(1), wholeNumberField("messages.fields.smallestTeam")),
  team_size_max: z.preprocess(blankAs(1), wholeNumberField("messages.fields.largestTeam")),
  eligible_batches: wholeNumberListField("messages.fields.eligibleBatches"),
  members_only: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : blankAs(false)(value)),
    z.boolean({ error: fieldMessage("messages.field.trueOrFalse", "messages.fields.membersOnly") }),
  ),
  // Absent: published when added, unchanged when edited (see publishing.server.ts).
  status: publishingStatusField(PUBLISHED_FIRST),
  publish_at: publishAtField,
}).superRefine((input, context) => {
  if (input.team_size_max < input.team_size_min || input.team_size_min < 1) {
    context.addIssue({
      code: "custom",
      path: ["team_size_max"],
      message: schemaMessage("messages.events.teamSizes"),
    });
  }
  if (input.registration_opens && input.registration_closes && input.registration_closes < input.registration_opens) {
    context.addIssue({
      code: "custom",
      path: ["registration_closes"],
      message: schemaMessage("messages.events.registrationWindow"),
    });
  }
  checkSchedule(input, context);
});

export type EventInput = z.infer<typeof eventInput>;
