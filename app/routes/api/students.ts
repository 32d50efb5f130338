import { listStudents } from "~/domain/students.server";
import { jsonRead } from "~/lib/api.server";
import type { Route } from "./+types/students";

export function loader({ context }: Route.LoaderArgs) {
  return jsonRead(context, "students", () => listStudents(context.db));
}
