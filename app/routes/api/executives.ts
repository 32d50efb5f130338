import { appContext } from "~/context";
import { listExecutives } from "~/domain/executives.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/executives";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "executives", () => listExecutives(app.db));
}
