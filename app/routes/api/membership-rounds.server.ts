import { z } from "zod";
import { jsonRead } from "~/core/api.server";
import { NOT_SIGNED_IN, READ_FAILED } from "~/core/api-answers.server";
import { defineApiRoute } from "~/core/api-route.server";
import { listRounds } from "~/features/members/membership.server";

const round = z
  .strictObject({
    _id: z.string(),
    session: z.string(),
    opens_on: z.iso.date(),
    closes_on: z.iso.date().meta({ description: "The last day to apply (inclusive), on the club's calendar" }),
    note: z.string(),
  })
  .meta({ id: "MembershipRound" });

/**
 * `GET /api/membership-rounds`: every membership round, the newest first, for anyone signed in
 * (the round's id is what an application is posted to; its note is for applicants, as on /join).
 */
export const apiRoute = defineApiRoute({
  path: "/api/membership-rounds",
  get: {
    tag: "Members",
    summary: "Every membership round, the newest first: apply in the one open today",
    access: "signed-in",
    answers: { 200: { description: "The rounds", schema: z.array(round) }, ...NOT_SIGNED_IN, ...READ_FAILED },
    handle: ({ app }) =>
      jsonRead(app, "membership rounds", async (headers) => {
        headers.set("Cache-Control", "private, no-store");
        return listRounds(app.db);
      }),
  },
});
