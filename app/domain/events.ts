import { z } from "zod";
import { EVENT_TYPES } from "./event-types";
import { optionalDateField, requiredText, wholeNumberField } from "./fields";

export { EVENT_TYPE_PLACEHOLDER, EVENT_TYPES, type EventType } from "./event-types";

/** Spec field names, as `GET /api/events` returns them. */
export interface ApiEvent {
  _id: string;
  eventType: string;
  name: string;
  starts_on: string | null;
  starts_at: string;
  problem_number: number;
  contest_duration: string;
  details: string;
}

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
