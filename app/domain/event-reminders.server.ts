import { and, between, eq } from "drizzle-orm";
import { eventPagePath } from "~/content/events";
import { events } from "~/db/schema";
import { formatDate, formatTime, todayIn } from "~/lib/format";
import type { ApiEvent } from "./events";
import { toApiEvent } from "./events.server";
import { type MailingContext, type NewMail, queueMails } from "./mail.server";
import { renderMail } from "./mail-layout.server";
import { eventStart } from "./registrations.server";
import { listTicketHolders, type TicketHolder } from "./tickets.server";

/** The queue of the job that mails confirmed people before their events (every minute). */
export const EVENT_REMINDERS_JOB = "event-reminders";

const HOUR = 3_600_000;

/** Each reminder goes out in its window before the start: the day before, then the hour before. */
const REMINDERS = [
  { key: "24h", from: 24 * HOUR, until: HOUR, kicker: "Tomorrow", lead: "is tomorrow" },
  { key: "1h", from: HOUR, until: 0, kicker: "In an hour", lead: "starts in an hour" },
] as const;

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
    queued += await queueMails(
      context,
      holders.map((holder) => reminderMail(context, { event, start, reminder, holder })),
    );
  }
  return queued;
}

function reminderMail(
  context: MailingContext,
  args: { event: ApiEvent; start: Date; reminder: Reminder; holder: TicketHolder },
): NewMail {
  const { event, start, reminder, holder } = args;
  const page = new URL(eventPagePath(event), context.config.BASE_URL).toString();
  const subject = `${reminder.kicker}: ${event.name}`;
  const when = `${event.starts_on ? formatDate(event.starts_on) : ""}, ${formatTime(event.starts_at)}`;
  return {
    dedupeKey: `event-reminder:${reminder.key}:${event._id}:${start.toISOString()}:${holder.email.toLowerCase()}`,
    to: holder.email,
    subject,
    ...renderMail({
      clubName: context.clubName,
      subject,
      kicker: reminder.kicker,
      heading: event.name,
      paragraphs: [
        `${event.name} ${reminder.lead}: ${when}${event.venue ? `, ${event.venue}` : ""}.`,
        `Your ticket's code is ${holder.code}. Show it (or its QR code on your ticket page) at the entrance.`,
      ],
      action: { label: "Show my ticket", url: `${page}/ticket` },
      footer: { reason: `You get this because you registered for ${event.name}.` },
    }),
  };
}
