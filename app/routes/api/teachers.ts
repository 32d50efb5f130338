import { appContext } from "~/context";
import { listTeachers } from "~/domain/teachers.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/teachers";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return jsonRead(app, "teachers", () => listTeachers(app.db));
}
