import fs from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MailingContext, saveAccountLanguage } from "~/core/mail.server";
import { users } from "~/db/auth-schema";
import { mails, subscriptions } from "~/db/schema";
import { collectionServices } from "~/features/collections/collections.server";
import { registerAndTell } from "~/features/events/registration-mails.server";
import { announcePublications } from "~/features/notifications/announcements.server";
import { subscribeInput } from "~/features/notifications/subscriptions";
import {
  confirmSubscription,
  requestSubscription,
  subscriptionLinks,
} from "~/features/notifications/subscriptions.server";
import { translatorOf } from "~/i18n/translate.server";
import type { BackgroundJobs } from "~/wiring/background-jobs.server";
import { startTestJobs } from "../support/background-jobs";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addAccount, addEvent, uniqueSuffix } from "../support/event-fixtures";
import { bn, en } from "../support/messages";

/**
 * Mails in their reader's language: a subscription's confirmation in the language of the form
 * it was asked in, what the announcer sends later in the language each subscriber chose, and
 * registration mails in the language of the registrant's account; English stays the spec's.
 * Through the real job queue, without SMTP (mail stays in the outbox).
 */
vi.setConfig({ testTimeout: 120_000 });

let testDb: TestDatabase;
let background: BackgroundJobs;
let context: MailingContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ background, context } = await startTestJobs(testDb));
}, 60_000);

afterAll(async () => {
  await background?.stop();
  await testDb?.close();
  if (context) fs.rmSync(context.config.DATA_DIR, { recursive: true, force: true });
});

const mailsTo = (address: string) =>
  testDb.db
    .select()
    .from(mails)
    .where(inArray(mails.to, [address]))
    .orderBy(mails.createdAt);

async function subscribeAndConfirm(email: string, locale: "en" | "bn") {
  // The public form's action: its context carries the form's language.
  await requestSubscription(
    { ...context, locale },
    subscribeInput.parse({ email, topics: ["notices"], frequency: "immediately" }),
  );
  const [row] = await testDb.db.select().from(subscriptions).where(eq(subscriptions.email, email));
  if (!row) throw new Error("not subscribed");
  const token = subscriptionLinks(context.config.BASE_URL, context.secret, row.id).confirmUrl.split("/").at(-1);
  await confirmSubscription(testDb.db, context.secret, token ?? "");
  return row;
}

describe("mail in the reader's language", () => {
  it("confirms a subscription in the form's language and announces a notice in each subscriber's", async () => {
    const bangla = `bangla-${uniqueSuffix()}@example.org`;
    const english = `english-${uniqueSuffix()}@example.org`;
    expect((await subscribeAndConfirm(bangla, "bn")).locale).toBe("bn");
    expect((await subscribeAndConfirm(english, "en")).locale).toBe("en");
    const clubName = context.clubName;

    const [banglaConfirm] = await mailsTo(bangla);
    expect(banglaConfirm?.subject).toBe(bn("mail.subscription.confirm.subject", { clubName }));
    expect(banglaConfirm?.html).toContain('<html lang="bn">');
    expect(banglaConfirm?.text).toContain(bn("mail.subscription.confirm.action"));
    const [englishConfirm] = await mailsTo(english);
    expect(englishConfirm?.subject).toBe(`Confirm your subscription to ${clubName}`);
    expect(englishConfirm?.html).toContain('<html lang="en">');
    expect(englishConfirm?.text).toContain("Nothing is sent until you confirm. If it wasn't you, ignore this mail.");

    const name = `Lab schedule ${uniqueSuffix()}`;
    await collectionServices.notices.create(
      testDb.db,
      {
        name,
        publishing_date: "2031-03-02",
        pdfFile: "https://example.org/notice.pdf",
        description: "The lab opens at nine.",
      },
      null,
    );
    // The announcer is a background job: no request, only what each subscription stored.
    await announcePublications(context);

    const banglaNotice = (await mailsTo(bangla)).find((mail) => mail.dedupeKey.startsWith("publication:"));
    expect(banglaNotice?.subject).toBe(`${bn("mail.publication.notice")}: ${name}`);
    expect(banglaNotice?.html).toContain('<html lang="bn">');
    expect(banglaNotice?.text).toContain(`${translatorOf("bn").format.date("2031-03-02")}: The lab opens at nine.`);
    expect(banglaNotice?.text).toContain(bn("mail.publication.action"));
    expect(banglaNotice?.text).toContain(`${bn("mail.layout.unsubscribe")}: https://club.example.org/unsubscribe/`);
    expect(banglaNotice?.text).not.toContain("Read it on the website");

    const englishNotice = (await mailsTo(english)).find((mail) => mail.dedupeKey.startsWith("publication:"));
    expect(englishNotice?.subject).toBe(`New notice: ${name}`);
    expect(englishNotice?.text).toContain("2 March 2031: The lab opens at nine.");
    expect(englishNotice?.text).toContain("Read it on the website");
    expect(englishNotice?.text).toContain(`You get this because you subscribed to ${clubName} news.`);
    expect(englishNotice?.text).toContain("Unsubscribe: https://club.example.org/unsubscribe/");
  });

  it("writes registration mail in the language of the registrant's account, the API's included", async () => {
    const event = await addEvent(testDb.db);
    const [reader, other] = [await addAccount(testDb.db, "reader"), await addAccount(testDb.db, "other")];
    // The language switch while signed in: the account (and its subscription) remember it.
    await saveAccountLanguage(testDb.db, reader.id, "bn");
    expect((await testDb.db.select().from(users).where(eq(users.id, reader.id)))[0]?.locale).toBe("bn");
    const actor = { id: null, email: "someone@example.org", ip: "" };
    const args = {
      eventId: event._id,
      input: { members: [] },
      now: new Date("2031-05-15T06:00:00Z"),
      timeZone: "Asia/Dhaka",
    };

    // No form language (an API call): the account's language decides.
    expect(await registerAndTell(context, { ...args, registrant: reader }, actor)).toMatchObject({ ok: true });
    expect(await registerAndTell(context, { ...args, registrant: other }, actor)).toMatchObject({ ok: true });
    const [banglaMail] = await mailsTo(reader.email);
    const kicker = bn("mail.registration.kickerRegistered");
    expect(banglaMail?.subject).toBe(`${kicker}: ${event.name}`);
    expect(banglaMail?.text).toContain(bn("mail.registration.registered"));
    expect(banglaMail?.text).toContain(bn("mail.event.action"));
    const [englishMail] = await mailsTo(other.email);
    expect(englishMail?.subject).toBe(`Registered: ${event.name}`);
    expect(englishMail?.text).toContain(en("mail.registration.registered"));
    expect(englishMail?.text).toContain("You are registered. See you there!");
  });
});
