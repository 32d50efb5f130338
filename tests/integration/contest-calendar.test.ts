import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailingContext } from "~/core/mail.server";
import {
  judgeAccounts,
  judgeContests,
  judgeRatingChanges,
  judgeSolves,
  mails,
  students,
  subscriptions,
} from "~/db/schema";
import { sendWeeklyDigests } from "~/features/notifications/announcements.server";
import { webhookInput } from "~/features/notifications/webhooks";
import {
  createWebhook,
  POST_WEBHOOK_JOB,
  postToWebhook,
  type WebhookMessage,
} from "~/features/notifications/webhooks.server";
import { sendContestReminders } from "~/features/practice/contest-reminders.server";
import { summarizeFinishedContests } from "~/features/practice/contest-summaries.server";
import { contestsCalendar, readAtcoderContests, upcomingJudgeContests } from "~/features/practice/contests.server";
import { practiceDigestSections, practiceWeek } from "~/features/practice/practice-digest.server";
import { loadConfig } from "~/lib/config.server";
import type { JobQueue } from "~/lib/job-queue.server";

type JobInsert = Parameters<JobQueue["insert"]>[1][number];

import { createTestDatabase, type TestDatabase } from "../support/database";
import { RECORDED_RATING_CHANGES_CONTEST, type StandInJudges, startStandInJudges } from "../support/judges";

/**
 * The contest calendar's parts beyond the sync, against the stand-in judge's recorded answers:
 * AtCoder's upcoming contests read from its contests page, the reminder an hour before (once, to
 * a webhook sink and the topic's subscribers), the club's summary after a Codeforces contest, and
 * the weekly digest's practice sections.
 */
const SECRET = "s".repeat(40);
const SPACING_MS = 50;
const TIME_ZONE = "Asia/Dhaka";
let database: TestDatabase;
let judges: StandInJudges;
let context: MailingContext;
let sink: http.Server;
let sinkUrl: string;
const posted: { content: string }[] = [];
/** The queue's inserts, kept in the order made, each job once per id as pg-boss keeps them. */
const queued = new Map<string, { name: string; job: JobInsert }>();
const jobs = {
  insert: async (name: string, inserts: JobInsert[]) => {
    for (const job of inserts) if (job.id && !queued.has(job.id)) queued.set(job.id, { name, job });
  },
  send: async () => null,
} as unknown as JobQueue;

