import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createContentVersionReader } from "~/core/content-version.server";
import type { MailingContext } from "~/core/mail.server";
import { users } from "~/db/auth-schema";
import { mails, publications, subscriptions } from "~/db/schema";
import { collectionServices } from "~/features/collections/collections.server";
import { announcePublications, sendWeeklyDigests } from "~/features/notifications/announcements.server";
import { preferencesInput, subscribeInput } from "~/features/notifications/subscriptions";
import {
  confirmSubscription,
  requestSubscription,
  subscribeMember,
  subscriptionLinks,
  subscriptionOfUser,
} from "~/features/notifications/subscriptions.server";
import { webhookInput } from "~/features/notifications/webhooks";
import { createWebhook } from "~/features/notifications/webhooks.server";
import { approveSubmission } from "~/features/review/review.server";
import { sayMessage } from "~/i18n/message.server";
import { loadConfig } from "~/lib/config.server";
import { issueMessage } from "~/lib/field-errors";
import { createStorage } from "~/lib/storage/index.server";
import { uploadTempDir } from "~/lib/upload-stream.server";
import { createVersionedCache } from "~/lib/versioned-cache.server";
import { type BackgroundJobs, startBackgroundJobs } from "~/wiring/background-jobs.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { waitFor } from "../support/wait-for";

/**
 * Subscriptions, announcements, mail and webhooks through the real job queue, a real SMTP
 * server and local HTTP servers standing in for Discord, Slack and Telegram; on PGlite or on
 * TEST_DATABASE_URL's server.
 */
vi.setConfig({ testTimeout: 120_000 });

const SECRET = "s".repeat(40);
let testDb: TestDatabase;
let smtp: TestSmtpServer;
let background: BackgroundJobs;
let context: MailingContext;
const posts: { path: string; body: unknown }[] = [];
let chatServer: http.Server;
let chatUrl: string;
let chatStatus = 200;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startTestSmtpServer();
  chatServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      posts.push({ path: req.url ?? "", body: JSON.parse(body || "null") });
      res.writeHead(chatStatus).end(chatStatus === 200 ? "{}" : "broken");
    });
  });
  await new Promise<void>((resolve) => chatServer.listen(0, "127.0.0.1", resolve));
  const address = chatServer.address();
  chatUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const config = loadConfig({
    BASE_URL: "https://club.example.org",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "club-notify-")),
    SMTP_URL: smtp.url,
    MAIL_FROM: "Club <club@example.org>",
    SMTP_RATE_PER_MINUTE: "6000",
    TELEGRAM_API_URL: `${chatUrl}/telegram`,
    // The stand-in chat servers listen on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
    JOB_RETRY_LIMIT: "1",
    JOB_RETRY_DELAY_SECONDS: "1",
  });
  const log = pino({ level: "silent" });
  background = await startBackgroundJobs({
    database: testDb.handle,
    config,
    log,
    secret: SECRET,
    storage: await createStorage(config),
    uploadTempDir: uploadTempDir(config.DATA_DIR),
    // Read every time: tests change the settings straight in the database.
    settingsCache: createVersionedCache({ currentVersion: createContentVersionReader(testDb.db, 0).settings }),
  });
  context = { db: testDb.db, config, log, jobs: background.jobs, secret: SECRET, clubName: "RMSTU Programming Club" };
}, 60_000);

afterAll(async () => {
  await background?.stop();
  await smtp?.close();
  chatServer?.close();
  await testDb?.close();
  if (context) fs.rmSync(context.config.DATA_DIR, { recursive: true, force: true });
});

const tokenOf = (url: string) => url.split("/").at(-1) ?? "";

