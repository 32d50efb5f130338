import { appContext } from "~/context";
import { listNotices } from "~/domain/notices.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/all-notice";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "notices", () => listNotices(app.db));
}
