import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { registrationTexts } from "~/domain/registrations";
import { findVisibleEvent } from "~/domain/registrations.server";
import { requirePermission } from "~/domain/session.server";
import { checkIn, checkInBatchInput } from "~/domain/tickets.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/event-check-ins";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * `POST /api/events/{id}/check-ins` (admins): check-ins as a door device queued them, each
 * answered in order; the first check-in of a ticket wins.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const actor = actorOf(request, await requirePermission(request, app, "check-in"));
  if (!(await findVisibleEvent(app.db, params.id))) return jsonError(404, registrationTexts.noEvent);
  const input = await parseJsonBody(request, checkInBatchInput);
  const results = await checkIn(app.db, {
    eventId: params.id,
    checkIns: input.check_ins,
    secret: app.secret,
    now: new Date(),
    actor,
  });
  return Response.json({ results }, { headers: { "Cache-Control": "no-store" } });
}
