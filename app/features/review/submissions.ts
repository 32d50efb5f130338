import type { FormFieldDef } from "~/core/collection";
import { noticeContentFields } from "~/features/collections/notices.fields";
import type { MessageKey } from "~/i18n/catalogs";
import type { ReviewableKey } from "./review";

/**
 * The public /notice-form and /result-form. A bot fills in every field it finds, so a
 * field no person sees (the honeypot) having a value marks the submission as a bot's.
 */
export const HONEYPOT_FIELD = "website";

/** The two public forms: their messages and fields (the result form keeps the old backend's names). */
export const publicForms = {
  notices: {
    path: "notice-form",
    heading: "accounts.publicForm.notices.heading",
    intro: "accounts.publicForm.notices.intro",
    received: "accounts.publicForm.notices.received",
    fields: noticeContentFields,
  },
  results: {
    path: "result-form",
    heading: "accounts.publicForm.results.heading",
    intro: "accounts.publicForm.results.intro",
    received: "accounts.publicForm.results.received",
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
  heading: MessageKey;
  intro: MessageKey;
  received: MessageKey;
  fields: readonly FormFieldDef[];
}
