import type { JUDGE_CALLERS, PRACTICE_JUDGES } from "~/db/enums";

/** The judges members' practice is read from; CodeChef has no public API and is left out. */
export type PracticeJudge = (typeof PRACTICE_JUDGES)[number];
/** The judges' own names, as pages and posts write them. */
export const JUDGE_NAMES: Record<PracticeJudge, string> = { codeforces: "Codeforces", atcoder: "AtCoder" };

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

/** What a member page shows of the member's practice. */
export interface MemberPractice {
  accounts: JudgeAccountView[];
  /** Each judge's rated contests, oldest first. */
  history: Partial<Record<PracticeJudge, RatingPoint[]>>;
  /** Problems first solved in each of the last 12 weeks (every judge), oldest week first (weeks from Monday, UTC). */
  weeks: { start: string; solved: number }[];
}

/** The leaderboard's periods: this week (from Monday), this month, this term (January–June or July–December). */
export const PRACTICE_PERIODS = ["week", "month", "term"] as const;
export type PracticePeriod = (typeof PRACTICE_PERIODS)[number];

/** When the period `now` is in began (UTC). */
export function periodStart(period: PracticePeriod, now: Date): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (period === "month") return new Date(Date.UTC(year, month, 1));
  if (period === "term") return new Date(Date.UTC(year, month < 6 ? 0 : 6, 1));
  const day = new Date(Date.UTC(year, month, now.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
}

/** The period and batch a leaderboard's address asks for (`?period=month&batch=9`); a week and every batch by default. */
export function boardQuery(url: URL): { period: PracticePeriod; batch: number | null } {
  const asked = url.searchParams.get("period");
  const period = PRACTICE_PERIODS.find((choice) => choice === asked) ?? "week";
  const batch = Number.parseInt(url.searchParams.get("batch") ?? "", 10);
  return { period, batch: Number.isInteger(batch) ? batch : null };
}

/** +25, −12, ±0: a rating change as the judges write it. */
export function signed(change: number): string {
  if (change === 0) return "±0";
  return change > 0 ? `+${change}` : `−${-change}`;
}
