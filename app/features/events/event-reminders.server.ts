import { and, between, eq } from "drizzle-orm";
import { eventPagePath } from "~/content/events";
import { accountLanguages, type MailingContext, mailLanguage, type NewMail, queueMails } from "~/core/mail.server";
import { renderMail } from "~/core/mail-layout.server";
import { events } from "~/db/schema";
import type { MessageKey } from "~/i18n/catalogs";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { todayIn } from "~/lib/format";
import type { ApiEvent } from "./events";
import { toApiEvent } from "./events.server";
import { eventStart } from "./registrations.server";
import { listTicketHolders, type TicketHolder } from "./tickets.server";

/** The queue of the job that mails confirmed people before their events (every minute). */
export const EVENT_REMINDERS_JOB = "event-reminders";

const HOUR = 3_600_000;

/** Each reminder goes out in its window before the start: the day before, then the hour before. */
const REMINDERS: readonly { key: string; from: number; until: number; kicker: MessageKey; lead: MessageKey }[] = [
  {
    key: "24h",
    from: 24 * HOUR,
    until: HOUR,
    kicker: "mail.reminder.dayBefore.kicker",
    lead: "mail.reminder.dayBefore.lead",
  },
  {
    key: "1h",
    from: HOUR,
    until: 0,
    kicker: "mail.reminder.hourBefore.kicker",
    lead: "mail.reminder.hourBefore.lead",
  },
];

type Reminder = (typeof REMINDERS)[number];

function reminderDue(start: Date, now: Date): Reminder | undefined {
  const ahead = start.getTime() - now.getTime();
  return REMINDERS.find((reminder) => ahead <= reminder.from && ahead > reminder.until);
}

/** Published events that start within a day of `now`, give or take the zone's offset. */
async function eventsStartingSoon(context: MailingContext, now: Date, timeZone: string): Promise<ApiEvent[]> {
  const day = (offsetDays: number) => todayIn(timeZone, new Date(now.getTime() + offsetDays * 24 * HOUR));
  const rows = await context.db
    .select()
    .from(events)
    .where(and(eq(events.status, "published"), between(events.startsOn, day(0), day(2))));
  return rows.map(toApiEvent);
}

/**
 * Mails everyone with a ticket the reminders now due. A mail's key names the reminder, the
 * event's start and the person, so running again (every minute, on every process) sends
 * nothing twice, and a moved event is reminded of again at its new time.
 */
export async function sendEventReminders(context: MailingContext, now: Date, timeZone: string): Promise<number> {
  let queued = 0;
  for (const event of await eventsStartingSoon(context, now, timeZone)) {
    const start = eventStart(event, timeZone);
    const reminder = start && reminderDue(start, now);
    if (!start || !reminder) continue;
    const holders = await listTicketHolders(context.db, event._id, context.secret);
    const languages = await accountLanguages(
      context.db,
      holders.map((holder) => holder.email),
    );
    queued += await queueMails(
      context,
      holders.map((holder) => {
        const locale = mailLanguage(languages.get(holder.email.toLowerCase()));
        return reminderMail(context, { event, start, reminder, holder, locale });
      }),
    );
  }
  return queued;
}

function reminderMail(
  context: MailingContext,
  args: { event: ApiEvent; start: Date; reminder: Reminder; holder: TicketHolder; locale: Locale },
): NewMail {
  const { event, start, reminder, holder, locale } = args;
  const { t, format } = translatorOf(locale);
  const page = new URL(eventPagePath(event), context.config.BASE_URL).toString();
  const kicker = t(reminder.kicker);
  const subject = t("mail.subject", { kicker, title: event.name });
  const when = `${event.starts_on ? format.date(event.starts_on) : ""}, ${format.time(event.starts_at)}`;
  return {
    dedupeKey: `event-reminder:${reminder.key}:${event._id}:${start.toISOString()}:${holder.email.toLowerCase()}`,
    to: holder.email,
    subject,
    ...renderMail({
      locale,
      clubName: context.clubName,
      subject,
      kicker,
      heading: event.name,
      paragraphs: [
        t(reminder.lead, { event: event.name, when: event.venue ? `${when}, ${event.venue}` : when }),
        t("mail.reminder.code", { code: holder.code }),
      ],
      action: { label: t("mail.reminder.action"), url: `${page}/ticket` },
      footer: { reason: t("mail.registration.reason", { event: event.name }) },
    }),
  };
}
