import type { Page } from "~/lib/pagination";
import type { ApiNotice } from "./notices";
import type { ApiResult } from "./results";

/** Collections the public forms submit to; their submissions wait here until approved. */
export const REVIEWABLE_KEYS = ["notices", "results"] as const;
export type ReviewableKey = (typeof REVIEWABLE_KEYS)[number];

export function isReviewableKey(value: string | undefined): value is ReviewableKey {
  return (REVIEWABLE_KEYS as readonly (string | undefined)[]).includes(value);
}

export type ReviewItem = ApiNotice | ApiResult;

/** `GET /api/review`: what the public forms sent, a page of each collection, newest first. */
export interface ReviewQueue {
  notices: Page<ApiNotice>;
  results: Page<ApiResult>;
}

/** "notice" → "Notices". */
const pluralOf = (noun: string) => `${noun[0]?.toUpperCase()}${noun.slice(1)}s`;

export const reviewTexts = {
  heading: "Review queue",
  intro: "Notices and results sent through the public forms. Nothing here is public until you approve it.",
  empty: "Nothing is waiting for review.",
  approved: "Approved! It is public now.",
  rejected: "Rejected! The submission is removed.",
  missing: "This submission is no longer waiting for review.",
  noneSelected: "Select at least one submission first.",
  /** "Notices waiting (2)": the section heading, its table's caption and its pages say the same. */
  waiting: (noun: string, count: number) => `${pluralOf(noun)} waiting (${count})`,
  caption: (noun: string) => `${pluralOf(noun)} waiting for review, newest first`,
  pages: (noun: string) => `${pluralOf(noun)} waiting, pages`,
  rejectSelected: "Reject selected",
  approveSelected: "Approve selected",
  approvedMany: (count: number) =>
    count === 1 ? "Approved! 1 submission is public now." : `Approved! ${count} submissions are public now.`,
  show: "Show",
  showEverything: "Notices and results",
  rejectedMany: (count: number) =>
    count === 1 ? "Rejected! 1 submission is removed." : `Rejected! ${count} submissions are removed.`,
} as const;
