import { ADMIN_ONLY, BAD_BODY, failure, modified } from "~/core/api-answers.server";
import { defineApiRoute, serveByPattern } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { changeRole, roleChangeInput, roleChangeOf } from "~/features/accounts/users.server";

/**
 * POST /api/users/make-admin and POST /api/users/revoke-admin, body `{ email }`:
 * `modifiedCount` 1 when the role changed, 0 with a `message` when there was nothing to do.
 */
function roleRoute(intent: "make-admin" | "revoke-admin") {
  return defineApiRoute({
    path: `/api/users/${intent}`,
    post: {
      tag: "Users",
      summary: intent === "make-admin" ? "Make a user admin" : "Take the admin role away (never the last admin)",
      access: "manage-site",
      body: roleChangeInput,
      answers: {
        200: { description: "`modifiedCount` 1, or 0 with a `message`", schema: modified },
        ...BAD_BODY,
        ...ADMIN_ONLY,
        409: failure("The last admin cannot be demoted"),
      },
      handle: async ({ request, app, user, body }) => {
        const actor = actorOf(request, user);
        const { email } = await body();
        const answer = await changeRole(app.db, roleChangeOf(intent, email), actor);
        return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
      },
    },
  });
}

export const apiRoutes = [roleRoute("make-admin"), roleRoute("revoke-admin")];

export const served = serveByPattern(apiRoutes);
