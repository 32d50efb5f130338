import { jsonRead } from "~/core/api.server";
import { apiRecordOf } from "~/core/api-records";
import { defineApiRoute } from "~/core/api-route.server";
import { readClubTimeZone } from "~/core/settings.server";
import { collectionReadDocs } from "~/features/collections/collection-api.server";
import { collectionServices } from "~/features/collections/collections.server";
import { eventsCollection } from "~/features/events/events.collection";
import { listEvents } from "~/features/events/events.server";

export const apiRoute = defineApiRoute({
  path: "/api/events",
  get: {
    ...collectionReadDocs(collectionServices.events),
    handle: async ({ app }) => {
      const timeZone = await readClubTimeZone(app);
      return jsonRead(app, "events", async () =>
        (await listEvents(app.db)).map((event) => apiRecordOf(eventsCollection, event, timeZone)),
      );
    },
  },
});
