import { z } from "zod";
import { jsonError } from "~/core/api.server";
import { BAD_BODY, failure, NOT_SIGNED_IN } from "~/core/api-answers.server";
import { type ApiHandlerArgs, defineApiRoute } from "~/core/api-route.server";
import { authErrorMessage, callAuthEndpoint } from "~/features/accounts/auth.server";
import { userRecordInput } from "~/features/accounts/users.server";

const userSaved = z.strictObject({ _id: z.string(), modifiedCount: z.number().int() });

/**
 * POST and PUT /api/user (spec section 7) record the display name of the signed-in
 * account; the account itself is created by registration or Google sign-in, so both upsert.
 */
const recordDisplayName = {
  tag: "Users",
  summary: "Record your own display name",
  access: "signed-in",
  body: userRecordInput,
  answers: {
    200: { description: "Saved", schema: userSaved },
    ...BAD_BODY,
    ...NOT_SIGNED_IN,
    403: failure("Not your own account"),
  },
  handle: saveDisplayName,
} as const;

async function saveDisplayName({
  request,
  app,
  user,
  body,
}: ApiHandlerArgs<"/api/user", "signed-in", typeof userRecordInput>) {
  const input = await body();
  if (input.email !== user.email) return jsonError(403, "You can only update your own account.");
  // Through better-auth, which renews its signed copy of the session a browser shows names from.
  const renamed = await callAuthEndpoint(app.auth, request, "/update-user", { name: input.displayName });
  if (!renamed.ok) {
    const refusal = jsonError(renamed.status, authErrorMessage(renamed));
    for (const [name, value] of Object.entries(renamed.retryAfter)) refusal.headers.set(name, value);
    return refusal;
  }
  const headers = new Headers();
  for (const cookie of renamed.cookies) headers.append("Set-Cookie", cookie);
  return Response.json({ _id: user.id, modifiedCount: 1 }, { headers });
}

export const apiRoute = defineApiRoute({ path: "/api/user", post: recordDisplayName, put: recordDisplayName });
