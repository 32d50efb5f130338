import { and, arrayOverlaps, asc, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { UUID_PATTERN } from "~/core/ids";
import { type MailingContext, mailLanguage, type NewMail, queueMails, topicName } from "~/core/mail.server";
import { renderMail } from "~/core/mail-layout.server";
import { users } from "~/db/auth-schema";
import type { Database } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import type { MessageKey } from "~/i18n/catalogs";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { fieldErrors } from "~/lib/field-errors";
import { invalidForm } from "~/lib/form-actions.server";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import type { PreferencesInput, SubscribeInput } from "./subscriptions";

export type Subscription = typeof subscriptions.$inferSelect;

/**
 * A subscription form's fields (the email, the ticked topics, how often) checked with `schema`.
 * What was typed comes back on a failure, the topics comma-joined, as every form keeps its values.
 */
export function readSubscriptionForm<Output>(schema: z.ZodType<Output>, form: FormData, locale: Locale) {
  const topics = form.getAll("topics").map(String);
  const values = {
    email: String(form.get("email") ?? ""),
    frequency: String(form.get("frequency") ?? ""),
    topics: topics.join(","),
  };
  const parsed = schema.safeParse({ email: values.email, frequency: form.get("frequency") ?? undefined, topics });
  return parsed.success
    ? { ok: true as const, data: parsed.data, values }
    : { ok: false as const, values, answer: invalidForm(values, fieldErrors(parsed.error), locale) };
}

/** What subscribing needs: the mail queue, the site's secret (signed links) and the club's name. */

const CONFIRM_PURPOSE = "subscription-confirm";
const MANAGE_PURPOSE = "subscription-manage";

/** A repeated subscribe for one address sends at most one mail in this time (the form is also rate-limited per client). */
const ASK_AGAIN_AFTER_MS = 10 * 60_000;

export interface SubscriptionLinks {
  confirmUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
}

/** The signed links of a subscription; they stop working when it is removed (unsubscribed). */
export function subscriptionLinks(baseUrl: string, secret: string, id: string): SubscriptionLinks {
  const manage = signToken(id, secret, MANAGE_PURPOSE);
  return {
    confirmUrl: `${baseUrl}/subscribe/confirm/${signToken(id, secret, CONFIRM_PURPOSE)}`,
    manageUrl: `${baseUrl}/subscriptions/${manage}`,
    unsubscribeUrl: `${baseUrl}/unsubscribe/${manage}`,
  };
}

async function findByEmail(db: Database, email: string): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(sql`lower(${subscriptions.email}) = ${email.toLowerCase()}`);
  return row;
}

/**
 * The public form: a new address is stored unconfirmed and gets a confirmation link; an
 * unconfirmed one gets the link again; a confirmed one is told it is already subscribed, with
 * its preferences link (its choices change only from there). Whichever it was, the caller
 * answers the same, and the mail is the only place that tells.
 */
