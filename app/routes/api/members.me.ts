import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { memberPath, memberTexts } from "~/domain/members";
import { findMemberProfile, memberProfileApiInput, saveMemberProfile } from "~/domain/members.server";
import { requireUser } from "~/domain/session.server";
import { jsonError, jsonRead, parseJsonBody } from "~/lib/api.server";
import { INVALID_INPUT_MESSAGE } from "~/lib/form-actions.server";
import type { Route } from "./+types/members.me";

/** `GET /api/members/me`: the signed-in person's member profile (404 when they have none yet). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = await requireUser(request, app);
  const profile = await findMemberProfile(app.db, user.id);
  if (!profile) return jsonError(404, memberTexts.noProfile);
  return jsonRead(app, "profile", async () => withProfileUrl(profile));
}

/**
 * `PUT /api/members/me`: a member saves their own profile, never anyone else's (it is found by
 * the session's account). A handle another member has is 409, naming the judge's field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "PUT") return jsonError(405, "Use GET or PUT.");
  const user = await requireUser(request, app);
  const input = await parseJsonBody(request, memberProfileApiInput);
  const saved = await saveMemberProfile(app.db, user.id, input, actorOf(request, user));
  if (saved.ok) return jsonRead(app, "profile", async () => withProfileUrl(saved.profile));
  if (saved.status === 404) return jsonError(404, memberTexts.noProfile);
  return jsonError(409, INVALID_INPUT_MESSAGE, saved.errors);
}

const withProfileUrl = <P extends { slug: string }>(profile: P) => ({
  ...profile,
  profileUrl: memberPath(profile.slug),
});
