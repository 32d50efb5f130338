import type { ApiNotice } from "./notices";
import type { ApiResult } from "./results";

/** Collections the public forms submit to; their submissions wait here until approved. */
export const REVIEWABLE_KEYS = ["notices", "results"] as const;
export type ReviewableKey = (typeof REVIEWABLE_KEYS)[number];

export function isReviewableKey(value: string | undefined): value is ReviewableKey {
  return (REVIEWABLE_KEYS as readonly (string | undefined)[]).includes(value);
}

/** `GET /api/review`: what the public forms sent, oldest first. */
export interface ReviewQueue {
  notices: ApiNotice[];
  results: ApiResult[];
}

export const reviewTexts = {
  heading: "Review queue",
  intro: "Notices and results sent through the public forms. Nothing here is public until you approve it.",
  empty: "Nothing is waiting for review.",
  approved: "Approved! It is public now.",
  rejected: "Rejected! The submission is removed.",
  missing: "This submission is no longer waiting for review.",
} as const;
