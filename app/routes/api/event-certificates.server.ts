import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { auditCertificates, issueCertificates, issuedAnswer } from "~/features/events/certificates.server";

/**
 * `POST /api/events/{id}/certificates` (admins): a certificate for everyone checked in who has
 * none yet; 201 when any were issued, 200 when nobody was waiting for one.
 */
export const apiRoute = defineApiRoute({
  path: "/api/events/{id}/certificates",
  params: z.object({ id: z.string() }),
  post: {
    tag: "Events",
    summary: "Issue a certificate to everyone checked in at the event who has none yet",
    description:
      "Each certificate carries the person's and the event's names as they are now, and a code anyone can " +
      "check at `/certificates/{code}`. Calling again issues only to those checked in since.",
    access: "edit-content",
    answers: {
      201: { description: "Some were issued", schema: issuedAnswer },
      200: { description: "Nobody was waiting for one (`issued` 0)", schema: issuedAnswer },
      ...ADMIN_ONLY,
      404: failure("No such event"),
      409: failure("The event has not started yet"),
    },
    handle: async ({ request, app, params, user }) => {
      const actor = actorOf(request, user);
      const outcome = await issueCertificates(app.db, params.id);
      if (!outcome.ok) return jsonError(outcome.status, outcome.message);
      await auditCertificates(app.db, actor, { _id: params.id, name: outcome.eventName }, outcome.issued);
      const { issued, total } = outcome;
      return Response.json(
        { issued, total },
        { status: issued > 0 ? 201 : 200, headers: { "Cache-Control": "no-store" } },
      );
    },
  },
});
