import { and, desc, eq, inArray, isNotNull, not, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { AppContext } from "~/core/context";
import { users } from "~/db/auth-schema";
import { type Database, selectRows } from "~/db/client.server";
import { mailPace, mails, subscriptions } from "~/db/schema";
import type { MessageKey } from "~/i18n/catalogs";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import type { Config } from "~/lib/config.server";
import { hasJob, type JobQueue } from "~/lib/job-queue.server";
import type { MailTransport } from "~/lib/mail-transport.server";
import { type Page, type PageRequest, readPage } from "~/lib/pagination";
import { countRows } from "./crud.server";
import { readSiteSettings } from "./settings.server";

/** The queue whose jobs each send one mail of the mails table. */
export const SEND_MAIL_JOB = "send-mail";

export interface NewMail {
  /** Unique per reason: the same mail queued twice is written and sent once. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl?: string;
}

export type MailRow = typeof mails.$inferSelect;

/** What sending needs: the database, the sender's settings, and SMTP when it is configured. */
export interface MailContext {
  db: Database;
  config: Config;
  log: Logger;
  jobs: JobQueue;
  /** Undefined without SMTP_URL: mail then waits in the outbox. */
  transport?: MailTransport;
}

/** What writing the site's mails needs: sending's context, the secret that signs their links, the club's name. */
export type MailingContext = Omit<MailContext, "transport"> & {
  secret: string;
  clubName: string;
  /**
   * The language of the form whose action writes the mails (a subscription, a registration):
   * what a mail answering the reader's own request is written in when the recipient's own
   * language is not known. Undefined for the API and background jobs.
   */
  locale?: Locale;
};

/**
 * A request's view of what writing mail needs; a form action passes the reader's language, the
 * API none.
 */
export async function mailingContextOf(app: AppContext, locale?: Locale): Promise<MailingContext> {
  const { clubName } = await readSiteSettings(app);
  return { db: app.db, config: app.config, log: app.log, jobs: app.jobs, secret: app.secret, clubName, locale };
}

/** The first language known, in the order given (the recipient's own first); English when none is. */
export function mailLanguage(...known: (Locale | null | undefined)[]): Locale {
  return known.find((locale): locale is Locale => Boolean(locale)) ?? DEFAULT_LOCALE;
}

const EVENT_TYPE_NAMES: Record<string, MessageKey> = {
  "Programming Contest": "mail.eventType.programmingContest",
  WorkShop: "mail.eventType.workshop",
  Webinars: "mail.eventType.webinars",
  Seminar: "mail.eventType.seminar",
  "Boot Camp": "mail.eventType.bootCamp",
};

/** An event type as its page names it ("WorkShop" is "Workshop"), in a mail's language. */
export function eventTypeName(eventType: string, locale: Locale): string {
  const key = EVENT_TYPE_NAMES[eventType];
  return key ? translatorOf(locale).t(key) : eventType;
}

/** A subscription topic ("notices", "events:Seminar", "results", "contest-reminders") as a mail names it. */
export function topicName(topic: string, locale: Locale): string {
  const { t } = translatorOf(locale);
  if (topic === "notices") return t("mail.topic.notices");
  if (topic === "results") return t("mail.topic.results");
  if (topic === "contest-reminders") return t("mail.topic.contestReminders");
  if (topic.startsWith("events:")) return t("mail.topic.events", { type: eventTypeName(topic.slice(7), locale) });
  return topic;
}

/** A signed-in person chose a language: their mails (and their subscription's) are written in it from now on. */
export async function saveAccountLanguage(db: Database, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
  await db.update(subscriptions).set({ locale }).where(eq(subscriptions.userId, userId));
}

/**
 * The language each address's account last used the site in, by lower-cased address;
 * addresses without an account (or whose language is not known) are left out.
 */
export async function accountLanguages(db: Database, addresses: readonly string[]): Promise<Map<string, Locale>> {
  const lowered = [...new Set(addresses.map((address) => address.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, lowered), isNotNull(users.locale)));
  return new Map(rows.flatMap((row) => (row.locale ? [[row.email.toLowerCase(), row.locale] as const] : [])));
}

/**
 * Writes the mails (a mail already written under its key is kept as it was) and queues a send
 * for each one not sent yet, paced to SMTP_RATE_PER_MINUTE across every process. A job's id is
 * its mail's id, so queueing again after a crash sends nothing twice.
 */
export async function queueMails(context: Omit<MailContext, "transport">, batch: NewMail[]): Promise<number> {
  const waiting = await writeMails(context.db, batch);
  await queueSends(context, waiting);
  return waiting.length;
}

/**
 * Writes the mails and answers the ids of those not sent yet. Given a transaction, the mails
 * are written with the change they tell of or not at all; their sends are queued after it
 * commits (`queueSends`), and a mail whose process died before that is queued by the sweep.
 */
export async function writeMails(db: Database, batch: NewMail[]): Promise<string[]> {
  if (batch.length === 0) return [];
  const written = await db
    .insert(mails)
    .values(batch)
    .onConflictDoNothing({ target: mails.dedupeKey })
    .returning({ id: mails.id });
  // Every mail new (a registration's usually are): no need to look for ones written before.
  if (written.length === batch.length) return written.map((row) => row.id);
  const waiting = await db
    .select({ id: mails.id })
    .from(mails)
    .where(
      and(
        inArray(
          mails.dedupeKey,
          batch.map((mail) => mail.dedupeKey),
        ),
        eq(mails.status, "queued"),
      ),
    );
  return waiting.map((row) => row.id);
}

/** Queues a send for each of these written mails, paced to SMTP_RATE_PER_MINUTE across every process. */
export async function queueSends(context: Omit<MailContext, "transport">, mailIds: string[]): Promise<void> {
  if (mailIds.length === 0) return;
  const { db, config, jobs } = context;
  const startTimes = config.SMTP_URL
    ? await reserveSendSlots(db, mailIds.length, config.SMTP_RATE_PER_MINUTE)
    : mailIds.map(() => new Date());
  await jobs.insert(
    SEND_MAIL_JOB,
    mailIds.map((id, index) => ({ id, data: { mailId: id }, startAfter: startTimes[index] })),
  );
}

/** The queue whose job queues a send for every written mail that has none (a process died in between). */
export const SWEEP_MAILS_JOB = "sweep-mails";

/** A mail younger than this may still be queued by the request that wrote it. */
const SWEEP_AFTER_SECONDS = 5;
/** Older ones are left alone: their send was queued, ran and failed, and waits for an admin's Retry. */
const SWEEP_WITHIN_HOURS = 24;
const SWEEP_BATCH = 500;

/**
 * Queues a send for each mail written (with a registration, in its transaction) but never
 * queued because its process died right after the commit: runs every minute, and at start
 * without waiting for mails to settle (a process starting has no request of its own in flight).
 */
export async function sweepUnqueuedMails(
  context: Omit<MailContext, "transport">,
  { now = new Date(), settledSeconds = SWEEP_AFTER_SECONDS }: { now?: Date; settledSeconds?: number } = {},
): Promise<number> {
  const unqueued = await context.db
    .select({ id: mails.id })
    .from(mails)
    .where(
      and(
        eq(mails.status, "queued"),
        eq(mails.attempts, 0),
        sql`${mails.createdAt} between ${new Date(now.getTime() - SWEEP_WITHIN_HOURS * 3_600_000)} and ${new Date(now.getTime() - settledSeconds * 1000)}`,
        not(hasJob(SEND_MAIL_JOB, mails.id)),
      ),
    )
    .orderBy(mails.createdAt)
    .limit(SWEEP_BATCH);
  await queueSends(
    context,
    unqueued.map((row) => row.id),
  );
  return unqueued.length;
}

/**
 * Start times for `count` sends, one every 60/rate seconds after the last one reserved, in one
 * statement: processes queueing at once get slots that don't overlap.
 */
async function reserveSendSlots(db: Database, count: number, ratePerMinute: number): Promise<Date[]> {
  if (count === 0) return [];
  const spacingMs = 60_000 / ratePerMinute;
  const [row] = await selectRows<{ first: string | Date }>(
    db,
    sql`update ${mailPace}
           set next_slot_at = greatest(next_slot_at, now()) + ${count * spacingMs} * interval '1 millisecond'
         where id = 1
     returning next_slot_at - ${count * spacingMs} * interval '1 millisecond' as first`,
  );
  const first = row ? new Date(row.first).getTime() : Date.now();
  return Array.from({ length: count }, (_, index) => new Date(first + index * spacingMs));
}

/** The sender: MAIL_FROM, or the club at no-reply on the site's host. */
export function mailFrom(config: Config, clubName: string): string {
  return config.MAIL_FROM ?? `"${clubName.replaceAll('"', "")}" <no-reply@${new URL(config.BASE_URL).hostname}>`;
}

/**
 * Sends one mail of the table (the send job): once it is sent it is never sent again, and
 * without SMTP it moves to the outbox. A failure is recorded on the mail and thrown, so the
 * job is retried with the same Message-ID.
 */
export async function deliverMail(context: MailContext, mailId: string, from: string): Promise<void> {
  const { db, transport } = context;
  const [mail] = await db.select().from(mails).where(eq(mails.id, mailId));
  if (mail?.status !== "queued") return;
  if (!transport) {
    await db.update(mails).set({ status: "outbox" }).where(eq(mails.id, mailId));
    return;
  }
  await db
    .update(mails)
    .set({ attempts: sql`${mails.attempts} + 1` })
    .where(eq(mails.id, mailId));
  try {
    await transport.send({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${mail.id}@${new URL(context.config.BASE_URL).hostname}>`,
      unsubscribeUrl: mail.unsubscribeUrl,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.update(mails).set({ lastError: message }).where(eq(mails.id, mailId));
    throw error;
  }
  await db.update(mails).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(mails.id, mailId));
}

const OUTBOX_PAGE_SIZE = 25;

/** The outbox screen: every mail, newest first (a fresh install without SMTP reads its mail here). */
export async function listMails(db: Database, request: Omit<PageRequest, "pageSize">): Promise<Page<MailRow>> {
  const total = await countRows(db, mails, undefined);
  return readPage({ ...request, pageSize: OUTBOX_PAGE_SIZE }, total, (limit, offset) =>
    db.select().from(mails).orderBy(desc(mails.createdAt), mails.id).limit(limit).offset(offset),
  );
}

export async function findMail(db: Database, id: string): Promise<MailRow | undefined> {
  const [mail] = await db.select().from(mails).where(eq(mails.id, id));
  return mail;
}
