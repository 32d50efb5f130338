import { z } from "zod";
import { jsonError, jsonRead, parseJsonBody } from "~/core/api.server";
import { BAD_BODY, failure, NOT_SIGNED_IN } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { actorOf } from "~/core/audit.server";
import { memberPath } from "~/features/members/members";
import {
  findMemberProfile,
  memberProfileApiInput,
  memberProfileInput,
  saveMemberProfile,
} from "~/features/members/members.server";
import { syncSoon } from "~/features/practice/sync.server";
import { INVALID_INPUT_MESSAGE } from "~/lib/form-actions.server";

const handle = z.string().nullable();
const memberProfile = z
  .strictObject({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    batch: z.number().int().nullable(),
    session: z.string().nullable(),
    studentId: z.string().nullable(),
    email: z.string(),
    emailVisible: z.boolean(),
    listed: z.boolean().meta({ description: "On the Students page and the member's own page" }),
    involvementPublic: z
      .boolean()
      .meta({ description: "The member's involvement this term shown on their page (absent in a change: kept)" }),
    photoURL: z.string(),
    handles: z.strictObject({ codeforces: handle, vjudge: handle, atcoder: handle, codechef: handle }),
    github: z.string().nullable(),
    linkedin: z.string().nullable(),
    bio: z.string(),
    profileUrl: z.string().meta({ description: "The member's public page (absolute)" }),
  })
  .meta({ id: "MemberProfile" });

const NO_PROFILE = { 404: failure("This account has no member profile yet") };

const withProfileUrl = <P extends { slug: string }>(profile: P) => ({
  ...profile,
  profileUrl: memberPath(profile.slug),
});

export const apiRoute = defineApiRoute({
  path: "/api/members/me",
  /** The signed-in person's member profile (404 when they have none yet). */
  get: {
    tag: "Members",
    summary: "Your own member profile",
    access: "signed-in",
    answers: { 200: { description: "The profile", schema: memberProfile }, ...NOT_SIGNED_IN, ...NO_PROFILE },
    handle: async ({ app, user }) => {
      const profile = await findMemberProfile(app.db, user.id);
      if (!profile) return jsonError(404, { key: "dashboard.profile.noProfile" });
      return jsonRead(app, "profile", async () => withProfileUrl(profile));
    },
  },
  /**
   * A member saves their own profile, never anyone else's (it is found by the session's
   * account). A handle another member has is 409, naming the judge's field.
   */
  put: {
    tag: "Members",
    summary: "Save your own member profile (never anyone else's)",
    description:
      "The profile as GET answers it is taken back too: its `handles` count as the fields of the same " +
      "names, and the fields no one sets (`_id`, `slug`, `email`, `profileUrl`) are ignored.",
    access: "signed-in",
    body: memberProfileInput,
    answers: {
      200: { description: "Saved", schema: memberProfile },
      ...BAD_BODY,
      ...NOT_SIGNED_IN,
      ...NO_PROFILE,
      409: failure("A handle another member has; `errors` names the judge's field"),
    },
    // The document shows the profile's own fields; the handler also takes GET's shape back.
    handle: async ({ request, app, user }) => {
      const input = await parseJsonBody(request, memberProfileApiInput);
      const saved = await saveMemberProfile(app.db, user.id, input, actorOf(request, user));
      if (saved.ok) {
        // A new or changed handle is read from its judge within moments, not at the next scheduled sync.
        await syncSoon(app);
        return jsonRead(app, "profile", async () => withProfileUrl(saved.profile));
      }
      if (saved.status === 404) return jsonError(404, { key: "dashboard.profile.noProfile" });
      return jsonError(409, INVALID_INPUT_MESSAGE, saved.errors);
    },
  },
});
