import { z } from "zod";
import { dateField, linkField, optionalLinkField, optionalText, requiredText } from "../../core/fields";
import { PUBLISHING_CHOICES } from "../../core/publishing";
import { checkSchedule, publishingRecordShape, publishingShape } from "../../core/publishing-input";

/**
 * Spec field names, as `GET /api/results` returns them; `img` is the result-sheet picture, if any.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function resultRecord() {
  return z.strictObject({
    _id: z.string(),
    name: z.string(),
    publishing_date: z.string(),
    pdfFile: z.string(),
    img: z.string().nullable(),
    description: z.string(),
    ...publishingRecordShape([...PUBLISHING_CHOICES, "pending"]),
  });
}

export type ApiResult = z.infer<ReturnType<typeof resultRecord>>;

/** Body of POST /api/add-result and PUT /api/results/{id}, and the dashboard's result form. */
export const resultInput = z
  .object({
    name: requiredText("messages.fields.name", 200),
    publishing_date: dateField("messages.fields.publishingDate"),
    pdfFile: linkField("messages.fields.fileLink"),
    img: optionalLinkField("messages.fields.image"),
    description: optionalText("messages.fields.description"),
    ...publishingShape,
  })
  .superRefine((input, context) => checkSchedule(input, context));

export type ResultInput = z.infer<typeof resultInput>;

/**
 * The public /result-form and POST /api/products-collection use the old second backend's
 * field names (spec section 7); all four are required there.
 */
export const resultSubmissionInput = z.object({
  name: requiredText("messages.fields.name", 200),
  "publishing-date": dateField("messages.fields.publishingDate"),
  img: linkField("messages.fields.image"),
  pdfLink: linkField("messages.fields.pdfLink"),
});

export type ResultSubmission = z.infer<typeof resultSubmissionInput>;

export function resultFromSubmission(submission: ResultSubmission): ResultInput {
  return {
    name: submission.name,
    publishing_date: submission["publishing-date"],
    pdfFile: submission.pdfLink,
    img: submission.img,
  };
}
