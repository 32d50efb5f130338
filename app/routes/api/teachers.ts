import { listTeachers } from "~/domain/teachers.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/teachers";

export function loader({ context }: Route.LoaderArgs) {
  return jsonRead(context, "teachers", () => listTeachers(context.db));
}
