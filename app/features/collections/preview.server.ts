import { type EventCategory, eventCategories } from "~/content/events";
import type { Database } from "~/db/client.server";
import type { ApiEvent } from "~/features/events/events";
import { eventStore } from "~/features/events/events.server";
import type { ApiNotice } from "./notices";
import { noticeStore } from "./notices.server";
import type { ApiRecentEvent } from "./recent-events";
import { recentEventStore } from "./recent-events.server";
import type { ApiResult } from "./results";
import { resultStore } from "./results.server";

/** The collections whose items may be drafts or scheduled, and so have a private preview. */
export const PREVIEW_COLLECTIONS = ["notices", "events", "results", "recent-events"] as const;

export type PreviewCollection = (typeof PREVIEW_COLLECTIONS)[number];

export function isPreviewCollection(value: string | undefined): value is PreviewCollection {
  return (PREVIEW_COLLECTIONS as readonly (string | undefined)[]).includes(value);
}

/** What a preview shows: the item as an admin reads it (whatever its status), ready for its public view. */
export type PreviewItem =
  | { collection: "notices"; item: ApiNotice }
  | { collection: "results"; item: ApiResult }
  | { collection: "recent-events"; item: ApiRecentEvent }
  | { collection: "events"; item: ApiEvent; category: Pick<EventCategory, "slug" | "label" | "eventType"> };

/** The item a preview link names, or undefined when there is none. */
export async function findPreviewItem(
  db: Database,
  collection: PreviewCollection,
  id: string,
): Promise<PreviewItem | undefined> {
  switch (collection) {
    case "notices": {
      const item = await noticeStore.get(db, id);
      return item && { collection, item };
    }
    case "results": {
      const item = await resultStore.get(db, id);
      return item && { collection, item };
    }
    case "recent-events": {
      const item = await recentEventStore.get(db, id);
      return item && { collection, item };
    }
    case "events": {
      const item = await eventStore.get(db, id);
      const category = item && eventCategories.find((candidate) => candidate.eventType === item.eventType);
      return item && category && { collection, item, category: pickCategory(category) };
    }
  }
}

const pickCategory = ({ slug, label, eventType }: EventCategory) => ({ slug, label, eventType });

/** The item's name, for the preview's title. */
export function previewTitle(preview: PreviewItem): string {
  return preview.item.name;
}
