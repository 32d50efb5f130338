import { z } from "zod";
import { linkField, optionalText, requiredText } from "./fields";

/**
 * Spec field names, as `GET /api/recentEvents.JSON` returns them. The old static file
 * named the key `id`; `_id` is there too, like every other collection.
 */
export interface ApiRecentEvent {
  _id: string;
  id: string;
  name: string;
  img1: string;
  details: string;
  details1: string;
  details2: string;
  img2: string;
  img3: string;
}

/** Ids are UUIDs; anything else cannot name a recent event (and must not reach the database). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Body of POST /api/add-recent-event and PUT /api/recent-events/{id}, and the dashboard's form. */
export const recentEventInput = z.object({
  name: requiredText("Name", 200),
  img1: linkField("Card image"),
  details: requiredText("Details"),
  img2: linkField("Second image"),
  img3: linkField("Third image"),
  details1: optionalText("Further details"),
  details2: optionalText("Closing details"),
});

export type RecentEventInput = z.infer<typeof recentEventInput>;