export async function requestSubscription(context: MailingContext, input: SubscribeInput): Promise<void> {
  const { db } = context;
  const existing = await findByEmail(db, input.email);
  if (!existing) {
    const [created] = await db
      .insert(subscriptions)
      .values({
        email: input.email,
        topics: input.topics,
        frequency: input.frequency,
        locale: context.locale,
        lastAskedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    // Lost a race with the same address: the other request sent the mail.
    if (created) await mailConfirmation(context, created);
    return;
  }
  if (existing.lastAskedAt && Date.now() - existing.lastAskedAt.getTime() < ASK_AGAIN_AFTER_MS) return;
  const [asked] = await db
    .update(subscriptions)
    .set({
      lastAskedAt: new Date(),
      // Until it is confirmed, the latest choices (and language) are the ones the link confirms.
      ...(existing.confirmedAt
        ? {}
        : { topics: input.topics, frequency: input.frequency, locale: context.locale ?? existing.locale }),
    })
    .where(eq(subscriptions.id, existing.id))
    .returning();
  if (!asked) return;
  // The mail answers what was just typed: in the language of that form.
  if (asked.confirmedAt) await mailAlreadySubscribed(context, asked, mailLanguage(context.locale, asked.locale));
  else await mailConfirmation(context, asked);
}

/**
 * The dashboard: the signed-in person's own address. An address the account has proved
 * (Google sign-in) is subscribed at once; any other gets the confirmation link first.
 */
export async function subscribeMember(
  context: MailingContext,
  user: { id: string; email: string },
  preferences: PreferencesInput,
): Promise<"saved" | "confirm"> {
  const { db } = context;
  const [account] = await db
    .select({ verified: users.emailVerified, locale: users.locale })
    .from(users)
    .where(eq(users.id, user.id));
  const existing = (await subscriptionOfUser(db, user)) ?? (await findByEmail(db, user.email));
  const confirmedAt = existing?.confirmedAt ?? (account?.verified ? new Date() : null);
  // An unconfirmed address is asked again at most once per window, however often choices are saved.
  const askAgain = !existing?.lastAskedAt || Date.now() - existing.lastAskedAt.getTime() >= ASK_AGAIN_AFTER_MS;
  const locale = mailLanguage(context.locale, account?.locale, existing?.locale);
  const values = {
    ...preferences,
    userId: user.id,
    confirmedAt,
    locale,
    ...(askAgain ? { lastAskedAt: new Date() } : {}),
  };
  const [row] = existing
    ? await db.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id)).returning()
    : await db
        .insert(subscriptions)
        .values({ ...values, email: user.email })
        .returning();
  if (!row || row.confirmedAt) return "saved";
  if (askAgain) await mailConfirmation(context, row);
  return "confirm";
}

export async function subscriptionOfUser(
  db: Database,
  user: { id: string; email: string },
): Promise<Subscription | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(or(eq(subscriptions.userId, user.id), sql`lower(${subscriptions.email}) = ${user.email.toLowerCase()}`))
    .orderBy(sql`${subscriptions.userId} is null`)
    .limit(1);
  return row;
}

async function subscriptionByToken(db: Database, secret: string, token: string, purpose: string) {
  const id = verifyToken(token, secret, purpose);
  if (!id || !UUID_PATTERN.test(id)) return undefined;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** The confirmation link: the subscription it names, now confirmed (confirming twice is fine). */
export async function confirmSubscription(
  db: Database,
  secret: string,
  token: string,
): Promise<Subscription | undefined> {
  const row = await subscriptionByToken(db, secret, token, CONFIRM_PURPOSE);
  if (!row) return undefined;
  if (!row.confirmedAt) {
    await db.update(subscriptions).set({ confirmedAt: new Date() }).where(eq(subscriptions.id, row.id));
  }
  return row;
}

/** The subscription a preferences or unsubscribe link names, if it still exists. */
export function subscriptionFromLink(db: Database, secret: string, token: string) {
  return subscriptionByToken(db, secret, token, MANAGE_PURPOSE);
}

/** The preferences link's form; its mails follow the language it was saved in. */
export async function savePreferences(
  db: Database,
  id: string,
  preferences: PreferencesInput,
  locale: Locale,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ ...preferences, locale })
    .where(eq(subscriptions.id, id));
}

/** Removes the address: no mail of any kind again, and its links stop working. */
export async function unsubscribe(db: Database, id: string): Promise<void> {
  await db.delete(subscriptions).where(eq(subscriptions.id, id));
}

/** One page of the confirmed subscribers of a topic who get it this often, in id order (resume after `afterId`). */
export function subscribersOf(
  db: Database,
  topic: string,
  frequency: Subscription["frequency"],
  afterId: string | undefined,
  limit: number,
): Promise<Subscription[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.confirmedAt),
        eq(subscriptions.frequency, frequency),
        arrayOverlaps(subscriptions.topics, [topic]),
        afterId ? gt(subscriptions.id, afterId) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);
}

/** Subscribers read and mailed per step: a club's whole list stays out of memory. */
const SUBSCRIBER_BATCH = 500;

/**
 * Queues a mail to every confirmed subscriber of `topic` who gets mail right away, a page of them
 * at a time; `mailOf` writes each one's mail in their language.
 */
export async function mailSubscribersNow(
  context: MailingContext,
  topic: string,
  mailOf: (subscriber: Subscription, locale: Locale) => NewMail | Promise<NewMail>,
): Promise<void> {
  let after: string | undefined;
  for (;;) {
    const batch = await subscribersOf(context.db, topic, "immediately", after, SUBSCRIBER_BATCH);
    if (batch.length === 0) return;
    const mails: NewMail[] = [];
    for (const subscriber of batch) mails.push(await mailOf(subscriber, mailLanguage(subscriber.locale)));
    await queueMails(context, mails);
    after = batch.at(-1)?.id;
  }
}

