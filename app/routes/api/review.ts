import { listReviewQueue } from "~/domain/review.server";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/review";

/** GET /api/review: the public forms' submissions waiting for an admin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return Response.json(await listReviewQueue(context.db), { headers: { "Cache-Control": "no-store" } });
}
