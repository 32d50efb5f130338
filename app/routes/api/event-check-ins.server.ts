import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { registrationMessages } from "~/features/events/registrations";
import { findVisibleEvent } from "~/features/events/registrations.server";
import { checkIn, checkInBatchInput } from "~/features/events/tickets.server";

const checkedIn = z.strictObject({ code: z.string(), name: z.string(), checked_in_at: z.string() });
const checkInOutcome = z
  .discriminatedUnion("status", [
    checkedIn.extend({ status: z.literal("checked_in") }),
    checkedIn.extend({ status: z.literal("already") }).meta({ description: "`checked_in_at` is the first check-in's" }),
    z.strictObject({ code: z.string(), status: z.literal("invalid") }),
  ])
  .meta({ id: "CheckInOutcome" });

/**
 * `POST /api/events/{id}/check-ins` (admins): check-ins as a door device queued them, each
 * answered in order; the first check-in of a ticket wins.
 */
export const apiRoute = defineApiRoute({
  path: "/api/events/{id}/check-ins",
  params: z.object({ id: z.string() }),
  post: {
    tag: "Events",
    summary: "Check people in at the door: a batch of ticket codes, as a device queued them offline",
    description:
      "Case, spaces and dashes in a code don't matter; `at` is when the device checked the person in (a time " +
      "in the future counts as now). The first check-in of a ticket wins: a later one is `already`, with the " +
      "first one's time. A code nobody issued, of another event, or of someone without a confirmed place is " +
      "`invalid`. One result per check-in, in the order sent.",
    access: "check-in",
    body: checkInBatchInput,
    answers: {
      200: {
        description: "The results",
        schema: z.strictObject({ results: z.array(checkInOutcome) }).meta({ id: "CheckInResults" }),
      },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      404: failure("No such event"),
    },
    handle: async ({ request, app, params, user, body }) => {
      const actor = actorOf(request, user);
      if (!(await findVisibleEvent(app.db, params.id))) return jsonError(404, registrationMessages.noEvent);
      const input = await body();
      const results = await checkIn(app.db, {
        eventId: params.id,
        checkIns: input.check_ins,
        secret: app.secret,
        now: new Date(),
        actor,
      });
      return Response.json({ results }, { headers: { "Cache-Control": "no-store" } });
    },
  },
});
