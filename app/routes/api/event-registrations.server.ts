import { z } from "zod";
import { jsonError, jsonRead } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, failure, NOT_SIGNED_IN } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { mailingContextOf } from "~/core/mail.server";
import { readClubTimeZone } from "~/core/settings.server";
import { registerAndTell } from "~/features/events/registration-mails.server";
import { registrationMessages } from "~/features/events/registrations";
import {
  apiRegistration,
  findVisibleEvent,
  listRegistrations,
  registeredAnswer,
  registrationInput,
  toApiRegistration,
} from "~/features/events/registrations.server";

export const apiRoute = defineApiRoute({
  path: "/api/events/{id}/registrations",
  params: z.object({ id: z.string() }),
  /** The signed-in person registers (with their team). */
  post: {
    tag: "Events",
    summary: "Register for an event: alone, or a team with you as its captain",
    description:
      "Within capacity a team holds a place as `pending` until every teammate confirms on the event's " +
      "page (signed in with the address named here), then `confirmed`; beyond it, `waitlisted` with its " +
      "`position`. A pending team that is not complete within `TEAM_CONFIRM_HOURS` (48), or by the time " +
      "registration closes, gives its place to the waitlist. Each teammate is invited by mail (one " +
      "invitation per address and event) and may decline; so is the registrant. Naming teammates counts " +
      "against the registrant's invitations (10 an hour).",
    access: "signed-in",
    body: registrationInput,
    answers: {
      201: { description: "Registered", schema: registeredAnswer },
      ...BAD_BODY,
      ...NOT_SIGNED_IN,
      403: failure("You (or a teammate) are not in a batch the event is open to"),
      404: failure("No such event"),
      409: failure(
        "Registration is closed, the event is full without a waitlist, you are registered already (or invited into a team: decline it first), a teammate is in another team, or the team name is taken",
      ),
      429: failure("You have named too many teammates lately (the message says when to try again)"),
    },
    handle: async ({ request, app, params, user, body }) => {
      const input = await body();
      const registered = await registerAndTell(
        await mailingContextOf(app),
        {
          eventId: params.id,
          registrant: { id: user.id, email: user.email, locale: user.locale },
          input,
          now: new Date(),
          timeZone: await readClubTimeZone(app),
        },
        actorOf(request, user),
      );
      if (!registered.ok) {
        return jsonError(
          registered.status,
          registered.message,
          registered.field && { [registered.field]: registered.message },
        );
      }
      const { registrationId, status, position } = registered;
      return Response.json({ registrationId, status, ...(position ? { position } : {}) }, { status: 201 });
    },
  },
  /** Every registration, in order of arrival, cancelled ones last. */
  get: {
    tag: "Events",
    summary: "An event's registrations in order of arrival (cancelled ones last), with their people",
    access: "check-in",
    answers: {
      200: { description: "The registrations", schema: z.array(apiRegistration) },
      ...ADMIN_ONLY,
      404: failure("No such event"),
    },
    handle: async ({ app, params }) => {
      if (!(await findVisibleEvent(app.db, params.id))) return jsonError(404, registrationMessages.noEvent);
      return jsonRead(app, "registrations", async () =>
        (await listRegistrations(app.db, params.id)).map(toApiRegistration),
      );
    },
  },
});