/**
 * A topic's mail to one subscriber: the message's kicker, title and summary, a link to it (the
 * `action` its label), why they get it (`reason`, given the club's name), and their own links to
 * change or end the subscription.
 */
export function topicMail(
  context: MailingContext,
  subscriber: Subscription,
  mail: {
    dedupeKey: string;
    locale: Locale;
    message: { kicker: string; title: string; summary: string; url: string };
    action: MessageKey;
    reason: MessageKey;
  },
): NewMail {
  const { locale, message } = mail;
  const { t } = translatorOf(locale);
  const links = subscriptionLinks(context.config.BASE_URL, context.secret, subscriber.id);
  const subject = t("mail.subject", { kicker: message.kicker, title: message.title });
  return {
    dedupeKey: mail.dedupeKey,
    to: subscriber.email,
    subject,
    unsubscribeUrl: links.unsubscribeUrl,
    ...renderMail({
      locale,
      clubName: context.clubName,
      subject,
      kicker: message.kicker,
      heading: message.title,
      paragraphs: [message.summary],
      action: { label: t(mail.action), url: message.url },
      footer: {
        reason: t(mail.reason, { clubName: context.clubName }),
        manageUrl: links.manageUrl,
        unsubscribeUrl: links.unsubscribeUrl,
      },
    }),
  };
}

function topicsText(row: Subscription, locale: Locale): string {
  return row.topics.map((topic) => topicName(topic, locale)).join(", ");
}

/** In the subscription's language: the one it was asked for in (an unconfirmed row's is the latest form's). */
async function mailConfirmation(context: MailingContext, row: Subscription) {
  const locale = mailLanguage(row.locale, context.locale);
  const { t } = translatorOf(locale);
  const { clubName } = context;
  const links = subscriptionLinks(context.config.BASE_URL, context.secret, row.id);
  const subject = t("mail.subscription.confirm.subject", { clubName });
  const { html, text } = renderMail({
    locale,
    clubName,
    subject,
    kicker: t("mail.subscription.confirm.kicker"),
    heading: t("mail.subscription.confirm.heading"),
    paragraphs: [
      t("mail.subscription.confirm.asked", {
        clubName,
        topics: topicsText(row, locale),
        how: t(
          row.frequency === "weekly" ? "mail.subscription.confirm.weekly" : "mail.subscription.confirm.immediately",
        ),
      }),
      t("mail.subscription.confirm.nothingYet"),
    ],
    action: { label: t("mail.subscription.confirm.action"), url: links.confirmUrl },
    footer: { reason: t("mail.subscription.confirm.reason") },
  });
  await queueMails(context, [
    {
      dedupeKey: `confirm:${row.id}:${row.lastAskedAt?.getTime() ?? 0}`,
      to: row.email,
      subject,
      html,
      text,
    },
  ]);
}

async function mailAlreadySubscribed(context: MailingContext, row: Subscription, locale: Locale) {
  const { t } = translatorOf(locale);
  const links = subscriptionLinks(context.config.BASE_URL, context.secret, row.id);
  const subject = t("mail.subscription.already.subject", { clubName: context.clubName });
  const { html, text } = renderMail({
    locale,
    clubName: context.clubName,
    subject,
    kicker: t("mail.subscription.already.kicker"),
    heading: t("mail.subscription.already.heading"),
    paragraphs: [
      t("mail.subscription.already.gets", { topics: topicsText(row, locale) }),
      t("mail.subscription.already.change"),
    ],
    action: { label: t("mail.subscription.already.action"), url: links.manageUrl },
    footer: { reason: t("mail.subscription.already.reason"), unsubscribeUrl: links.unsubscribeUrl },
  });
  await queueMails(context, [
    {
      dedupeKey: `reminder:${row.id}:${row.lastAskedAt?.getTime() ?? 0}`,
      to: row.email,
      subject,
      html,
      text,
      unsubscribeUrl: links.unsubscribeUrl,
    },
  ]);
}
