import { listResults } from "~/domain/results.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/results";

export function loader({ context }: Route.LoaderArgs) {
  return jsonRead(context, "results", () => listResults(context.db));
}