describe("subscribing", () => {
  it("sends a confirmation link and nothing else until it is opened; then a notice is mailed", async () => {
    const email = `reader-${Date.now()}@example.org`;
    await requestSubscription(context, subscribeInput.parse({ email, topics: ["notices"], frequency: "immediately" }));
    const confirmation = await smtp.waitFor((mail) => mail.to.includes(email));
    expect(confirmation.parsed.subject).toContain("Confirm your subscription");
    const link = /https:\/\/club\.example\.org\/subscribe\/confirm\/\S+/.exec(confirmation.parsed.text ?? "")?.[0];
    expect(link).toBeDefined();

    // Published before confirming: not mailed.
    await collectionServices.notices.create(
      testDb.db,
      {
        name: "Before confirming",
        publishing_date: "2031-03-01",
        pdfFile: "https://example.org/notice.pdf",
        description: "Nobody confirmed yet.",
      },
      null,
    );
    await announcePublications(context);
    expect((await confirmSubscription(testDb.db, SECRET, tokenOf(link ?? "")))?.email).toBe(email);
    expect(await confirmSubscription(testDb.db, SECRET, `${tokenOf(link ?? "")}x`)).toBeUndefined();

    await collectionServices.notices.create(
      testDb.db,
      {
        name: "Lab schedule",
        publishing_date: "2031-03-02",
        pdfFile: "https://example.org/notice.pdf",
        description: "The lab opens at nine.",
      },
      null,
    );
    await announcePublications(context);
    const notice = await smtp.waitFor(
      (mail) => mail.to.includes(email) && mail.parsed.subject === "New notice: Lab schedule",
    );
    expect(notice.parsed.text).toContain("The lab opens at nine.");
    expect(notice.parsed.html).toContain("Lab schedule");
    // Unfolded: a long header continues on lines that start with a space.
    const headers = notice.raw.slice(0, notice.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/club\.example\.org\/unsubscribe\/\S+>$/m);
    expect(notice.parsed.text).toContain("Unsubscribe: https://club.example.org/unsubscribe/");
    expect(smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mail.parsed.subject)).toEqual([
      "Confirm your subscription to RMSTU Programming Club",
      "New notice: Lab schedule",
    ]);
  });

  it("answers a second subscribe of a confirmed address with a mail only that address sees", async () => {
    const email = `twice-${Date.now()}@example.org`;
    await requestSubscription(context, subscribeInput.parse({ email, topics: ["results"], frequency: "weekly" }));
    const first = await smtp.waitFor((mail) => mail.to.includes(email));
    await confirmSubscription(
      testDb.db,
      SECRET,
      tokenOf(/\S+\/subscribe\/confirm\/\S+/.exec(first.parsed.text ?? "")?.[0] ?? ""),
    );
    await testDb.db
      .update(subscriptions)
      .set({ lastAskedAt: new Date(0) })
      .where(eq(subscriptions.email, email));
    await requestSubscription(context, subscribeInput.parse({ email, topics: ["notices"], frequency: "immediately" }));
    const second = await smtp.waitFor((mail) => mail.to.includes(email) && mail !== first);
    expect(second.parsed.subject).toBe("You are already subscribed to RMSTU Programming Club");
    const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    // Choices change only through the signed preferences link.
    expect(row?.topics).toEqual(["results"]);
  });

  it("asks a member's unconfirmed address once however often the choices are saved; a proved one at once", async () => {
    const [unproved] = await testDb.db
      .insert(users)
      .values({ name: "Member", email: `member-${Date.now()}@example.org` })
      .returning();
    const [proved] = await testDb.db
      .insert(users)
      .values({ name: "Google member", email: `google-${Date.now()}@example.org`, emailVerified: true })
      .returning();
    if (!unproved || !proved) throw new Error("no users");
    const choices = preferencesInput.parse({ topics: ["notices"], frequency: "immediately" });
    expect(await subscribeMember(context, unproved, choices)).toBe("confirm");
    expect(await subscribeMember(context, unproved, { ...choices, topics: ["results"] })).toBe("confirm");
    const written = await testDb.db.select().from(mails).where(eq(mails.to, unproved.email));
    expect(written.map((mail) => mail.subject)).toEqual(["Confirm your subscription to RMSTU Programming Club"]);
    expect((await subscriptionOfUser(testDb.db, unproved))?.topics).toEqual(["results"]);

    expect(await subscribeMember(context, proved, choices)).toBe("saved");
    expect((await subscriptionOfUser(testDb.db, proved))?.confirmedAt).not.toBeNull();
    expect(await testDb.db.select().from(mails).where(eq(mails.to, proved.email))).toEqual([]);
  });

  it("refuses a bad email and unknown topics by name", () => {
    const parsed = subscribeInput.safeParse({ email: "not-an-email", topics: ["gossip"], frequency: "hourly" });
    expect(parsed.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(["email", "frequency", "topics"]);
    const email = parsed.error?.issues.find((issue) => issue.path[0] === "email");
    expect(email && sayMessage(issueMessage(email), "en")).toBe("Email must be an address such as name@example.org");
  });
});

