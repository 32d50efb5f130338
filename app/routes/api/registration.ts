import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { mailingContextOf } from "~/domain/mail.server";
import { cancelAndTell } from "~/domain/registration-mails.server";
import { requireUser } from "~/domain/session.server";
import { jsonError } from "~/lib/api.server";
import type { Route } from "./+types/registration";

export function loader() {
  return jsonError(405, "Use DELETE.");
}

/**
 * `DELETE /api/registrations/{id}`: its captain cancels before registration closes, an admin at
 * any time; the first on the waitlist takes the place and is told.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "DELETE") return jsonError(405, "Use DELETE.");
  const user = await requireUser(request, app);
  const cancelled = await cancelAndTell(
    await mailingContextOf(app),
    {
      registrationId: params.id,
      by: user,
      now: new Date(),
      timeZone: clubTimeZone,
    },
    actorOf(request, user),
  );
  if (!cancelled.ok) return jsonError(cancelled.status, cancelled.message);
  return Response.json({ cancelled: true, promoted: cancelled.promoted }, { headers: { "Cache-Control": "no-store" } });
}
