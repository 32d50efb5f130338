import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import type { MailingContext } from "~/core/mail.server";
import { judgeContests } from "~/db/schema";
import { mailSubscribersNow, topicMail } from "~/features/notifications/subscriptions.server";
import { postToTopicWebhooks, type WebhookMessage } from "~/features/notifications/webhooks.server";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { JUDGE_NAMES } from "./practice";

/** The queue of the job that reminds of the judges' contests (every minute). */
export const CONTEST_REMINDERS_JOB = "contest-reminders";
/** The subscription topic (and webhook topic) of the reminders. */
export const CONTEST_REMINDERS_TOPIC = "contest-reminders";

/** A contest is reminded of when it starts within this long. */
const REMIND_BEFORE_MS = 3_600_000;

type Contest = typeof judgeContests.$inferSelect;

/**
 * Reminds of every judge's contest that starts within the hour and was not reminded of yet: a
 * post to the webhooks following "contest-reminders" and a mail to each subscriber of the topic
 * who gets mail right away (a weekly digest has no use for an hour's notice). The posts' job ids
 * and the mails' keys name the contest and its start, so a second run, in this process or
 * another, or after a crash before the contest was marked, sends nothing twice; a contest moved
 * to a later time is reminded of again.
 */
export async function sendContestReminders(context: MailingContext, now: Date, timeZone: string): Promise<number> {
  const due = await context.db
    .select()
    .from(judgeContests)
    .where(
      and(
        isNull(judgeContests.remindedAt),
        gt(judgeContests.startsAt, now),
        lte(judgeContests.startsAt, new Date(now.getTime() + REMIND_BEFORE_MS)),
      ),
    )
    .orderBy(asc(judgeContests.startsAt));
  for (const contest of due) {
    const key = `contest-reminder:${contest.judge}:${contest.contestId}:${contest.startsAt.getTime()}`;
    await postToTopicWebhooks(context, CONTEST_REMINDERS_TOPIC, reminderMessage(contest, "en", timeZone), key);
    await mailReminders(context, contest, key, timeZone);
    await context.db
      .update(judgeContests)
      .set({ remindedAt: now })
      .where(and(eq(judgeContests.judge, contest.judge), eq(judgeContests.contestId, contest.contestId)));
  }
  return due.length;
}

/** "Contest in an hour: AtCoder Beginner Contest 288", its judge, start and length, in `locale`. */
function reminderMessage(contest: Contest, locale: Locale, timeZone: string): WebhookMessage {
  const { t, format } = translatorOf(locale);
  return {
    kicker: t("mail.contestReminder.kicker"),
    title: contest.name,
    summary: t("mail.contestReminder.when", {
      judge: JUDGE_NAMES[contest.judge],
      start: format.dateTime(contest.startsAt, timeZone),
      hours: format.number(Math.round((contest.durationSeconds / 3600) * 10) / 10),
    }),
    url: contest.url,
  };
}

function mailReminders(context: MailingContext, contest: Contest, key: string, timeZone: string) {
  return mailSubscribersNow(context, CONTEST_REMINDERS_TOPIC, (subscriber, locale) =>
    topicMail(context, subscriber, {
      dedupeKey: `${key}:${subscriber.id}`,
      locale,
      message: reminderMessage(contest, locale, timeZone),
      action: "mail.contestReminder.action",
      reason: "mail.contestReminder.reason",
    }),
  );
}
