import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { auditCertificates, issueCertificates } from "~/domain/certificates.server";
import { requirePermission } from "~/domain/session.server";
import { jsonError } from "~/lib/api.server";
import type { Route } from "./+types/event-certificates";

export function loader() {
  return jsonError(405, "Use POST.");
}

/**
 * `POST /api/events/{id}/certificates` (admins): a certificate for everyone checked in who has
 * none yet; 201 when any were issued, 200 when nobody was waiting for one.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const actor = actorOf(request, await requirePermission(request, app, "edit-content"));
  const outcome = await issueCertificates(app.db, params.id);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  await auditCertificates(app.db, actor, { _id: params.id, name: outcome.eventName }, outcome.issued);
  const { issued, total } = outcome;
  return Response.json({ issued, total }, { status: issued > 0 ? 201 : 200, headers: { "Cache-Control": "no-store" } });
}
