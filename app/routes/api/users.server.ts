import { z } from "zod";
import { ADMIN_ONLY } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { userAnswer } from "~/features/accounts/user-answer.server";
import { listUsers } from "~/features/accounts/users.server";

export const apiRoute = defineApiRoute({
  path: "/api/users",
  get: {
    tag: "Users",
    summary: "Every user record",
    access: "manage-site",
    answers: { 200: { description: "The list", schema: z.array(userAnswer) }, ...ADMIN_ONLY },
    handle: async ({ app }) => Response.json(await listUsers(app.db), { headers: { "Cache-Control": "no-store" } }),
  },
});
