import { and, asc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { appMeta, judgeContests } from "~/db/schema";
import { callJudge, type JudgeCallContext, recordJudgeError, recordJudgeSuccess } from "./judge-calls.server";
import type { PracticeJudge } from "./practice";

/** The judge's contest list is read again after this long (it is a large answer). */
const CONTESTS_REREAD_MS = 3_600_000;
/** Finished contests are kept this long, for their rating changes' summary. */
const KEEP_FINISHED_MS = 14 * 86_400_000;
const CONTESTS_READ_KEY = "practice:codeforces-contests-read-at";

const cfContest = z.object({
  id: z.number().int(),
  name: z.string(),
  phase: z.string(),
  durationSeconds: z.number().int(),
  startTimeSeconds: z.number().int().optional(),
});
const contestList = z.object({ status: z.literal("OK"), result: z.array(cfContest) });

export interface JudgeContest {
  judge: PracticeJudge;
  contestId: string;
  name: string;
  startsAt: string;
  durationSeconds: number;
  url: string;
}

/**
 * Codeforces' contests (`contest.list`), at most once an hour: the ones not started yet or
 * running are stored for the calendar, with those finished in the last two weeks; older ones go.
 * Answers whether the judge was called.
 */
export async function readCodeforcesContests(
  context: JudgeCallContext & { apiUrl: string },
  now: Date,
): Promise<boolean> {
  const { db } = context;
  const [read] = await db.select().from(appMeta).where(eq(appMeta.key, CONTESTS_READ_KEY));
  const age = read ? now.getTime() - Date.parse(read.value) : Number.POSITIVE_INFINITY;
  if (age >= 0 && age < CONTESTS_REREAD_MS) return false;
  const response = await callJudge(
    context,
    "codeforces",
    `${context.apiUrl.replace(/\/$/, "")}/contest.list?gym=false`,
  );
  const parsed = contestList.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    await recordJudgeError(
      db,
      "codeforces",
      `contest.list: an answer the API doesn't document (HTTP ${response.status})`,
    );
    return true;
  }
  await recordJudgeSuccess(db, "codeforces");
  const kept = parsed.data.result.filter(
    (contest) =>
      contest.startTimeSeconds !== undefined &&
      (contest.phase !== "FINISHED" || contest.startTimeSeconds * 1000 > now.getTime() - KEEP_FINISHED_MS),
  );
  if (kept.length > 0) {
    await db
      .insert(judgeContests)
      .values(
        kept.map((contest) => ({
          judge: "codeforces" as const,
          contestId: String(contest.id),
          name: contest.name,
          startsAt: new Date((contest.startTimeSeconds ?? 0) * 1000),
          durationSeconds: contest.durationSeconds,
          url: `https://codeforces.com/contest/${contest.id}`,
        })),
      )
      .onConflictDoUpdate({
        target: [judgeContests.judge, judgeContests.contestId],
        set: {
          name: sql`excluded.name`,
          startsAt: sql`excluded.starts_at`,
          durationSeconds: sql`excluded.duration_seconds`,
        },
      });
  }
  await db
    .delete(judgeContests)
    .where(sql`${judgeContests.startsAt} < ${new Date(now.getTime() - KEEP_FINISHED_MS).toISOString()}::timestamptz`);
  await db
    .insert(appMeta)
    .values({ key: CONTESTS_READ_KEY, value: now.toISOString() })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: now.toISOString(), updatedAt: now } });
  return true;
}

/** The judges' contests not over yet, soonest first. */
export async function upcomingJudgeContests(db: Database, now = new Date()): Promise<JudgeContest[]> {
  const rows = await db
    .select()
    .from(judgeContests)
    .where(
      and(
        gt(
          sql`${judgeContests.startsAt} + ${judgeContests.durationSeconds} * interval '1 second'`,
          sql`${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(asc(judgeContests.startsAt), asc(judgeContests.contestId))
    .limit(100);
  return rows.map((row) => ({
    judge: row.judge,
    contestId: row.contestId,
    name: row.name,
    startsAt: row.startsAt.toISOString(),
    durationSeconds: row.durationSeconds,
    url: row.url,
  }));
}

/** iCalendar text of the judges' upcoming contests (RFC 5545), for calendar apps. */
export function contestsCalendar(contests: JudgeContest[], calendarName: string, now = new Date()): string {
  const stamp = (moment: Date) =>
    moment
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
  const escapeText = (text: string) => text.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\n/g, "\\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//club website//contests//EN",
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${escapeText(calendarName)}`,
    ...contests.flatMap((contest) => {
      const start = new Date(contest.startsAt);
      return [
        "BEGIN:VEVENT",
        `UID:${contest.judge}-${contest.contestId}@contests`,
        `DTSTAMP:${stamp(now)}`,
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(new Date(start.getTime() + contest.durationSeconds * 1000))}`,
        `SUMMARY:${escapeText(contest.name)}`,
        `URL:${contest.url}`,
        "END:VEVENT",
      ];
    }),
    "END:VCALENDAR",
  ];
  // Lines longer than 75 octets are folded (RFC 5545 3.1); contest names rarely are.
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const character of line) {
    if (new TextEncoder().encode(current + character).length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
    }
    current += character;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
