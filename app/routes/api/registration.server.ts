import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { failure, NOT_SIGNED_IN } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { mailingContextOf } from "~/core/mail.server";
import { readClubTimeZone } from "~/core/settings.server";
import { cancelAndTell } from "~/features/events/registration-mails.server";

/**
 * `DELETE /api/registrations/{id}`: its captain cancels before registration closes, an admin at
 * any time; the first on the waitlist takes the place and is told.
 */
export const apiRoute = defineApiRoute({
  path: "/api/registrations/{id}",
  params: z.object({ id: z.string() }),
  delete: {
    tag: "Events",
    summary: "Cancel a registration: its registrant before registration closes, an admin at any time",
    description:
      "The place goes to the first on the waitlist, who is mailed; `promoted` lists the registrations that moved up.",
    access: "signed-in",
    answers: {
      200: {
        description: "Cancelled",
        schema: z.strictObject({ cancelled: z.literal(true), promoted: z.array(z.string()) }).meta({ id: "Cancelled" }),
      },
      ...NOT_SIGNED_IN,
      403: failure("Not your registration"),
      404: failure("No such registration, or it is cancelled already"),
      409: failure("Registration has closed: only an admin can cancel now"),
    },
    handle: async ({ request, app, params, user }) => {
      const cancelled = await cancelAndTell(
        await mailingContextOf(app),
        {
          registrationId: params.id,
          by: user,
          now: new Date(),
          timeZone: await readClubTimeZone(app),
        },
        actorOf(request, user),
      );
      if (!cancelled.ok) return jsonError(cancelled.status, cancelled.message);
      return Response.json(
        { cancelled: true, promoted: cancelled.promoted },
        { headers: { "Cache-Control": "no-store" } },
      );
    },
  },
});
