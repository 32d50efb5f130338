import { defineApiRoute } from "~/domain/api-route.server";
import { collectionReadDocs } from "~/domain/collection-api.server";
import { collectionServices } from "~/domain/collections.server";
import { listRecentEvents } from "~/domain/recent-events.server";
import { jsonRead } from "~/lib/api.server";

export const apiRoute = defineApiRoute({
  path: "/api/recentEvents.JSON",
  get: {
    ...collectionReadDocs(collectionServices["recent-events"]),
    handle: ({ app }) => jsonRead(app, "recent events", () => listRecentEvents(app.db)),
  },
});
