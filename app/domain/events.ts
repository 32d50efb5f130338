import { z } from "zod";
import { EVENT_TYPES } from "./event-types";
import { optionalDateField, requiredText, wholeNumberField } from "./fields";

export { EVENT_TYPE_PLACEHOLDER, EVENT_TYPES, type EventType } from "./event-types";

/**
 * Spec field names, as `GET /api/events` returns them.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function eventRecord() {
  return z.strictObject({
    _id: z.string(),
    eventType: z.string(),
    name: z.string(),
    starts_on: z.string().nullable(),
    starts_at: z.string(),
    problem_number: z.number().int(),
    contest_duration: z.string(),
    details: z.string(),
  });
}

export type ApiEvent = z.infer<ReturnType<typeof eventRecord>>;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Body of POST /api/add-event and PUT /api/event/{id}, and the dashboard's event form. */
export const eventInput = z.object({
  eventType: z.enum(EVENT_TYPES, { error: `Event type must be one of: ${EVENT_TYPES.join(", ")}` }),
  name: requiredText("Name", 200),
  starts_on: optionalDateField("Start date"),
  starts_at: z.string({ error: "Start time is required" }).regex(TIME_OF_DAY, "Start time must be a time (HH:MM)"),
  problem_number: wholeNumberField("Problem count"),
  contest_duration: requiredText("Duration", 100),
  details: requiredText("Details"),
});

export type EventInput = z.infer<typeof eventInput>;
