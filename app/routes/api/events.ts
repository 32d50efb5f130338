import { appContext } from "~/context";
import { listEvents } from "~/domain/events.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/events";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "events", () => listEvents(app.db));
}
