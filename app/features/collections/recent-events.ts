import type { z } from "zod";
import { inputSchemaOf, recordSchemaOf } from "../../core/collection-schemas";
import { PUBLISHING_CHOICES } from "../../core/publishing";
import { checkSchedule, publishingRecordShape, publishingShape } from "../../core/publishing-input";
import { recentEventFields } from "./recent-events.fields";

/**
 * Spec field names, as `GET /api/recentEvents.JSON` returns them (`id` beside `_id`).
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function recentEventRecord() {
  return recordSchemaOf(recentEventFields, publishingRecordShape(PUBLISHING_CHOICES));
}

export type ApiRecentEvent = z.infer<ReturnType<typeof recentEventRecord>>;

/** Body of POST /api/add-recent-event and PUT /api/recent-events/{id}, and the dashboard's form. */
export const recentEventInput = inputSchemaOf(recentEventFields, publishingShape).superRefine((input, context) =>
  checkSchedule(input, context),
);

export type RecentEventInput = z.infer<typeof recentEventInput>;
