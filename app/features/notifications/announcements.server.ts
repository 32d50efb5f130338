import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { eventPagePath } from "~/content/events";
import type { MailingContext } from "~/core/mail.server";
import { eventTypeName, mailLanguage, type NewMail, queueMails } from "~/core/mail.server";
import { type MailSection, renderMail } from "~/core/mail-layout.server";
import type { Database } from "~/db/client.server";
import { events, notices, publications, results, subscriptions } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { mailSubscribersNow, type Subscription, subscriptionLinks, topicMail } from "./subscriptions.server";
import { postToTopicWebhooks, type WebhookMessage } from "./webhooks.server";

/** The queue that tells subscribers and webhooks about what was published (each job: everything waiting). */
export const ANNOUNCE_JOB = "announce-publications";
export const WEEKLY_DIGEST_JOB = "weekly-digest";

/** Subscribers read and mailed per step: a club's whole list stays out of memory. */
const SUBSCRIBER_BATCH = 500;
const PUBLICATIONS_PER_JOB = 20;
const SUMMARY_LENGTH = 280;

type Publication = typeof publications.$inferSelect;

/**
 * Asks for the announcer to run now, after something may have been published. Best effort: it
 * also runs every minute, so a failed ask (or a request that died first) delays the news, never
 * loses it, and never fails the publish.
 */
export async function announceSoon(context: Pick<MailingContext, "jobs" | "log">): Promise<void> {
  await context.jobs.send(ANNOUNCE_JOB, {}).catch((error: unknown) => {
    context.log.warn({ err: error }, "could not ask for an announcement; the minutely run will do it");
  });
}

/**
 * Tells the subscribers (those who want each mail right away) and the webhooks of each topic
 * about every publication not announced yet. One announcer runs at a time (its queue is a
 * singleton). No transaction spans the work: on the embedded database one would hold the only
 * connection the queue needs. A crash midway leaves the publication unannounced, and the next
 * run writes the same mails and jobs under the same keys and ids, which sends nothing twice.
 */
export async function announcePublications(context: MailingContext): Promise<number> {
  const waiting = await context.db
    .select()
    .from(publications)
    .where(isNull(publications.announcedAt))
    .orderBy(asc(publications.publishedAt))
    .limit(PUBLICATIONS_PER_JOB);
  for (const publication of waiting) {
    if (await announce(context, publication)) {
      await context.db.update(publications).set({ announcedAt: new Date() }).where(eq(publications.id, publication.id));
    } else {
      // Made a draft (or deleted) before it was told: forgotten, so publishing it again announces it.
      await context.db.delete(publications).where(eq(publications.id, publication.id));
    }
  }
  // A full batch: there may be more waiting.
  if (waiting.length === PUBLICATIONS_PER_JOB) await announceSoon(context);
  return waiting.length;
}

/** False when there was nothing to tell: the item is gone or no longer published. */
async function announce(context: MailingContext, publication: Publication): Promise<boolean> {
  const message = await describePublication(context.db, context.config.BASE_URL, publication);
  if (!message) return false;
  await postToTopicWebhooks(context, publication.topic, message, publication.id);
  // Chat posts are English; each subscriber's mail is in their own language, described once per language.
  const described = new Map<Locale, WebhookMessage>([["en", message]]);
  const describedIn = async (locale: Locale) => {
    let inLocale = described.get(locale);
    if (!inLocale) {
      inLocale = (await describePublication(context.db, context.config.BASE_URL, publication, locale)) ?? message;
      described.set(locale, inLocale);
    }
    return inLocale;
  };
  await mailSubscribersNow(context, publication.topic, async (subscriber, locale) =>
    topicMail(context, subscriber, {
      dedupeKey: `publication:${publication.id}:${subscriber.id}`,
      locale,
      message: await describedIn(locale),
      action: "mail.publication.action",
      reason: "mail.publication.reason",
    }),
  );
  return true;
}

/**
 * What a mail or a chat post says about a publication, in `locale` (chat posts: English);
 * undefined when it is gone or not published.
 */
export async function describePublication(
  db: Database,
  baseUrl: string,
  publication: Pick<Publication, "collection" | "itemId">,
  locale: Locale = "en",
): Promise<WebhookMessage | undefined> {
  const { t, format } = translatorOf(locale);
  const id = publication.itemId;
  if (publication.collection === "notices") {
    const [notice] = await db
      .select()
      .from(notices)
      .where(and(eq(notices.id, id), eq(notices.status, "published")));
    if (!notice) return undefined;
    return {
      kicker: t("mail.publication.notice"),
      title: notice.name,
      summary: summarise(`${format.date(notice.publishingDate)}: ${notice.description}`),
      url: `${baseUrl}/notice/${notice.slug}`,
    };
  }
  if (publication.collection === "results") {
    const [result] = await db
      .select()
      .from(results)
      .where(and(eq(results.id, id), eq(results.status, "published")));
    if (!result) return undefined;
    return {
      kicker: t("mail.publication.result"),
      title: result.name,
      summary: summarise(result.description ?? ""),
      url: `${baseUrl}/results`,
    };
  }
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.status, "published")));
  if (!event) return undefined;
  // English keeps the time as entered and the type as stored ("WorkShop"), as chat posts always said.
  const english = locale === "en";
  const time = english ? event.startsAt : format.time(event.startsAt);
  const when = event.startsOn ? `${format.date(event.startsOn)}, ${time}` : time;
  return {
    kicker: t("mail.publication.event", { type: english ? event.eventType : eventTypeName(event.eventType, locale) }),
    title: event.name,
    summary: summarise(`${when}. ${event.details}`),
    url: `${baseUrl}${eventPagePath(event)}`,
  };
}

