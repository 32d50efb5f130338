import type { z } from "zod";
import { inputSchemaOf, recordSchemaOf } from "../../core/collection-schemas";
import { PUBLISHING_CHOICES } from "../../core/publishing";
import { checkSchedule, publishingRecordShape, publishingShape } from "../../core/publishing-input";
import { noticeFields } from "./notices.fields";

/** The notice board shows months as these three-letter labels (spec section 3). */
export const MONTH_ABBREVIATIONS = [
  "JAN",
  "FEB",
  "MAR",
  "APR",
  "MAY",
  "JUN",
  "JUL",
  "AUG",
  "SEP",
  "OCT",
  "NOV",
  "DEC",
] as const;

export type MonthAbbreviation = (typeof MONTH_ABBREVIATIONS)[number];

/**
 * Spec field names, as `GET /api/all-notice` returns them; `slug` names the notice's sub-route.
 * A function, so a browser bundle that needs only the type drops zod.
 */
export function noticeRecord() {
  return recordSchemaOf(noticeFields, publishingRecordShape([...PUBLISHING_CHOICES, "pending"]));
}

export type ApiNotice = z.infer<ReturnType<typeof noticeRecord>>;

/** A notice whose name has nothing to make an address of is at /notice/notice. */
export const NOTICE_FALLBACK_SLUG = "notice";
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Derives the board's month label and day from a `YYYY-MM-DD` date. The day keeps its
 * two digits ("05") because the notice list renders it as it is stored.
 */
export function noticeDateParts(publishingDate: string): { chrMonth: MonthAbbreviation; day: string } {
  const match = ISO_DATE.exec(publishingDate.trim());
  const [, year, month, day] = match ?? [];
  if (!year || !month || !day || !isRealDate(Number(year), Number(month), Number(day))) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(publishingDate)}`);
  }
  return { chrMonth: MONTH_ABBREVIATIONS[Number(month) - 1] as MonthAbbreviation, day };
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Body of POST /api/add-notice and PUT /api/notices/{id}, the dashboard's notice form and
 * the public /notice-form. A client's chrMonth and day are ignored: the server derives them.
 */
export const noticeInput = inputSchemaOf(noticeFields, publishingShape).superRefine((input, context) =>
  checkSchedule(input, context),
);

export type NoticeInput = z.infer<typeof noticeInput>;
