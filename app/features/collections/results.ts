import { z } from "zod";
import { inputSchemaOf, recordSchemaOf } from "../../core/collection-schemas";
import { dateField, linkField, requiredText } from "../../core/fields";
import { PUBLISHING_CHOICES } from "../../core/publishing";
import { checkSchedule, publishingRecordShape, publishingShape } from "../../core/publishing-input";
import { resultFields } from "./results.fields";

/**
 * Spec field names, as `GET /api/results` returns them; `img` is the result-sheet picture, if any.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function resultRecord() {
  return recordSchemaOf(resultFields, publishingRecordShape([...PUBLISHING_CHOICES, "pending"]));
}

export type ApiResult = z.infer<ReturnType<typeof resultRecord>>;

/** Body of POST /api/add-result and PUT /api/results/{id}, and the dashboard's result form. */
export const resultInput = inputSchemaOf(resultFields, publishingShape).superRefine((input, context) =>
  checkSchedule(input, context),
);

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
