import { appContext } from "~/context";
import { authErrorMessage, callAuthEndpoint } from "~/domain/auth.server";
import { requireUser } from "~/domain/session.server";
import { userRecordInput } from "~/domain/users.server";
import { jsonError, parseJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/user";

export function loader() {
  return jsonError(405, "Use POST or PUT.");
}

/**
 * POST and PUT /api/user (spec section 7) record the display name of the signed-in
 * account; the account itself is created by registration or Google sign-in, so both upsert.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST" && request.method !== "PUT") return jsonError(405, "Use POST or PUT.");
  const user = await requireUser(request, app);
  const input = await parseJsonBody(request, userRecordInput);
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
