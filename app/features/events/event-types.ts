/** Event types of spec section 3; 'Select One' is the form's placeholder, never a stored type. */
export const EVENT_TYPES = ["Programming Contest", "WorkShop", "Webinars", "Seminar", "Boot Camp"] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The add-event form's empty choice (spec section 3); never accepted. */
export const EVENT_TYPE_PLACEHOLDER = "Select One";

import { EVENT_STATUSES, REGISTRATION_STATUSES } from "../../db/enums";

export { EVENT_STATUSES, REGISTRATION_STATUSES };

export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Statuses visitors never see: in no page, list, feed, calendar or sitemap. */
export const UNPUBLISHED_EVENT_STATUSES = ["draft", "scheduled"] as const satisfies readonly EventStatus[];

export function isPublicEventStatus(status: EventStatus): boolean {
  return !(UNPUBLISHED_EVENT_STATUSES as readonly EventStatus[]).includes(status);
}

export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
