import { z } from "zod";
import {
  type ImportedStandings,
  type ImportWarning,
  type StandingsCell,
  StandingsFormatError,
  type StandingsRow,
  standingsText,
} from "~/features/standings/standings";
import { rankRows, refuseEmpty } from "~/features/standings/standings-ranking";
import { checkJson, parseJsonText } from "./json-file";
import { checkCount, checkListLength } from "./standings-limits";

/**
 * vjudge standings, from the JSON its rank page loads (`https://vjudge.net/contest/rank/single/{id}`).
 * It holds no results, only the submissions, so the results are computed the ICPC way.
 */

const MINUTES_PER_REJECTION = 20;

const rankSchema = z.object({
  title: z.string().nullish(),
  /** The contest's length in milliseconds. */
  length: z.number().positive().optional(),
  /** Participant id → [username, nickname, …]. */
  participants: z.record(z.string(), z.tuple([z.string(), z.string().nullish()], z.unknown())),
  /** [participant id, problem index (0 for A), 1 if accepted else 0, seconds from the start]. */
  submissions: z.array(
    z.tuple(
      [z.union([z.number().int(), z.string()]), z.number().int().nonnegative(), z.number(), z.number().nonnegative()],
      z.unknown(),
    ),
  ),
});

type Rank = z.infer<typeof rankSchema>;
type Participant = Rank["participants"][string];

interface Submission {
  participant: string;
  problem: number;
  accepted: boolean;
  seconds: number;
}

/** One participant's submissions on one problem, up to the first accepted one. */
interface Tries {
  attempts: number;
  acceptedAt: number | null;
}

/** `problemCount` names problems no one submitted to; without it the last one submitted to is the last. */
export function parseVjudgeRank(json: string, problemCount?: number): ImportedStandings {
  if (problemCount !== undefined && !(Number.isSafeInteger(problemCount) && problemCount > 0)) {
    throw new RangeError(`A problem count is a positive whole number, not ${problemCount}`);
  }
  const value = parseJsonText(json);
  checkSizes(value);
  const rank = checkJson(rankSchema, value);
  const submissions = submissionsOf(rank, problemCount);
  const inTime = submissions.filter(
    (submission) => rank.length === undefined || submission.seconds * 1000 <= rank.length,
  );
  const problems = problemCount ?? submissions.reduce((count, s) => Math.max(count, s.problem + 1), 0);
  checkCount("problems", problems, "submissions");
  const labels = problemLabels(problems);
  const tries = triesByParticipant(inTime);
  const firsts = firstSolves(tries);
  // Like vjudge's own board: someone who never submitted in time is not on it.
  const rows = Object.entries(rank.participants).flatMap(([id, participant]) => {
    const own = tries.get(id);
    return own ? [toRow(participant, own, firsts, labels)] : [];
  });
  refuseEmpty(rows);
  return {
    scoring: "icpc",
    problems: labels.map((label) => ({ label, name: label })),
    rows: rankRows("icpc", rows),
    warnings: lateWarnings(submissions.length - inTime.length),
    contestName: rank.title || null,
  };
}

/** Counted before a submission is checked or converted: a file past the limits makes none of them. */
function checkSizes(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  if ("submissions" in value) checkListLength("lines", value.submissions, "submissions");
  if ("participants" in value && typeof value.participants === "object" && value.participants !== null) {
    checkCount("teams", Object.keys(value.participants).length, "participants");
  }
}

/** The submissions in time order (the file's order for the same second), checked against the participants. */
function submissionsOf(rank: Rank, problemCount: number | undefined): Submission[] {
  const submissions = rank.submissions.map(([id, problem, verdict, seconds], index): Submission => {
    const participant = String(id);
    if (!Object.hasOwn(rank.participants, participant)) {
      throw new StandingsFormatError(
        standingsText("tools.standings.error.unknownParticipant", { participant }),
        `submissions[${index}]`,
      );
    }
    if (problemCount !== undefined && problem >= problemCount) {
      throw new StandingsFormatError(
        standingsText("tools.standings.error.problemBeyond", { problem: problemLabel(problem), count: problemCount }),
        `submissions[${index}]`,
      );
    }
    return { participant, problem, accepted: verdict === 1, seconds };
  });
  return submissions.sort((a, b) => a.seconds - b.seconds);
}

function triesByParticipant(submissions: Submission[]): Map<string, Map<number, Tries>> {
  const byParticipant = new Map<string, Map<number, Tries>>();
  for (const { participant, problem, accepted, seconds } of submissions) {
    const problems = byParticipant.get(participant) ?? new Map<number, Tries>();
    byParticipant.set(participant, problems);
    const tries = problems.get(problem) ?? { attempts: 0, acceptedAt: null };
    problems.set(problem, tries);
    // Once accepted, a problem is done: later submissions neither count nor cost.
    if (tries.acceptedAt !== null) continue;
    tries.attempts += 1;
    if (accepted) tries.acceptedAt = seconds;
  }
  return byParticipant;
}

/** Problem → the earliest accepted second, to the second: minutes would tie solves seconds apart. */
function firstSolves(tries: Map<string, Map<number, Tries>>): Map<number, number> {
  const firsts = new Map<number, number>();
  for (const problems of tries.values()) {
    for (const [problem, { acceptedAt }] of problems) {
      if (acceptedAt !== null && acceptedAt < (firsts.get(problem) ?? Number.POSITIVE_INFINITY)) {
        firsts.set(problem, acceptedAt);
      }
    }
  }
  return firsts;
}

function toRow(
  [username, nickname]: Participant,
  tries: Map<number, Tries>,
  firsts: Map<number, number>,
  labels: string[],
): StandingsRow {
  const cells: Record<string, StandingsCell> = {};
  for (const [problem, { attempts, acceptedAt }] of [...tries].sort(([a], [b]) => a - b)) {
    cells[labels[problem] as string] = {
      solved: acceptedAt !== null,
      attempts,
      minutes: acceptedAt === null ? null : Math.floor(acceptedAt / 60),
      firstToSolve: acceptedAt !== null && acceptedAt === firsts.get(problem),
      score: null,
    };
  }
  const name = nickname?.trim() || username;
  const solvedCells = Object.values(cells).filter((cell) => cell.solved);
  return {
    name,
    members: [{ name, handle: username, email: null }],
    rank: null,
    solved: solvedCells.length,
    penalty: solvedCells.reduce(
      (sum, cell) => sum + (cell.minutes ?? 0) + MINUTES_PER_REJECTION * (cell.attempts - 1),
      0,
    ),
    score: null,
    cells,
    awards: [],
  };
}

function problemLabels(count: number): string[] {
  return Array.from({ length: count }, (_, index) => problemLabel(index));
}

/** 0 → A, 25 → Z, 26 → AA, as spreadsheets name columns. */
function problemLabel(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : problemLabel(Math.floor(index / 26) - 1) + letter;
}

/** vjudge's list also holds the submissions made after the end, which don't count for the contest. */
function lateWarnings(late: number): ImportWarning[] {
  if (late === 0) return [];
  return [{ text: standingsText("tools.standings.warning.late", { late }) }];
}