describe("publishing", () => {
  it("records approvals from the review queue, not pending submissions", async () => {
    const written = await collectionServices.results.create(
      testDb.db,
      {
        name: "Pending result",
        publishing_date: "2031-04-01",
        pdfFile: "https://example.org/notice.pdf",
        description: "x",
      },
      null,
      { status: "pending" },
    );
    if (!written.ok) throw new Error("not written");
    const find = () => testDb.db.select().from(publications).where(eq(publications.itemId, written.id));
    expect(await find()).toEqual([]);
    await approveSubmission(testDb.db, "results", written.id, { id: null, email: "reviewer@example.org", ip: "" });
    expect((await find()).map((row) => row.topic)).toEqual(["results"]);
  });

  it("posts to Discord, Slack and Telegram, and retries a webhook answering 500 until it fails", async () => {
    for (const [kind, extra] of [
      ["discord", { url: `${chatUrl}/discord` }],
      ["slack", { url: `${chatUrl}/slack` }],
      ["telegram", { botToken: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ", chatId: "-100123" }],
    ] as const) {
      await createWebhook(
        testDb.db,
        SECRET,
        webhookInput.parse({ kind, name: kind, topics: ["events:Seminar"], ...extra }),
      );
    }
    await collectionServices.events.create(
      testDb.db,
      {
        eventType: "Seminar",
        name: "Careers in research",
        starts_on: "2031-05-01",
        starts_at: "10:00",
        problem_number: 0,
        contest_duration: "2 hours",
        details: "Room 301.",
      },
      null,
    );
    await announcePublications(context);
    await waitFor(() => (posts.length >= 3 ? true : undefined), "three posts");
    const byPath = Object.fromEntries(posts.map((post) => [post.path, post.body]));
    expect(byPath["/discord"]).toMatchObject({ content: expect.stringContaining("Careers in research") });
    expect(byPath["/slack"]).toMatchObject({
      text: expect.stringContaining(
        "<https://club.example.org/events/seminar/careers-in-research|Careers in research>",
      ),
    });
    expect(byPath["/telegram/bot123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ/sendMessage"]).toMatchObject({
      chat_id: "-100123",
      text: expect.stringContaining("New event: Seminar: Careers in research"),
    });

    chatStatus = 500;
    posts.length = 0;
    await collectionServices.events.create(
      testDb.db,
      {
        eventType: "Seminar",
        name: "Broken chat",
        starts_on: "2031-05-02",
        starts_at: "10:00",
        problem_number: 0,
        contest_duration: "1 hour",
        details: "-",
      },
      null,
    );
    await announcePublications(context);
    const failed = await waitFor(async () => {
      const list = await background.jobs.listFailed(50);
      return list.filter((job) => job.queue === "post-webhook").length >= 3 ? list : undefined;
    }, "three failed posts");
    // One try and one retry each.
    expect(posts.length).toBe(6);
    expect(failed.find((job) => job.error.includes("discord (discord) answered 500"))).toMatchObject({ attempts: 2 });
    expect(failed.map((job) => job.error).join("\n")).not.toContain(chatUrl);
    // The status alone: what the chat server answered ("broken") is its own, never shown.
    expect(failed.map((job) => job.error).join("\n")).not.toContain("broken");

    chatStatus = 200;
    const one = failed.find((job) => job.queue === "post-webhook");
    expect(await background.jobs.retry("post-webhook", one?.id ?? "")).toBe(true);
    await waitFor(() => (posts.length >= 7 ? true : undefined), "the retried post");
    expect(await background.jobs.retry("post-webhook", "not-a-job")).toBe(false);
  });

  it("retries a mail the SMTP server refuses, then sends it once", async () => {
    const email = `refused-${Date.now()}@example.org`;
    const [row] = await testDb.db
      .insert(subscriptions)
      .values({ email, topics: ["notices"], confirmedAt: new Date() })
      .returning();
    smtp.behave("refuse");
    await collectionServices.notices.create(
      testDb.db,
      {
        name: "Refused once",
        publishing_date: "2031-03-03",
        pdfFile: "https://example.org/notice.pdf",
        description: "-",
      },
      null,
    );
    await announcePublications(context);
    const [mail] = await waitFor(async () => {
      const rows = await testDb.db.select().from(mails).where(eq(mails.to, email));
      return rows[0]?.lastError ? rows : undefined;
    }, "a refused attempt");
    expect(mail?.lastError).toContain("Try again later");
    smtp.behave("accept");
    await smtp.waitFor((received) => received.to.includes(email));
    const [sent] = await waitFor(async () => {
      const rows = await testDb.db.select().from(mails).where(eq(mails.to, email));
      return rows[0]?.status === "sent" ? rows : undefined;
    }, "the mail marked sent");
    expect(sent?.attempts).toBe(2);
    expect(smtp.received.filter((received) => received.to.includes(email))).toHaveLength(1);
    expect(subscriptionLinks(context.config.BASE_URL, SECRET, row?.id ?? "").unsubscribeUrl).toBe(mail?.unsubscribeUrl);
  });
  it("shows a mail refused on every try as a failed job with the server's answer, and Retry sends it", async () => {
    const email = `always-refused-${Date.now()}@example.org`;
    await testDb.db.insert(subscriptions).values({ email, topics: ["results"], confirmedAt: new Date() });
    smtp.behave("refuse");
    await collectionServices.results.create(
      testDb.db,
      {
        name: "Refused twice",
        publishing_date: "2031-04-02",
        pdfFile: "https://example.org/result.pdf",
        description: "-",
      },
      null,
    );
    await announcePublications(context);
    const failed = await waitFor(async () => {
      const [mail] = await testDb.db.select().from(mails).where(eq(mails.to, email));
      const jobs = await background.jobs.listFailed(100);
      return jobs.find((job) => job.queue === "send-mail" && job.id === mail?.id);
    }, "the mail's failed job");
    expect(failed).toMatchObject({ attempts: 2, error: expect.stringContaining("Try again later") });
    smtp.behave("accept");
    expect(await background.jobs.retry("send-mail", failed.id)).toBe(true);
    await smtp.waitFor((received) => received.to.includes(email));
  });
});

describe("weekly digest", () => {
  it("lists the week's publications on the subscriber's topics, once a week", async () => {
    const email = `weekly-${Date.now()}@example.org`;
    await testDb.db
      .insert(subscriptions)
      .values({ email, topics: ["notices"], frequency: "weekly", confirmedAt: new Date(Date.now() - 60_000) });
    await collectionServices.notices.create(
      testDb.db,
      {
        name: "Digest item",
        publishing_date: "2031-03-04",
        pdfFile: "https://example.org/notice.pdf",
        description: "In the digest.",
      },
      null,
    );
    const later = new Date(Date.now() + 1000);
    await sendWeeklyDigests(context, later);
    await sendWeeklyDigests(context, later);
    const digest = await smtp.waitFor((mail) => mail.to.includes(email));
    expect(digest.parsed.subject).toBe("RMSTU Programming Club: your weekly digest");
    expect(digest.parsed.text).toContain("New notice: Digest item");
    expect(digest.parsed.text).not.toContain("Careers in research");
    await smtp.waitUntil(() => smtp.held() === 0, "nothing held");
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });
});
