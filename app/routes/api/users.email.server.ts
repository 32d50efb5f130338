import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { ADMIN_ONLY, BAD_BODY, failure, modified, NOT_FOUND } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { can } from "~/core/roles";
import { userAnswer } from "~/features/accounts/user-answer.server";
import { changeRole, findUserByEmail, roleInput, toRole } from "~/features/accounts/users.server";

export const apiRoute = defineApiRoute({
  path: "/api/users/{email}",
  params: z.object({ email: z.string() }),
  /** Your own record, or anyone's for an admin (others get 403 whether or not the email exists). */
  get: {
    tag: "Users",
    summary: "A user record (your own, or anyone's for an admin)",
    access: "signed-in",
    answers: { 200: { description: "The record", schema: userAnswer }, ...ADMIN_ONLY, ...NOT_FOUND },
    handle: async ({ app, params, user }) => {
      const email = params.email.trim().toLowerCase();
      if (email !== user.email && !can(user, "manage-site")) {
        return jsonError(403, "You can only read your own record.");
      }
      const record = await findUserByEmail(app.db, email);
      if (!record) return jsonError(404, `No account uses ${email}.`);
      return Response.json(record, { headers: { "Cache-Control": "no-store" } });
    },
  },
  /** Answers as make-admin does (`modifiedCount`, 409 for the last admin). */
  put: {
    tag: "Users",
    summary: "Give an account a role: admin, editor, check-in or general (never demoting the last admin)",
    access: "manage-site",
    body: roleInput,
    answers: {
      200: { description: "`modifiedCount` 1, or 0 with a `message`", schema: modified },
      ...BAD_BODY,
      ...ADMIN_ONLY,
      409: failure("The last admin cannot be demoted"),
    },
    handle: async ({ request, app, params, user, body }) => {
      const actor = actorOf(request, user);
      const { role } = await body();
      const answer = await changeRole(app.db, { email: params.email, role: toRole(role) }, actor);
      return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
    },
  },
});
