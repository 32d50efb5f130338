import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, failure } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { attendanceMarksInput, recordAttendanceMarks } from "~/features/events/attendance-sheet.server";
import { registrationMessages } from "~/features/events/registrations";
import { findVisibleEvent } from "~/features/events/registrations.server";

const markOutcome = z
  .strictObject({ student_id: z.string(), status: z.enum(["present", "absent", "unknown"]) })
  .meta({ id: "AttendanceMarkOutcome" });

/**
 * `POST /api/events/{id}/attendance` (check-in staff): members ticked or unticked on the
 * attendance sheet, as a phone queued them offline.
 */
export const apiRoute = defineApiRoute({
  path: "/api/events/{id}/attendance",
  params: z.object({ id: z.string() }),
  post: {
    tag: "Events",
    summary: "Mark who came, from the attendance sheet: a batch of members ticked or unticked",
    description:
      "`at` is when the device marked the member (a time in the future counts as now). For each member the " +
      "latest mark wins, whatever order marks arrive in, so a batch sent again changes nothing. The answer is " +
      "each member's state after the batch: `present`, `absent`, or `unknown` for an id that is no member. " +
      "An event's attendance is the members present here and its registrants checked in at the door.",
    access: "check-in",
    body: attendanceMarksInput,
    answers: {
      200: {
        description: "Each member's state, in the order sent",
        schema: z.strictObject({ results: z.array(markOutcome) }).meta({ id: "AttendanceMarkResults" }),
      },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      404: failure("No such event"),
    },
    handle: async ({ request, app, params, user, body }) => {
      if (!(await findVisibleEvent(app.db, params.id))) return jsonError(404, registrationMessages.noEvent);
      const input = await body();
      const results = await recordAttendanceMarks(app.db, {
        eventId: params.id,
        marks: input.marks,
        now: new Date(),
        actor: actorOf(request, user),
      });
      return Response.json({ results }, { headers: { "Cache-Control": "no-store" } });
    },
  },
});
