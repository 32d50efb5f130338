import { appContext } from "~/context";
import { listResults } from "~/domain/results.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/results";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "results", () => listResults(app.db));
}
