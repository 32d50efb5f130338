import { apiRecordOf } from "~/domain/api-records";
import { defineApiRoute } from "~/domain/api-route.server";
import { collectionReadDocs } from "~/domain/collection-api.server";
import { collectionServices } from "~/domain/collections.server";
import { eventsCollection } from "~/domain/events.collection";
import { listEvents } from "~/domain/events.server";
import { jsonRead } from "~/lib/api.server";

export const apiRoute = defineApiRoute({
  path: "/api/events",
  get: {
    ...collectionReadDocs(collectionServices.events),
    handle: ({ app }) =>
      jsonRead(app, "events", async () =>
        (await listEvents(app.db)).map((event) => apiRecordOf(eventsCollection, event)),
      ),
  },
});
