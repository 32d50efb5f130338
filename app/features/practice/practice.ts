import type { JUDGE_CALLERS, PRACTICE_JUDGES } from "~/db/enums";

/** The judges members' practice is read from; CodeChef has no public API and is left out. */
export type PracticeJudge = (typeof PRACTICE_JUDGES)[number];
/** The APIs the sync calls, each paced on its own (AtCoder's site and AtCoder Problems apart). */
export type JudgeCaller = (typeof JUDGE_CALLERS)[number];

export interface JudgeRank {
  /** The judge's own name of the rank (Codeforces: "expert"; AtCoder: its colour). */
  name: string;
  /** The colour the judge shows it in. */
  color: string;
}

/** Codeforces' ranks from the lowest rating up (codeforces.com/blog/entry/68288). */
const CODEFORCES_RANKS: readonly (JudgeRank & { from: number })[] = [
  { from: Number.NEGATIVE_INFINITY, name: "newbie", color: "#808080" },
  { from: 1200, name: "pupil", color: "#008000" },
  { from: 1400, name: "specialist", color: "#03a89e" },
  { from: 1600, name: "expert", color: "#0000ff" },
  { from: 1900, name: "candidate master", color: "#aa00aa" },
  { from: 2100, name: "master", color: "#ff8c00" },
  { from: 2300, name: "international master", color: "#ff8c00" },
  { from: 2400, name: "grandmaster", color: "#ff0000" },
  { from: 2600, name: "international grandmaster", color: "#ff0000" },
  { from: 3000, name: "legendary grandmaster", color: "#ff0000" },
];

/** AtCoder's colours by rating. */
const ATCODER_RANKS: readonly (JudgeRank & { from: number })[] = [
  { from: Number.NEGATIVE_INFINITY, name: "gray", color: "#808080" },
  { from: 400, name: "brown", color: "#804000" },
  { from: 800, name: "green", color: "#008000" },
  { from: 1200, name: "cyan", color: "#00c0c0" },
  { from: 1600, name: "blue", color: "#0000ff" },
  { from: 2000, name: "yellow", color: "#c0c000" },
  { from: 2400, name: "orange", color: "#ff8000" },
  { from: 2800, name: "red", color: "#ff0000" },
];

/** The rank a rating falls in on a judge. */
export function judgeRank(judge: PracticeJudge, rating: number): JudgeRank {
  const ranks = judge === "codeforces" ? CODEFORCES_RANKS : ATCODER_RANKS;
  const rank = ranks.findLast((candidate) => rating >= candidate.from);
  return rank ? { name: rank.name, color: rank.color } : { name: "", color: "#808080" };
}

/** The rating bands of a judge, for the chart's background. */
export function judgeRankBands(judge: PracticeJudge): readonly { from: number; color: string }[] {
  return judge === "codeforces" ? CODEFORCES_RANKS : ATCODER_RANKS;
}

/** A member's handle as the sync last read it. */
export interface JudgeAccountView {
  judge: PracticeJudge;
  handle: string;
  status: "pending" | "ok" | "not-found";
  rating: number | null;
  maxRating: number | null;
  /** When the judge was last read for this handle (null: not yet). */
  readAt: string | null;
}

/** One point of the rating chart. */
export interface RatingPoint {
  contestId: string;
  contestName: string;
  rank: number;
  oldRating: number;
  newRating: number;
  at: string;
}
