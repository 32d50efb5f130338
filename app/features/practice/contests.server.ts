import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { PRACTICE_JUDGES } from "~/db/enums";
import { appMeta, judgeContests } from "~/db/schema";
import { callJudge, type JudgeCallContext, recordJudgeError, recordJudgeSuccess } from "./judge-calls.server";
import type { PracticeJudge } from "./practice";

/** A judge's contest list is read again after this long (Codeforces' is a large answer). */
const CONTESTS_REREAD_MS = 3_600_000;
/** Finished contests are kept this long, for their rating changes' summary. */
const KEEP_FINISHED_MS = 14 * 86_400_000;
const contestsReadKey = (judge: PracticeJudge) => `practice:${judge}-contests-read-at`;

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

type StoredContest = Omit<JudgeContest, "startsAt"> & { startsAt: Date };

/** Whether the judge's list was read within the hour; otherwise notes it as read `now`. */
async function contestsReadRecently(db: Database, judge: PracticeJudge, now: Date): Promise<boolean> {
  const key = contestsReadKey(judge);
  const [read] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  const age = read ? now.getTime() - Date.parse(read.value) : Number.POSITIVE_INFINITY;
  return age >= 0 && age < CONTESTS_REREAD_MS;
}

/** The judges' contest lists are read again at the next run, whenever they were read last (an admin asked). */
export async function forgetContestListReads(db: Database): Promise<void> {
  await db.delete(appMeta).where(inArray(appMeta.key, PRACTICE_JUDGES.map(contestsReadKey)));
}

async function noteContestsRead(db: Database, judge: PracticeJudge, now: Date) {
  await db
    .insert(appMeta)
    .values({ key: contestsReadKey(judge), value: now.toISOString() })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: now.toISOString(), updatedAt: now } });
}

/** Stores what a judge's list said (a moved contest keeps its reminder state) and drops long-finished ones. */
async function storeJudgeContests(db: Database, contests: StoredContest[], now: Date) {
  if (contests.length > 0) {
    await db
      .insert(judgeContests)
      .values(contests)
      .onConflictDoUpdate({
        target: [judgeContests.judge, judgeContests.contestId],
        set: {
          name: sql`excluded.name`,
          startsAt: sql`excluded.starts_at`,
          durationSeconds: sql`excluded.duration_seconds`,
          // Moved to a later time: reminded again at the new one.
          remindedAt: sql`case when excluded.starts_at > ${judgeContests.startsAt} then null else ${judgeContests.remindedAt} end`,
        },
      });
  }
  await db
    .delete(judgeContests)
    .where(sql`${judgeContests.startsAt} < ${new Date(now.getTime() - KEEP_FINISHED_MS).toISOString()}::timestamptz`);
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
  if (await contestsReadRecently(db, "codeforces", now)) return false;
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
  await storeJudgeContests(
    db,
    kept.map((contest) => ({
      judge: "codeforces" as const,
      contestId: String(contest.id),
      name: contest.name,
      startsAt: new Date((contest.startTimeSeconds ?? 0) * 1000),
      durationSeconds: contest.durationSeconds,
      url: `https://codeforces.com/contest/${contest.id}`,
    })),
    now,
  );
  await noteContestsRead(db, "codeforces", now);
  return true;
}

/**
 * AtCoder's upcoming contests, at most once an hour. AtCoder has no API for its schedule: the
 * page `/contests/` is read, as the tools that follow AtCoder (clist.by among them) do, and only
 * its "Upcoming Contests" table. Answers whether the judge was called.
 */
export async function readAtcoderContests(context: JudgeCallContext & { atcoderUrl: string }, now: Date) {
  const { db } = context;
  if (await contestsReadRecently(db, "atcoder", now)) return false;
  const base = context.atcoderUrl.replace(/\/$/, "");
  const response = await callJudge(context, "atcoder", `${base}/contests/?lang=en`);
  const page = response.ok ? await response.text() : "";
  const contests = page ? parseAtcoderUpcoming(page) : undefined;
  if (!contests) {
    await response.body?.cancel().catch(() => {});
    await recordJudgeError(db, "atcoder", `contests page: HTTP ${response.status}, no upcoming contests table`);
    return true;
  }
  await recordJudgeSuccess(db, "atcoder");
  await storeJudgeContests(
    db,
    contests.map((contest) => ({
      ...contest,
      judge: "atcoder" as const,
      url: `${base}/contests/${contest.contestId}`,
    })),
    now,
  );
  await noteContestsRead(db, "atcoder", now);
  return true;
}

/**
 * The rows of the "Upcoming Contests" table of AtCoder's `/contests/` page: start (`<time>`,
 * "2025-04-06 21:00:00+0900"), the contest's link and name, and its duration ("02:30", hours may
 * pass 99). Undefined when the page has no such table (AtCoder changed it, or answered something
 * else); a row that doesn't read is left out.
 */
export function parseAtcoderUpcoming(
  page: string,
): { contestId: string; name: string; startsAt: Date; durationSeconds: number }[] | undefined {
  const table = /id=["']contest-table-upcoming["'][\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(page)?.[1];
  if (table === undefined) return undefined;
  const contests = [];
  for (const [, row = ""] of table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)) {
    const start = /<time[^>]*>\s*(\d{4}-\d\d-\d\d) (\d\d:\d\d(?::\d\d)?)([+-]\d\d)(\d\d)\s*<\/time>/.exec(row);
    const link = /<a href=["']\/contests\/([\w-]+)["'][^>]*>([\s\S]*?)<\/a>/.exec(row);
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1] ?? "");
    const duration = /^\s*(\d+):(\d\d)\s*$/.exec(cells[2] ?? "");
    if (!start || !link || !duration) continue;
    const startsAt = new Date(`${start[1]}T${start[2]}${start[3]}:${start[4]}`);
    const name = htmlText(link[2] ?? "");
    if (Number.isNaN(startsAt.getTime()) || !name) continue;
    contests.push({
      contestId: link[1] ?? "",
      name,
      startsAt,
      durationSeconds: (Number(duration[1]) * 60 + Number(duration[2])) * 60,
    });
  }
  return contests;
}

/** An HTML fragment's text: tags out, the few entities AtCoder writes decoded, spaces folded. */
function htmlText(fragment: string): string {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#039": "'" };
  return fragment
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#0?39);/g, (_all, name: string) => entities[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
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
