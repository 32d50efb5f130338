import { appContext } from "~/context";
import { listRecentEvents } from "~/domain/recent-events.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/recent-events";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "recent events", () => listRecentEvents(app.db));
}
