import { appContext } from "~/context";
import { listReviewQueue } from "~/domain/review.server";
import { requirePermission } from "~/domain/session.server";
import { apiPageSizeFrom, pageNumberFrom } from "~/lib/pagination";
import type { Route } from "./+types/review";

/**
 * GET /api/review: the public forms' submissions waiting for an admin, newest first; `?page=`
 * and `?limit=` (default 100, at most 500) page through both lists alike.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requirePermission(request, app, "edit-content");
  const searchParams = new URL(request.url).searchParams;
  const page = pageNumberFrom(searchParams);
  const queue = await listReviewQueue(app.db, { notices: page, results: page }, apiPageSizeFrom(searchParams));
  return Response.json(
    { notices: queue.notices.items, results: queue.results.items },
    { headers: { "Cache-Control": "no-store" } },
  );
}
