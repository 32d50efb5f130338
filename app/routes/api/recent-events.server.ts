import { jsonRead } from "~/core/api.server";
import { defineApiRoute } from "~/core/api-route.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { listRecentEvents } from "~/features/collections/recent-events.server";

export const apiRoute = defineApiRoute({
  path: "/api/recentEvents.JSON",
  get: {
    ...collectionReadDocs(collectionServices["recent-events"]),
    handle: ({ app }) => jsonRead(app, "recent events", () => listRecentEvents(app.db)),
  },
});
