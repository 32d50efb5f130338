import type { MessageKey, MessageValues } from "~/i18n/catalogs";

/** The member facts' labels and hints (a profile and a membership application show them), by field name. */
export const MEMBER_FIELD_TEXTS: Record<string, { label: MessageKey; hint?: MessageKey; values?: MessageValues }> = {
  name: { label: "accounts.field.name" },
  batch: { label: "accounts.member.batch", hint: "accounts.member.batchHint", values: { example: "6" } },
  session: { label: "accounts.member.session", hint: "accounts.member.sessionHint", values: { example: "2020-2021" } },
  studentId: { label: "accounts.member.studentId", hint: "accounts.member.optional" },
  photoURL: { label: "accounts.member.photo", hint: "accounts.member.photoHint" },
};
