import { listNotices } from "~/domain/notices.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/all-notice";

export function loader({ context }: Route.LoaderArgs) {
  return jsonRead(context, "notices", () => listNotices(context.db));
}
