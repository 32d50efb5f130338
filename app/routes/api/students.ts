import { appContext } from "~/context";
import { allStudents, listStudents } from "~/domain/students.server";
import { jsonArrayStream, jsonRead, pageLinkHeader } from "~/lib/api.server";
import { apiPageSizeFrom, pageNumberFrom } from "~/lib/pagination";
import type { Route } from "./+types/students";

/**
 * Without `?page=` or `?limit=`, every student as the spec says, streamed as it is read.
 * With them, one page (`limit` default 100, at most 500) with `X-Total-Count` and a `Link` header.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  if (!url.searchParams.has("page") && !url.searchParams.has("limit")) {
    return jsonArrayStream(app, "students", allStudents(app.db));
  }
  const pageSize = apiPageSizeFrom(url.searchParams);
  return jsonRead(app, "students", async (headers) => {
    const page = await listStudents(app.db, { page: pageNumberFrom(url.searchParams), pageSize });
    headers.set("X-Total-Count", String(page.total));
    headers.set("Link", pageLinkHeader(new URL(url.pathname, app.config.BASE_URL), page, pageSize));
    return page.items;
  });
}
