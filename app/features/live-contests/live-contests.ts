import { z } from "zod";
import { LIVE_CONTEST_SOURCES } from "~/db/enums";
import type { MessageKey, MessageValues } from "~/i18n/catalogs";
import { schemaMessage } from "~/i18n/message";

/**
 * A contest followed live from its judge's CLICS Contest API: the dashboard's connect form, and
 * the board public pages show (outcomes after the freeze already hidden: it never holds them).
 */

export { LIVE_CONTEST_SOURCES };
export type LiveContestSource = (typeof LIVE_CONTEST_SOURCES)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || undefined);

/** The connect form: where the judge is, which contest, and the account it lets us read with. Errors are catalog keys. */
export const liveContestInput = z
  .object({
    name: z
      .string({ error: schemaMessage("tools.live.error.name") })
      .trim()
      .min(1, schemaMessage("tools.live.error.name"))
      .max(200, schemaMessage("tools.live.error.name")),
    slug: z
      .string({ error: schemaMessage("tools.live.error.slug") })
      .trim()
      .toLowerCase()
      .min(1, schemaMessage("tools.live.error.slug"))
      .max(80, schemaMessage("tools.live.error.slug"))
      .regex(SLUG, schemaMessage("tools.live.error.slug")),
    source: z.enum(LIVE_CONTEST_SOURCES, { error: schemaMessage("tools.live.error.source") }),
    judgeApi: z
      .string({ error: schemaMessage("tools.live.error.judgeApi") })
      .trim()
      .min(1, schemaMessage("tools.live.error.judgeApi"))
      .pipe(z.url({ protocol: /^https?$/, error: schemaMessage("tools.live.error.judgeApi") }))
      .refine((url) => {
        const { username, password } = new URL(url);
        return !username && !password;
      }, schemaMessage("tools.live.error.judgeApi"))
      .transform((url) => url.replace(/\/+$/, "")),
    judgeContestId: z
      .string({ error: schemaMessage("tools.live.error.judgeContestId") })
      .trim()
      .min(1, schemaMessage("tools.live.error.judgeContestId"))
      .max(200, schemaMessage("tools.live.error.judgeContestId"))
      .regex(/^[\w.-]+$/, schemaMessage("tools.live.error.judgeContestId")),
    user: optionalText(200, schemaMessage("tools.live.error.tooLong")),
    password: optionalText(1000, schemaMessage("tools.live.error.tooLong")),
    token: optionalText(4000, schemaMessage("tools.live.error.tooLong")),
  })
  .refine((input) => !(input.token && (input.user || input.password)), {
    path: ["token"],
    message: schemaMessage("tools.live.error.account"),
  })
  .refine((input) => Boolean(input.user) === Boolean(input.password), {
    path: ["password"],
    message: schemaMessage("tools.live.error.account"),
  });

export type LiveContestInput = z.infer<typeof liveContestInput>;

/** What the follower sends the judge: HTTP basic with a user and password, or a bearer token. */
export type JudgeCredentials = { user: string; password: string } | { token: string };

export function credentialsOf(input: LiveContestInput): JudgeCredentials | null {
  if (input.token) return { token: input.token };
  if (input.user && input.password) return { user: input.user, password: input.password };
  return null;
}

/** One problem of a team on the live board. `pending`: tries without a public outcome yet (judging, or frozen). */
export interface LiveCell {
  attempts: number;
  pending: number;
  solved: boolean;
  minutes: number | null;
  first: boolean;
}

export interface LiveRow {
  teamId: string;
  name: string;
  rank: number;
  solved: number;
  penalty: number;
  /** Problem id → cell, for the problems tried. */
  cells: Record<string, LiveCell>;
}

/** A first solve of a problem, announced once (the projector's balloon line, the webhooks' post). */
export interface Balloon {
  problemId: string;
  label: string;
  teamId: string;
  team: string;
  minutes: number;
}

/** Our own event type among the judge's: a balloon given. Judges' readers ignore types they don't know. */
export const BALLOON_EVENT = "x-club-balloon";

/** "0:23", "4:05": a contest minute as the balloon line writes it. */
export const contestClock = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

/** An award a team gets in the reveal: one of the judge's (its citation as given), or one worked out from the final board. */
export type RevealAward =
  | { kind: "winner" | "gold" | "silver" | "bronze" }
  | { kind: "first"; label: string }
  | { kind: "judge"; citation: string };

export type LivePhase = "before" | "running" | "frozen" | "ended" | "final";

/** The public board: nothing in it depends on an outcome hidden by the freeze. */
export interface LiveBoard {
  slug: string;
  name: string;
  problems: { id: string; label: string; name: string }[];
  rows: LiveRow[];
  phase: LivePhase;
  /** Outcomes from the freeze on are hidden on this board. */
  frozen: boolean;
  /** ISO times from the judge's contest and state, when it gives them. */
  startsAt: string | null;
  endsAt: string | null;
  freezesAt: string | null;
  /**
   * While the reveal runs: its step of how many, the team the step is about, and when the step
   * stops on a team in its final place, that team's awards (the projector's award card).
   */
  reveal?: {
    step: number;
    steps: number;
    teamId: string | null;
    award?: { teamId: string; team: string; awards: RevealAward[] };
  };
  /** Once finalized: the published standings' address. */
  publishedPath?: string;
  /** The latest first solves, newest first. */
  balloons: Balloon[];
  /** Changes whenever the board may have: the live page's updates carry it. */
  version: string;
}

export const livePagePath = (slug: string) => `/results/${slug}/live`;
export const liveProjectorPath = (slug: string) => `/results/${slug}/live/projector`;
export const liveEventsPath = (slug: string) => `/results/${slug}/live/events`;

/** An award in words: the judge's citation as it gave it, or ours in the reader's language. */
export function awardText(t: (key: MessageKey, values?: MessageValues) => string, award: RevealAward): string {
  if (award.kind === "judge") return award.citation;
  if (award.kind === "first") return t("people.live.award.first", { label: award.label });
  return t(`people.live.award.${award.kind}`);
}

const medalCount = z.coerce
  .number({ error: schemaMessage("tools.live.medals.error") })
  .int(schemaMessage("tools.live.medals.error"))
  .min(0, schemaMessage("tools.live.medals.error"))
  .max(1000, schemaMessage("tools.live.medals.error"));

/** The medals the reveal stops on, as the reveal screen's form sends them. Errors are catalog keys. */
export const medalCountsInput = z.object({ gold: medalCount, silver: medalCount, bronze: medalCount });
