import { z } from "zod";
import { linkField, optionalText, requiredText } from "../../core/fields";
import { PUBLISHING_CHOICES } from "../../core/publishing";
import { checkSchedule, publishingRecordShape, publishingShape } from "../../core/publishing-input";

/**
 * Spec field names, as `GET /api/recentEvents.JSON` returns them. The old static file
 * named the key `id`; `_id` is there too, like every other collection.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function recentEventRecord() {
  return z.strictObject({
    _id: z.string(),
    id: z.string(),
    name: z.string(),
    img1: z.string(),
    details: z.string(),
    details1: z.string(),
    details2: z.string(),
    img2: z.string(),
    img3: z.string(),
    ...publishingRecordShape(PUBLISHING_CHOICES),
  });
}

export type ApiRecentEvent = z.infer<ReturnType<typeof recentEventRecord>>;

/** Body of POST /api/add-recent-event and PUT /api/recent-events/{id}, and the dashboard's form. */
export const recentEventInput = z
  .object({
    name: requiredText("messages.fields.name", 200),
    img1: linkField("messages.fields.cardImage"),
    details: requiredText("messages.fields.details"),
    img2: linkField("messages.fields.secondImage"),
    img3: linkField("messages.fields.thirdImage"),
    details1: optionalText("messages.fields.furtherDetails"),
    details2: optionalText("messages.fields.closingDetails"),
    ...publishingShape,
  })
  .superRefine((input, context) => checkSchedule(input, context));

export type RecentEventInput = z.infer<typeof recentEventInput>;
