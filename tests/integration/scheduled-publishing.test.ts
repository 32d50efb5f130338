import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { MailingContext } from "~/core/mail.server";
import { PUBLISH_SCHEDULED_JOB, publishDueItems } from "~/core/publishing.server";
import { mails, notices, publications, recentEvents, subscriptions } from "~/db/schema";
import { collectionServices } from "~/features/collections/collections.server";
import { listNotices } from "~/features/collections/notices.server";
import { listRecentEvents } from "~/features/collections/recent-events.server";
import { listEvents } from "~/features/events/events.server";
import { announcePublications } from "~/features/notifications/announcements.server";
import { localDateTimeIn } from "~/lib/zoned-time";
import type { BackgroundJobs } from "~/wiring/background-jobs.server";
import { startTestJobs } from "../support/background-jobs";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { waitFor } from "../support/wait-for";

/**
 * The publisher job through the real job queue, and what subscribers are told: nothing about a
 * draft, and about a scheduled notice when it is published, not when it was saved (without SMTP:
 * the mail stays in the outbox). On PGlite or on TEST_DATABASE_URL's server.
 */
vi.setConfig({ testTimeout: 120_000 });

const SUBSCRIBER = "scheduled-reader@example.org";
const link = "https://example.org/notice.pdf";
let testDb: TestDatabase;
let background: BackgroundJobs;
let context: MailingContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ background, context } = await startTestJobs(testDb));
  await testDb.db
    .insert(subscriptions)
    .values({ email: SUBSCRIBER, topics: ["notices", "events:Seminar"], confirmedAt: new Date() });
}, 60_000);

afterAll(async () => {
  await background?.stop();
  await testDb?.close();
  if (context) fs.rmSync(context.config.DATA_DIR, { recursive: true, force: true });
});

const inAnHour = () => localDateTimeIn(new Date(Date.now() + 3_600_000), "Asia/Dhaka");

const noticeBody = (name: string, extra: Record<string, string> = {}) => ({
  name,
  publishing_date: "2031-04-01",
  pdfFile: link,
  description: `About ${name}`,
  ...extra,
});

async function created(key: "notices" | "events" | "recent-events", body: object): Promise<string> {
  const written = await collectionServices[key].create(testDb.db, body, null);
  if (!written.ok) throw new Error(JSON.stringify(written.errors));
  return written.id;
}

const mailsAbout = (name: string) =>
  testDb.db
    .select()
    .from(mails)
    .where(sql`${mails.to} = ${SUBSCRIBER} and ${mails.subject} like ${`%${name}`}`);

const publicationOf = (id: string) => testDb.db.select().from(publications).where(eq(publications.itemId, id));

/** The scheduled item's time comes: set in the past, as if the clock had moved on. */
const makeDue = (table: typeof notices | typeof recentEvents, id: string) =>
  testDb.db
    .update(table as typeof notices)
    .set({ publishAt: sql`now() - interval '1 second'` })
    .where(eq((table as typeof notices).id, id));

describe("the publisher", () => {
  it("tells nobody about a draft", async () => {
    const id = await created("notices", noticeBody("Quiet draft", { status: "draft" }));
    await announcePublications(context);
    expect(await publicationOf(id)).toEqual([]);
    expect(await mailsAbout("Quiet draft")).toEqual([]);
    expect((await listNotices(testDb.db)).map((notice) => notice.name)).not.toContain("Quiet draft");
  });

  it("publishes a scheduled notice when due and mails its subscriber then, not when it was saved", async () => {
    const id = await created("notices", noticeBody("Timed notice", { status: "scheduled", publish_at: inAnHour() }));
    // Not due yet: the job and the announcer leave it alone.
    expect(await publishDueItems(testDb.db)).toBe(0);
    await announcePublications(context);
    expect(await publicationOf(id)).toEqual([]);
    expect(await mailsAbout("Timed notice")).toEqual([]);
    expect((await listNotices(testDb.db)).map((notice) => notice.name)).not.toContain("Timed notice");

    await makeDue(notices, id);
    const dueAt = new Date();
    await background.jobs.send(PUBLISH_SCHEDULED_JOB, {});
    const [mail] = await waitFor(async () => {
      const found = await mailsAbout("Timed notice");
      return found.length > 0 ? found : undefined;
    }, "the scheduled notice's mail");
    expect(mail?.subject).toBe("New notice: Timed notice");
    expect(mail?.createdAt.getTime()).toBeGreaterThanOrEqual(dueAt.getTime() - 1000);
    const [row] = await testDb.db.select().from(notices).where(eq(notices.id, id));
    expect(row).toMatchObject({ status: "published", publishAt: null });
    expect((await listNotices(testDb.db)).map((notice) => notice.name)).toContain("Timed notice");
    const [publication] = await publicationOf(id);
    expect(publication?.publishedAt.getTime()).toBeGreaterThanOrEqual(dueAt.getTime() - 1000);
  });

  it("publishes each due item once when two processes run at the same moment", async () => {
    const id = await created("notices", noticeBody("Raced notice", { status: "scheduled", publish_at: inAnHour() }));
    await makeDue(notices, id);
    const counts = await Promise.all([publishDueItems(testDb.db), publishDueItems(testDb.db)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await publicationOf(id)).toHaveLength(1);
  });

  it("announces a draft event when it is published, and publishes a scheduled recent event unannounced", async () => {
    const event = {
      eventType: "Seminar",
      name: "Held seminar",
      starts_on: "2031-05-01",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "2 Hours",
      details: "Kept back",
    };
    const eventId = await created("events", { ...event, status: "draft" });
    await announcePublications(context);
    expect(await mailsAbout("Held seminar")).toEqual([]);
    const edited = await collectionServices.events.update(testDb.db, eventId, { ...event, status: "published" }, null);
    expect(edited).toMatchObject({ ok: true });
    await announcePublications(context);
    expect((await mailsAbout("Held seminar")).map((mail) => mail.subject)).toEqual([
      "New event: Seminar: Held seminar",
    ]);
    expect((await listEvents(testDb.db)).map((row) => row.name)).toContain("Held seminar");

    const recentId = await created("recent-events", {
      name: "Timed recent event",
      img1: link,
      details: "Later",
      img2: link,
      img3: link,
      status: "scheduled",
      publish_at: inAnHour(),
    });
    expect((await listRecentEvents(testDb.db)).map((row) => row.name)).not.toContain("Timed recent event");
    await makeDue(recentEvents, recentId);
    expect(await publishDueItems(testDb.db)).toBe(1);
    expect((await listRecentEvents(testDb.db)).map((row) => row.name)).toContain("Timed recent event");
    expect(await publicationOf(recentId)).toEqual([]);
  });

  it("keeps a schedule and its time together in the database, whoever writes", async () => {
    const id = await created("notices", noticeBody("Constrained notice"));
    await expect(testDb.db.update(notices).set({ status: "scheduled" }).where(eq(notices.id, id))).rejects.toThrow();
  });
});
