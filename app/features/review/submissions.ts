import type { FormFieldDef } from "~/core/collection";
import { noticeContentFields } from "~/features/collections/notices.collection";
import type { ReviewableKey } from "./review";

/**
 * The public /notice-form and /result-form. A bot fills in every field it finds, so a
 * field no person sees (the honeypot) having a value marks the submission as a bot's.
 */
export const HONEYPOT_FIELD = "website";

export const submissionTexts = {
  noticeHeading: "Send a notice",
  noticeIntro: "Send the club a notice for the notice board. An admin reviews it before it is published.",
  noticeReceived:
    "Notice successfully added. We received it, and it will appear on the notice board once an admin has reviewed it.",
  resultHeading: "Send a contest result",
  resultIntro: "Send the club a contest result. An admin reviews it before it is published.",
  resultReceived:
    "New product successfully added. We received your result, and it will appear once an admin has reviewed it.",
} as const;

/** The two public forms: their texts and fields (the result form keeps the old backend's names). */
export const publicForms = {
  notices: {
    path: "notice-form",
    heading: submissionTexts.noticeHeading,
    intro: submissionTexts.noticeIntro,
    received: submissionTexts.noticeReceived,
    fields: noticeContentFields,
  },
  results: {
    path: "result-form",
    heading: submissionTexts.resultHeading,
    intro: submissionTexts.resultIntro,
    received: submissionTexts.resultReceived,
    fields: [
      { name: "name", label: "Name", kind: "text", required: true, maxLength: 200 },
      { name: "publishing-date", label: "Publishing date", kind: "date", required: true },
      { name: "img", label: "Image link", kind: "link", required: true, hint: "A picture of the result sheet" },
      { name: "pdfLink", label: "PDF link", kind: "link", required: true },
    ],
  },
} satisfies Record<ReviewableKey, PublicForm>;

export interface PublicForm {
  path: string;
  heading: string;
  intro: string;
  received: string;
  fields: readonly FormFieldDef[];
}
