import { listRecentEvents } from "~/domain/recent-events.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/recent-events";

export function loader({ context }: Route.LoaderArgs) {
  return jsonRead(context, "recent events", () => listRecentEvents(context.db));
}
