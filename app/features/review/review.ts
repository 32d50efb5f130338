import type { ApiNotice } from "~/features/collections/notices";
import type { ApiResult } from "~/features/collections/results";
import type { Page } from "~/lib/pagination";

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
