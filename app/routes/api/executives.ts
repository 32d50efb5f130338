import { listExecutives } from "~/domain/executives.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/executives";

export function loader({ context }: Route.LoaderArgs) {
  return jsonRead(context, "executives", () => listExecutives(context.db));
}
