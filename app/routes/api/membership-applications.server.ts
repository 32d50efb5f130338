import { z } from "zod";
import { jsonError, jsonRead } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, failure, inserted, NOT_SIGNED_IN } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { EXPORT_MAX_ROWS } from "~/core/crud.server";
import { readClubTimeZone } from "~/core/settings.server";
import { APPLICATION_STATUSES } from "~/db/schema";
import {
  applicationFilterQuery,
  applicationInput,
  apply,
  auditApplication,
  findRound,
  listApplications,
  noRoundMessage,
} from "~/features/members/membership.server";
import { todayIn } from "~/lib/format";

const application = z
  .strictObject({
    _id: z.string(),
    round_id: z.string(),
    session: z.string().nullable(),
    name: z.string(),
    batch: z.number().int().nullable(),
    email: z.string(),
    studentId: z.string().nullable(),
    photoURL: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "MembershipApplication" });

export const apiRoute = defineApiRoute({
  path: "/api/membership-rounds/{id}/applications",
  params: z.object({ id: z.string() }),
  /** The signed-in person applies in an open round. */
  post: {
    tag: "Members",
    summary: "Apply in an open membership round (once per round)",
    access: "verified",
    body: applicationInput,
    answers: {
      201: { description: "Applied", schema: inserted },
      ...BAD_BODY,
      ...NOT_SIGNED_IN,
      403: failure("The account's email address is not confirmed yet (the link mailed at sign-up)"),
      404: failure("No such round"),
      409: failure("The round is closed, or you have applied in it already"),
    },
    handle: async ({ request, app, params, user, body }) => {
      const input = await body();
      const applied = await apply(app.db, user, params.id, input, todayIn(await readClubTimeZone(app)));
      if (!applied.ok) return jsonError(applied.status, applied.message);
      await auditApplication(app.db, actorOf(request, user), applied.id, input.name);
      return Response.json({ acknowledged: true, insertedId: applied.id }, { status: 201 });
    },
  },
  /** A round's applications, the oldest first (admins). */
  get: {
    tag: "Members",
    summary: "A round's applications, the oldest first",
    access: "edit-content",
    query: applicationFilterQuery,
    answers: {
      200: { description: "The applications", schema: z.array(application) },
      ...ADMIN_ONLY,
      404: failure("No such round"),
    },
    handle: async ({ app, params, url }) => {
      if (!(await findRound(app.db, params.id))) return jsonError(404, noRoundMessage);
      const query = applicationFilterQuery.safeParse(Object.fromEntries(url.searchParams));
      const filters = query.success ? query.data : {};
      return jsonRead(app, "applications", async () => {
        const page = await listApplications(app.db, params.id, filters, 1, EXPORT_MAX_ROWS);
        return page.items;
      });
    },
  },
});
