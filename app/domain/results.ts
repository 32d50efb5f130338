import { z } from "zod";
import { dateField, linkField, optionalLinkField, optionalText, requiredText } from "./fields";

/** Spec field names, as `GET /api/results` returns them; `img` is the result-sheet picture, if any. */
export interface ApiResult {
  _id: string;
  name: string;
  publishing_date: string;
  pdfFile: string;
  img: string | null;
  description: string;
}

/** A result's file is a PDF, or else a picture of the sheet (spec: "pdf or image link"). */
export function isPdfLink(link: string): boolean {
  return /\.pdf(?:$|[?#])/i.test(link);
}

/** Body of POST /api/add-result and PUT /api/results/{id}, and the dashboard's result form. */
export const resultInput = z.object({
  name: requiredText("Name", 200),
  publishing_date: dateField("Publishing date"),
  pdfFile: linkField("File link"),
  img: optionalLinkField("Image"),
  description: optionalText("Description"),
});

export type ResultInput = z.infer<typeof resultInput>;

/**
 * The public /result-form and POST /api/products-collection use the old second backend's
 * field names (spec section 7); all four are required there.
 */
export const resultSubmissionInput = z.object({
  name: requiredText("Name", 200),
  "publishing-date": dateField("Publishing date"),
  img: linkField("Image"),
  pdfLink: linkField("PDF link"),
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