function summarise(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= SUMMARY_LENGTH ? flat : `${flat.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…`;
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

/** Sections the digest adds for everyone after their topics' publications (the club's practice), in a language. */
export type DigestSections = (locale: Locale) => Promise<MailSection[]>;

/**
 * The weekly digest: each confirmed weekly subscriber gets one mail listing what was published
 * on their topics since their last digest (or their confirmation, at most a week back), then
 * `extraSections` (the week's practice leaders and rating changes); none when there was nothing. The mail's key names the subscriber and the week, so a second run in
 * the same week sends nothing.
 */
export async function sendWeeklyDigests(
  context: MailingContext,
  now = new Date(),
  extraSections?: DigestSections,
): Promise<number> {
  const week = Math.floor(now.getTime() / WEEK_MS);
  // Written once per language for the whole run.
  const sectionsIn = new Map<Locale, Promise<MailSection[]>>();
  const sectionsOf = (locale: Locale) => {
    let sections = sectionsIn.get(locale);
    if (!sections) {
      sections = extraSections ? extraSections(locale) : Promise.resolve([]);
      sectionsIn.set(locale, sections);
    }
    return sections;
  };
  let after: string | undefined;
  let sent = 0;
  for (;;) {
    const batch = await context.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.frequency, "weekly"),
          sql`${subscriptions.confirmedAt} is not null`,
          after ? gt(subscriptions.id, after) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.id))
      .limit(SUBSCRIBER_BATCH);
    if (batch.length === 0) return sent;
    const mails: NewMail[] = [];
    for (const subscriber of batch) {
      const mail = await digestMail(context, subscriber, { week, now, sectionsOf });
      if (mail) mails.push(mail);
    }
    sent += await queueMails(context, mails);
    await context.db
      .update(subscriptions)
      .set({ lastDigestAt: now })
      .where(
        inArray(
          subscriptions.id,
          batch.map((subscriber) => subscriber.id),
        ),
      );
    after = batch.at(-1)?.id;
  }
}

async function digestMail(
  context: MailingContext,
  subscriber: Subscription,
  run: { week: number; now: Date; sectionsOf: (locale: Locale) => Promise<MailSection[]> },
): Promise<NewMail | undefined> {
  const { week, now } = run;
  const since = new Date(
    Math.max(now.getTime() - WEEK_MS, (subscriber.lastDigestAt ?? subscriber.confirmedAt ?? now).getTime()),
  );
  const published = await context.db
    .select()
    .from(publications)
    .where(
      and(
        inArray(publications.topic, subscriber.topics),
        gt(publications.publishedAt, since),
        lte(publications.publishedAt, now),
      ),
    )
    .orderBy(asc(publications.publishedAt))
    .limit(50);
  const locale = mailLanguage(subscriber.locale);
  const { t } = translatorOf(locale);
  const items = [];
  for (const publication of published) {
    const message = await describePublication(context.db, context.config.BASE_URL, publication, locale);
    if (message) {
      const title = t("mail.subject", { kicker: message.kicker, title: message.title });
      items.push({ title, url: message.url, summary: message.summary });
    }
  }
  const sections = await run.sectionsOf(locale);
  if (items.length === 0 && sections.length === 0) return undefined;
  const { clubName } = context;
  const links = subscriptionLinks(context.config.BASE_URL, context.secret, subscriber.id);
  const subject = t("mail.digest.subject", { clubName });
  return {
    dedupeKey: `digest:${subscriber.id}:${week}`,
    to: subscriber.email,
    subject,
    unsubscribeUrl: links.unsubscribeUrl,
    ...renderMail({
      locale,
      clubName,
      subject,
      kicker: t("mail.digest.kicker"),
      heading: t("mail.digest.heading", { clubName }),
      paragraphs: items.length > 0 ? [t("mail.digest.count", { count: items.length })] : [],
      items,
      sections,
      footer: {
        reason: t("mail.digest.reason", { clubName }),
        manageUrl: links.manageUrl,
        unsubscribeUrl: links.unsubscribeUrl,
      },
    }),
  };
}
