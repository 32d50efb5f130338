import { appContext } from "~/context";
import { apiRecordOf } from "~/domain/api-records";
import { eventsCollection } from "~/domain/events.collection";
import { listEvents } from "~/domain/events.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/events";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "events", async () =>
    (await listEvents(app.db)).map((event) => apiRecordOf(eventsCollection, event)),
  );
}