/** Posts every webhook job queued and not posted yet, as the post-webhook worker does. */
const delivered = new Set<string>();
async function deliverWebhookPosts() {
  for (const [id, { name, job }] of queued) {
    if (name !== POST_WEBHOOK_JOB || delivered.has(id)) continue;
    delivered.add(id);
    const { webhookId, message } = job.data as { webhookId: string; message: WebhookMessage };
    await postToWebhook(database.db, {
      webhookId,
      message,
      secret: SECRET,
      telegramApiUrl: "http://127.0.0.1:9",
      allowPrivateNetworks: true,
    });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  judges = await startStandInJudges();
  sink = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      posted.push(JSON.parse(body || "{}"));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/discord`;
  const config = loadConfig({ BASE_URL: "https://club.example.org", DATA_DIR: "/tmp/club-contest-calendar" });
  context = {
    db: database.db,
    config,
    log: pino({ level: "silent" }),
    jobs,
    secret: SECRET,
    clubName: "RMSTU Programming Club",
  };
});

afterAll(async () => {
  await judges?.close();
  await new Promise((resolve) => sink?.close(resolve));
  await database?.close();
});

describe("AtCoder's upcoming contests", () => {
  it("reads the upcoming table of AtCoder's contests page into the calendar and its feed, hourly", async () => {
    const now = new Date("2023-02-01T00:00:00Z");
    const atcoder = { db: database.db, spacingMs: SPACING_MS, atcoderUrl: judges.atcoderUrl };
    expect(await readAtcoderContests(atcoder, now)).toBe(true);
    expect(judges.calls.filter((call) => call.path.startsWith("/atcoder/contests/"))).toHaveLength(1);
    const contests = await upcomingJudgeContests(database.db, now);
    expect(contests).toEqual([
      {
        judge: "atcoder",
        contestId: "abc288",
        // The page's full-width parentheses kept as AtCoder writes them.
        name: "Toyota Programming Contest 2023 Spring Qual A（AtCoder Beginner Contest 288）",
        startsAt: "2023-02-04T12:00:00.000Z",
        durationSeconds: 100 * 60,
        url: `${judges.atcoderUrl}/contests/abc288`,
      },
      {
        judge: "atcoder",
        contestId: "arc196",
        name: "AtCoder Regular Contest 196 (Div. 1)",
        startsAt: "2025-04-06T12:00:00.000Z",
        durationSeconds: 150 * 60,
        url: `${judges.atcoderUrl}/contests/arc196`,
      },
    ]);
    const calendar = contestsCalendar(contests, "Contests", now);
    expect(calendar).toContain("UID:atcoder-arc196@contests\r\nDTSTAMP:20230201T000000Z\r\nDTSTART:20250406T120000Z");
    // Within the hour the page is not read again.
    expect(await readAtcoderContests(atcoder, new Date(now.getTime() + 30 * 60_000))).toBe(false);
    expect(judges.calls.filter((call) => call.path.startsWith("/atcoder/contests/"))).toHaveLength(1);
  });
});

describe("reminders an hour before", () => {
  it("posts each contest once to the webhooks following reminders and mails the topic's subscribers, in their language", async () => {
    await createWebhook(
      database.db,
      SECRET,
      webhookInput.parse({ kind: "discord", name: "Reminders", topics: ["contest-reminders"], url: sinkUrl }),
    );
    await createWebhook(
      database.db,
      SECRET,
      webhookInput.parse({ kind: "discord", name: "Notices only", topics: ["notices"], url: `${sinkUrl}/notices` }),
    );
    await database.db.insert(subscriptions).values([
      { email: "en@example.org", topics: ["contest-reminders"], confirmedAt: new Date(), locale: "en" },
      { email: "bn@example.org", topics: ["contest-reminders", "notices"], confirmedAt: new Date(), locale: "bn" },
      { email: "weekly@example.org", topics: ["contest-reminders"], frequency: "weekly", confirmedAt: new Date() },
      { email: "notices@example.org", topics: ["notices"], confirmedAt: new Date() },
      { email: "unconfirmed@example.org", topics: ["contest-reminders"] },
    ]);
    const reminderMails = () => database.db.select().from(mails).where(like(mails.dedupeKey, "contest-reminder:%"));

    // Two hours before ABC 288: nothing yet.
    expect(await sendContestReminders(context, new Date("2023-02-04T10:00:00Z"), TIME_ZONE)).toBe(0);
    expect(await reminderMails()).toHaveLength(0);

    // 50 minutes before, two processes at once, then again a minute later: one post, one mail each.
    const due = new Date("2023-02-04T11:10:00Z");
    await Promise.all([sendContestReminders(context, due, TIME_ZONE), sendContestReminders(context, due, TIME_ZONE)]);
    expect(await sendContestReminders(context, new Date(due.getTime() + 60_000), TIME_ZONE)).toBe(0);
    await deliverWebhookPosts();
    expect(posted).toEqual([
      {
        content: [
          "Contest in an hour: Toyota Programming Contest 2023 Spring Qual A（AtCoder Beginner Contest 288）",
          "AtCoder · starts 4 Feb 2023, 18:00 · 1.7 hours",
          `${judges.atcoderUrl}/contests/abc288`,
        ].join("\n"),
        allowed_mentions: { parse: [] },
      },
    ]);
    const sent = await reminderMails();
    expect(sent.map((mail) => mail.to).sort()).toEqual(["bn@example.org", "en@example.org"]);
    const bangla = sent.find((mail) => mail.to === "bn@example.org");
    expect(bangla?.subject).toBe(
      "এক ঘণ্টা পরে কনটেস্ট: Toyota Programming Contest 2023 Spring Qual A（AtCoder Beginner Contest 288）",
    );
    const english = sent.find((mail) => mail.to === "en@example.org");
    expect(english?.text).toContain("Open the contest: ");
    expect(english?.unsubscribeUrl).toMatch(/^https:\/\/club\.example\.org\/unsubscribe\//);
    expect(english?.text).toContain(english?.unsubscribeUrl);
    const [contest] = await database.db.select().from(judgeContests).where(eq(judgeContests.contestId, "abc288"));
    expect(contest?.remindedAt).toEqual(due);
  });
});

describe("after a Codeforces contest", () => {
  it("posts the club members' ranks and rating changes once the ratings are out, and gives up on a contest without", async () => {
    const [tourist] = await database.db
      .insert(students)
      .values({ name: "Gennady", email: "g@example.org", photoURL: "", codeforces: "tourist" })
      .returning({ id: students.id });
    await database.db
      .insert(judgeAccounts)
      .values({ studentId: tourist?.id ?? "", judge: "codeforces", handle: "Tourist", status: "ok" });
    await createWebhook(
      database.db,
      SECRET,
      webhookInput.parse({ kind: "discord", name: "Results", topics: ["results"], url: `${sinkUrl}/results` }),
    );
    // Round #728 (Div. 1), ended 25 June 2021 17:30 UTC; and a contest of which no ratings ever come.
    const started = new Date(1_624_635_300_000);
    await database.db.insert(judgeContests).values([
      {
        judge: "codeforces",
        contestId: String(RECORDED_RATING_CHANGES_CONTEST),
        name: "Codeforces Round #728 (Div. 1)",
        startsAt: started,
        durationSeconds: 8100,
        url: "https://codeforces.com/contest/1540",
      },
      {
        judge: "codeforces",
        contestId: "1541",
        name: "Codeforces Round #728 (Div. 2)",
        startsAt: started,
        durationSeconds: 8100,
        url: "https://codeforces.com/contest/1541",
      },
    ]);
    const ended = started.getTime() + 8100 * 1000;
    const summary = { db: database.db, spacingMs: SPACING_MS, apiUrl: judges.codeforcesApiUrl, jobs };
    const summarized = async () =>
      (await database.db.select().from(judgeContests).where(eq(judgeContests.judge, "codeforces"))).filter(
        (row) => row.summarizedAt !== null,
      );

    // Just over: not asked yet. An hour on, the ratings aren't out: asked, nothing posted.
    expect(await summarizeFinishedContests(summary, new Date(ended + 10 * 60_000))).toBe(0);
    expect(await summarizeFinishedContests(summary, new Date(ended + 3_600_000))).toBe(2);
    expect(await summarized()).toHaveLength(0);

    // Out: the club's member, with the rank and change Codeforces gave; the other contest still waits.
    judges.ratingChangesOut = true;
    const out = new Date(ended + 2 * 3_600_000);
    expect(await summarizeFinishedContests(summary, out)).toBe(2);
    expect(await summarizeFinishedContests(summary, new Date(out.getTime() + 600_000))).toBe(1);
    posted.length = 0;
    await deliverWebhookPosts();
    expect(posted.map((post) => post.content)).toEqual([
      [
        "Codeforces ratings are out: 1 club member took part: Codeforces Round #728 (Div. 1)",
        "Gennady (tourist): rank 2, 3723 → 3748 (+25)",
        "https://codeforces.com/contest/1540/standings",
      ].join("\n"),
    ]);
    expect((await summarized()).map((row) => row.contestId)).toEqual(["1540"]);
    const [change] = await database.db
      .select()
      .from(judgeRatingChanges)
      .where(and(eq(judgeRatingChanges.studentId, tourist?.id ?? ""), eq(judgeRatingChanges.contestId, "1540")));
    expect(change).toMatchObject({ rank: 2, oldRating: 3723, newRating: 3748 });

    // Three days after its end without ratings, the other contest is given up, without a call.
    judges.calls.length = 0;
    expect(await summarizeFinishedContests(summary, new Date(ended + 4 * 86_400_000))).toBe(0);
    expect(judges.calls).toHaveLength(0);
    expect((await summarized()).map((row) => row.contestId).sort()).toEqual(["1540", "1541"]);
    await deliverWebhookPosts();
    expect(posted).toHaveLength(1);
  });
});

describe("the weekly digest", () => {
  it("adds the week's practice leaders and the members' rating changes, in each subscriber's language", async () => {
    const now = new Date("2021-06-28T03:00:00Z");
    const [member] = await database.db
      .insert(students)
      .values({ name: "Sadia", email: "sadia@example.org", photoURL: "", codeforces: "sadia" })
      .returning({ id: students.id });
    const gennady = await database.db.select().from(students).where(eq(students.name, "Gennady"));
    const solve = (studentId: string, key: string, daysAgo: number) => ({
      studentId,
      judge: "codeforces" as const,
      problemKey: key,
      solvedAt: new Date(now.getTime() - daysAgo * 86_400_000),
    });
    await database.db.insert(judgeSolves).values([
      solve(member?.id ?? "", "1540A", 1),
      solve(member?.id ?? "", "1540B", 2),
      solve(gennady[0]?.id ?? "", "1540C", 3),
      // Before the week: not counted.
      solve(gennady[0]?.id ?? "", "1540D", 9),
      solve(gennady[0]?.id ?? "", "1540E", 10),
    ]);
    await database.db.insert(subscriptions).values({
      email: "weekly-bn@example.org",
      topics: ["notices"],
      frequency: "weekly",
      confirmedAt: new Date(0),
      locale: "bn",
    });

    const week = await practiceWeek(database.db, now);
    expect(week).toEqual({
      leaders: [
        { name: "Sadia", solved: 2 },
        { name: "Gennady", solved: 1 },
      ],
      changes: [
        {
          name: "Gennady",
          judge: "codeforces",
          contestName: "Codeforces Round #728 (Div. 1)",
          oldRating: 3723,
          newRating: 3748,
        },
      ],
      moreChanges: 0,
    });
    await sendWeeklyDigests(context, now, async (locale) =>
      practiceDigestSections(week, locale, context.config.BASE_URL),
    );
    const digests = await database.db.select().from(mails).where(like(mails.dedupeKey, "digest:%"));
    const english = digests.find((mail) => mail.to === "weekly@example.org");
    // No publication on its topics this week: the practice alone makes the digest.
    expect(english?.text).not.toContain("new on the topics you follow");
    expect(english?.text).toContain(
      [
        "Practice leaders of the week (problems solved)",
        "  1. Sadia: 2",
        "  2. Gennady: 1",
        "  See the practice leaderboard: https://club.example.org/practice",
        "",
        "Members' rating changes this week",
        "  Gennady, Codeforces Round #728 (Div. 1) (Codeforces): 3,723 → 3,748 (+25)",
      ].join("\n"),
    );
    expect(english?.html).toContain("<h2");
    const bangla = digests.find((mail) => mail.to === "weekly-bn@example.org");
    expect(bangla?.text).toContain("সপ্তাহের অনুশীলনে এগিয়ে থাকা সদস্যরা (সমাধান করা সমস্যা)\n  ১. Sadia: ২টি");
    expect(bangla?.text).toContain("Gennady, Codeforces Round #728 (Div. 1) (Codeforces): ৩,৭২৩ → ৩,৭৪৮ (+25)");
  });
});
