import { z } from "zod";
import { schemaMessage } from "~/i18n/message";
import { type LiveContestInput, liveContestInput } from "./live-contests";

/**
 * The connect form with what Codeforces and vjudge add: their address is known (the form may
 * leave it empty), Codeforces' contest id is a number, `showUnofficial` is the admin's choice, a
 * gym or private contest is read with an API key and secret, and no source is polled faster
 * than its judge allows. Errors are catalog keys.
 */

/** Where each judge answers when the form leaves the address empty. */
export const JUDGE_ADDRESSES = { codeforces: "https://codeforces.com/api", vjudge: "https://vjudge.net" } as const;

/** The least seconds between two polls of each source (Codeforces: its API's 2 s; vjudge: no published limit). */
export const MINIMUM_POLL_SECONDS = { "clics-feed": 1, "clics-scoreboard": 1, codeforces: 2, vjudge: 5 } as const;

const isJudgeStandings = (source: unknown): source is keyof typeof JUDGE_ADDRESSES =>
  source === "codeforces" || source === "vjudge";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, schemaMessage("tools.live.error.tooLong"))
    .optional()
    .transform((value) => value || undefined);

const judgeStandingsFields = z.object({
  showUnofficial: z
    .union([z.literal("on"), z.literal("true"), z.literal(""), z.boolean()])
    .optional()
    .transform((value) => value === "on" || value === "true" || value === true),
  // An empty field is the default interval.
  pollSeconds: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ error: schemaMessage("tools.live.error.pollSeconds") })
      .int(schemaMessage("tools.live.error.pollSeconds"))
      .min(1, schemaMessage("tools.live.error.pollSeconds"))
      .max(3600, schemaMessage("tools.live.error.pollSeconds"))
      .default(10),
  ),
  apiKey: optionalText(200),
  apiSecret: optionalText(200),
});

export type JudgeStandingsInput = LiveContestInput & z.infer<typeof judgeStandingsFields>;

/** Fills in the judge's known address for Codeforces and vjudge when the form leaves it empty. */
function withJudgeAddress(values: unknown): unknown {
  if (typeof values !== "object" || values === null) return values;
  const form = values as Record<string, unknown>;
  const given = typeof form.judgeApi === "string" ? form.judgeApi.trim() : "";
  if (!isJudgeStandings(form.source) || given) return values;
  return { ...form, judgeApi: JUDGE_ADDRESSES[form.source] };
}

export const judgeConnectionInput = z
  .preprocess(withJudgeAddress, z.intersection(liveContestInput, judgeStandingsFields))
  .superRefine((input, context) => {
    const judge = isJudgeStandings(input.source);
    if (input.source === "codeforces" && !/^\d{1,7}$/.test(input.judgeContestId))
      context.addIssue({
        code: "custom",
        path: ["judgeContestId"],
        message: schemaMessage("tools.live.error.codeforcesContestId"),
      });
    if (input.pollSeconds < MINIMUM_POLL_SECONDS[input.source])
      context.addIssue({
        code: "custom",
        path: ["pollSeconds"],
        message: schemaMessage("tools.live.error.pollSeconds"),
      });
    if ((input.apiKey || input.apiSecret) && input.source !== "codeforces")
      context.addIssue({
        code: "custom",
        path: ["apiKey"],
        message: schemaMessage("tools.live.error.apiKeyCodeforces"),
      });
    if (Boolean(input.apiKey) !== Boolean(input.apiSecret))
      context.addIssue({ code: "custom", path: ["apiSecret"], message: schemaMessage("tools.live.error.apiKeyPair") });
    if (judge && (input.user || input.password || input.token))
      context.addIssue({ code: "custom", path: ["user"], message: schemaMessage("tools.live.error.accountClics") });
  });
