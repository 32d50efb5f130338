import { listStudents } from "~/domain/students.server";
import { jsonRead } from "~/lib/api.server";
import { apiPageSizeFrom, pageNumberFrom } from "~/lib/pagination";
import type { Route } from "./+types/students";

/** `?page=` (from 1) and `?limit=` (default 100, at most 500) page through the students. */
export function loader({ context, request }: Route.LoaderArgs) {
  const searchParams = new URL(request.url).searchParams;
  const page = { page: pageNumberFrom(searchParams), pageSize: apiPageSizeFrom(searchParams) };
  return jsonRead(context, "students", () => listStudents(context.db, page));
}
