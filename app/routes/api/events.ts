import { listEvents } from "~/domain/events.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/events";

export function loader({ context }: Route.LoaderArgs) {
  return jsonRead(context, "events", () => listEvents(context.db));
}
