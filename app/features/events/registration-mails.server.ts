import { randomUUID } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import { eventPagePath } from "~/content/events";
import { type Actor, recordAudit, recordAudits } from "~/core/audit.server";
import {
  accountLanguages,
  type MailingContext,
  mailLanguage,
  type NewMail,
  queueMails,
  queueSends,
  writeMails,
} from "~/core/mail.server";
import { renderMail } from "~/core/mail-layout.server";
import { clubTimeZoneIn } from "~/core/settings.server";
import type { Database } from "~/db/client.server";
import { attendees, registrations } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { signToken, verifyToken } from "~/lib/signed-token.server";
import type { ApiEvent } from "./events";
import {
  addressesOfRegistered,
  addressesOfRegistration,
  cancelRegistration,
  confirmTeammate,
  moveOffWaitlist,
  type Refusal,
  type RegisterArgs,
  type Registered,
  type Registrant,
  refusalOfConflict,
  registerManyIn,
} from "./registrations.server";
import { confirmedAddresses } from "./team-invitations.server";

/**
 * What registering, cancelling and confirming tell people by mail, written in the same
 * transaction as the change by the same calls the event page, the dashboard and the API use.
 * Each mail is in its recipient's language when their account has one; the registrant's own
 * confirmation is in the language they registered in.
 */

type EventRow = ApiEvent;

const eventUrl = (context: MailingContext, event: EventRow) =>
  new URL(`${eventPagePath(event)}#registration`, context.config.BASE_URL).toString();

/** What signs an invitation's link: whoever holds it may decline that one invitation, nothing else. */
const INVITATION_PURPOSE = "team-invitation";

const invitationUrl = (context: MailingContext, attendeeId: string) =>
  new URL(
    `/invitations/${signToken(attendeeId, context.secret, INVITATION_PURPOSE)}`,
    context.config.BASE_URL,
  ).toString();

/** The invitation (its attendee's id) a link names; undefined for a link not made by this site. */
export const invitationOfToken = (token: string, secret: string) => verifyToken(token, secret, INVITATION_PURPOSE);

export function eventMail(
  context: MailingContext,
  event: EventRow,
  mail: {
    locale: Locale;
    dedupeKey: string;
    to: string;
    subject: string;
    kicker: string;
    paragraphs: string[];
    reason: string;
    /** The mail's button; the event's page unless said otherwise. */
    action?: { label: string; url: string };
  },
): NewMail {
  const action = mail.action ?? {
    label: translatorOf(mail.locale).t("mail.event.action"),
    url: eventUrl(context, event),
  };
  return {
    dedupeKey: mail.dedupeKey,
    to: mail.to,
    subject: mail.subject,
    ...renderMail({
      locale: mail.locale,
      clubName: context.clubName,
      subject: mail.subject,
      kicker: mail.kicker,
      heading: event.name,
      paragraphs: mail.paragraphs,
      action,
      footer: { reason: mail.reason },
    }),
  };
}

/** The teammates a registration invites (everyone but its captain) with the team's name. */
async function invitationsOf(db: Database, registrationId: string) {
  return db
    .select({ attendeeId: attendees.id, email: attendees.email, teamName: registrations.teamName })
    .from(attendees)
    .innerJoin(registrations, eq(registrations.id, attendees.registrationId))
    .where(and(eq(attendees.registrationId, registrationId), gt(attendees.position, 0)))
    .orderBy(asc(attendees.position));
}

/** Each address's language: its account's, else `fallback`, else English. */
export async function languagesOf(context: MailingContext, addresses: string[], fallback?: Locale) {
  const stored = await accountLanguages(context.db, addresses);
  return (address: string) => mailLanguage(stored.get(address.toLowerCase()), fallback);
}

/**
 * Makes a change and writes the mails (and the audit entry) telling of it in one transaction,
 * so a process killed right after the commit loses no mail; their sends are queued once it has
 * committed, and the minutely sweep queues any a dead process left.
 */
export async function changeAndTell<Outcome extends { ok: boolean }>(
  context: MailingContext,
  change: (tx: Database) => Promise<Outcome>,
  tell: Teller<Outcome>,
): Promise<Outcome> {
  const { outcome, written } = await changeWithMails(context, change, tell);
  await queueWritten(context, written);
  return outcome;
}

type Teller<Outcome> = (inTransaction: MailingContext, outcome: Extract<Outcome, { ok: true }>) => Promise<NewMail[]>;

/** The change and its mails in one transaction; answers the mails to queue once it has committed. */
async function changeWithMails<Outcome extends { ok: boolean }>(
  context: MailingContext,
  change: (tx: Database) => Promise<Outcome>,
  tell: Teller<Outcome>,
): Promise<{ outcome: Outcome; written: string[] }> {
  let written: string[] = [];
  const outcome = await context.db.transaction(async (tx) => {
    const changed = await change(tx);
    if (changed.ok) {
      written = await writeMails(tx, await tell({ ...context, db: tx }, changed as Extract<Outcome, { ok: true }>));
    }
    return changed;
  });
  return { outcome, written };
}

/** Best effort: a send not queued now is queued by the minutely sweep, and the change stands either way. */
async function queueWritten(context: MailingContext, written: string[]) {
  await queueSends(context, written).catch((error: unknown) => {
    context.log.warn({ err: error }, "could not queue registration mails; the sweep queues them within a minute");
  });
}

/**
 * A process registers for one event one batch at a time. The database decides the order across
 * processes (the event's row is locked); in one process, a crowd waiting for that lock would hold
 * every pooled connection and leave none to read the next visitor's session. So requests wait
 * here, in the order they came, and whoever arrived while a batch was being written is
 * registered together in the next one: one transaction, one lock, the places counted once,
 * rows, audit entries and mails written in a few statements (`registerManyIn`). A ticket drop's
 * cost per registration then falls as the crowd grows, instead of its queue.
 *
 * On the embedded database a batch's statements run on the one thread that also reads the next
 * requests, so nobody arrives while a batch is written and every batch would hold one person.
 * So, as PostgreSQL's `commit_delay` does for its commits, a batch that starts during a rush (the
 * last one ended moments ago) first waits a little for those on their way: a drop's cost per
 * registration fell from 12.6 to 8 ms of CPU. A lone registration starts at once.
 */
const waitingPerEvent = new Map<string, Waiting[]>();

/** A batch that starts within this long of the last one's end is part of a rush. */
const RUSH_GAP_MS = 50;
/** How long a batch of a rush waits for more before it starts. */
const RUSH_GATHER_MS = 20;
/** When each event's last batch ended: a rush on one event makes no other event's registrations wait. */
const lastBatchEndedAt = new Map<string, number>();

function gatherIfRushed(eventId: string): Promise<unknown> {
  const ended = lastBatchEndedAt.get(eventId);
  if (ended === undefined) return Promise.resolve();
  if (performance.now() - ended >= RUSH_GAP_MS) {
    lastBatchEndedAt.delete(eventId);
    return Promise.resolve();
  }
  return new Promise((resolve) => setTimeout(resolve, RUSH_GATHER_MS));
}

/** The most registrations written in one transaction: how long the event's row stays locked. */
const MOST_PER_BATCH = 50;

interface Waiting {
  context: MailingContext;
  args: RegisterArgs;
  actor: Actor;
  settle: (outcome: Promise<Registered | Refusal>) => void;
}

/** Registers, then mails the registrant what they got and each teammate their invitation. */
export async function registerAndTell(context: MailingContext, args: RegisterArgs, actor: Actor) {
  const { config } = context;
  const rules: RegisterArgs = {
    holdHours: config.TEAM_CONFIRM_HOURS,
    invitationLimit: {
      max: config.INVITATION_RATE_LIMIT_MAX,
      windowSeconds: config.INVITATION_RATE_LIMIT_WINDOW_SECONDS,
    },
    ...args,
  };
  return new Promise<Registered | Refusal>((resolve) => {
    const waiting = waitingPerEvent.get(args.eventId);
    const request = { context, args: rules, actor, settle: resolve };
    if (waiting) {
      waiting.push(request);
      return;
    }
    const queue = [request];
    waitingPerEvent.set(args.eventId, queue);
    void registerWaiting(args.eventId, queue);
  });
}

/** Registers the event's waiting requests, a batch at a time, until none is left. */
async function registerWaiting(eventId: string, queue: Waiting[]) {
  try {
    while (queue.length > 0) {
      await gatherIfRushed(eventId);
      const batch = queue.splice(0, MOST_PER_BATCH);
      const outcomes = await registerBatch(batch);
      lastBatchEndedAt.set(eventId, performance.now());
      batch.forEach((request, index) => {
        request.settle(outcomes[index] ?? Promise.reject(new Error("a registration was left without an outcome")));
      });
    }
  } finally {
    waitingPerEvent.delete(eventId);
  }
}

/**
 * One batch in one transaction, its sends queued once it has committed. When the transaction
 * fails (a unique index refused a write, the database went away), each registration is tried
 * again in a transaction of its own, so one request's trouble is nobody else's.
 */
async function registerBatch(batch: Waiting[]): Promise<Promise<Registered | Refusal>[]> {
  const [first] = batch;
  if (!first) return [];
  try {
    const { outcomes, written } = await registerWithMails(batch);
    await queueWritten(first.context, written);
    return outcomes.map((outcome) => Promise.resolve(outcome));
  } catch (error) {
    if (batch.length === 1) {
      const refusal = refusalOfConflict(error, first.args.input);
      return [refusal ? Promise.resolve(refusal) : Promise.reject(error)];
    }
    const outcomes: Promise<Registered | Refusal>[] = [];
    for (const request of batch) {
      const [outcome] = await registerBatch([request]);
      // Settled by the caller; marked handled here so one failure waiting in the list is not reported as unhandled.
      outcome?.catch(() => undefined);
      outcomes.push(outcome ?? Promise.reject(new Error("a registration was left without an outcome")));
    }
    return outcomes;
  }
}

async function registerWithMails(batch: Waiting[]) {
  const [first] = batch;
  if (!first) return { outcomes: [], written: [] };
  const { context } = first;
  // Read before the event is locked: the lock is held until the mails are written.
  const stored = await accountLanguages(
    context.db,
    batch.flatMap(({ args }) => [
      ...(args.registrant.locale === undefined ? [args.registrant.email] : []),
      ...args.input.members,
    ]),
  );
  for (const { args } of batch) {
    if (args.registrant.locale) stored.set(args.registrant.email.toLowerCase(), args.registrant.locale);
  }
  let written: string[] = [];
  const outcomes = await context.db.transaction(async (tx) => {
    const outcomes = await registerManyIn(
      tx,
      batch.map(({ args }) => args),
    );
    const audits: Parameters<typeof recordAudits>[1] = [];
    const mails: NewMail[] = [];
    for (const [index, registered] of outcomes.entries()) {
      const request = batch[index];
      if (!request || !registered.ok) continue;
      const { args, actor } = request;
      const inTransaction = { ...request.context, db: tx };
      const languageOf = (address: string) => mailLanguage(stored.get(address.toLowerCase()), request.context.locale);
      audits.push({
        actor,
        entry: {
          action: "create",
          entity: "registrations",
          entityId: registered.registrationId,
          label: `${args.registrant.email} at ${registered.event.name}`,
          after: { status: registered.status, ...args.input },
        },
      });
      mails.push(
        registrantMail(inTransaction, registered, args, languageOf),
        ...(await teamInvitations(inTransaction, registered, args.registrant, languageOf)),
      );
    }
    await recordAudits(tx, audits);
    written = await writeMails(tx, mails);
    return outcomes;
  });
  return { outcomes, written };
}

function registrantMail(
  context: MailingContext,
  registered: Registered,
  args: RegisterArgs,
  languageOf: (address: string) => Locale,
) {
  const { event, status } = registered;
  // Registering oneself is answered in the form's language; someone an admin registers gets their own.
  const locale = args.byAdmin
    ? languageOf(args.registrant.email)
    : mailLanguage(context.locale, languageOf(args.registrant.email));
  const { t } = translatorOf(locale);
  const outcome =
    status === "waitlisted"
      ? t("mail.registration.waitlisted", { position: registered.position })
      : status === "pending"
        ? t("mail.registration.pending", { hours: context.config.TEAM_CONFIRM_HOURS })
        : t("mail.registration.registered");
  const kicker = t(
    status === "waitlisted" ? "mail.registration.kickerWaitlisted" : "mail.registration.kickerRegistered",
  );
  return eventMail(context, event, {
    locale,
    dedupeKey: `registered:${registered.registrationId}`,
    to: args.registrant.email,
    subject: t("mail.subject", { kicker, title: event.name }),
    kicker,
    paragraphs: [outcome],
    reason: t("mail.registration.reason", { event: event.name }),
  });
}

/** A team's name as a mail quotes it: what the captain typed, cut short, never in a subject. */
const quotedTeam = (name: string | null) => {
  const team = (name ?? "").replace(/\s+/g, " ").trim();
  return team.length > TEAM_NAME_IN_MAIL ? `${team.slice(0, TEAM_NAME_IN_MAIL - 1)}…` : team;
};
const TEAM_NAME_IN_MAIL = 60;

/**
 * Each teammate's invitation, in their language, with a link to answer it (accept, or decline
 * without an account). One invitation mail per address and event, however many teams name it:
 * naming people is how a stranger could otherwise mail them again and again.
 */
async function teamInvitations(
  context: MailingContext,
  registered: Registered,
  captain: Registrant,
  languageOf: (address: string) => Locale,
): Promise<NewMail[]> {
  const { event } = registered;
  if (registered.event.team_size_max === 1) return [];
  const invited = await invitationsOf(context.db, registered.registrationId);
  return invited.map((person) => {
    const locale = languageOf(person.email);
    const { t } = translatorOf(locale);
    const names = { captain: captain.email, team: quotedTeam(person.teamName), event: event.name };
    return eventMail(context, event, {
      locale,
      dedupeKey: `team-invite:${event._id}:${person.email.toLowerCase()}`,
      to: person.email,
      subject: t("mail.invite.subject", { event: event.name }),
      kicker: t("mail.invite.kicker"),
      paragraphs: [
        t("mail.invite.named", names),
        t("mail.invite.howTo", { email: person.email }),
        t("mail.invite.notYou", names),
      ],
      action: { label: t("mail.invite.action"), url: invitationUrl(context, person.attendeeId) },
      reason: t("mail.invite.reason", names),
    });
  });
}

/**
 * Mails telling the people of these registrations who have said yes that they moved off the
 * waitlist (a teammate who has not answered their invitation has it, and hears nothing more).
 */
export async function promotedMails(
  context: MailingContext,
  event: EventRow,
  registrationIds: string[],
): Promise<NewMail[]> {
  const mails: NewMail[] = [];
  for (const registrationId of registrationIds) {
    const addresses = await confirmedAddresses(context.db, registrationId);
    // Someone else's cancellation (or an admin) moved them up: their own language, not the actor's.
    const languageOf = await languagesOf(context, addresses);
    for (const to of addresses) {
      const locale = languageOf(to);
      const { t } = translatorOf(locale);
      mails.push(
        eventMail(context, event, {
          locale,
          dedupeKey: `promoted:${registrationId}:${to.toLowerCase()}`,
          to,
          subject: t("mail.promoted.subject", { event: event.name }),
          kicker: t("mail.promoted.kicker"),
          paragraphs: [t("mail.promoted.body")],
          reason: t("mail.promoted.reason", { event: event.name }),
        }),
      );
    }
  }
  return mails;
}

/** Cancels, then tells whoever moved off the waitlist into the freed place. */
export async function cancelAndTell(
  context: MailingContext,
  args: Parameters<typeof cancelRegistration>[1],
  actor: Actor,
) {
  return changeAndTell(
    context,
    (tx) => cancelRegistration(tx, { holdHours: context.config.TEAM_CONFIRM_HOURS, ...args }),
    async (inTransaction, cancelled) => {
      await recordAudit(inTransaction.db, actor, {
        action: "delete",
        entity: "registrations",
        entityId: args.registrationId,
        label: `Registration at ${cancelled.event.name}`,
        after: { status: "cancelled", promoted: cancelled.promoted },
      });
      return promotedMails(inTransaction, cancelled.event, cancelled.promoted);
    },
  );
}

/** An admin moves a registration off the waitlist; its people are told. */
export async function moveUpAndTell(context: MailingContext, registrationId: string, actor: Actor) {
  const hold = {
    now: new Date(),
    timeZone: await clubTimeZoneIn(context.db),
    hours: context.config.TEAM_CONFIRM_HOURS,
  };
  return changeAndTell(
    context,
    (tx) => moveOffWaitlist(tx, registrationId, hold),
    async (inTransaction, moved) => {
      await recordAudit(inTransaction.db, actor, {
        action: "update",
        entity: "registrations",
        entityId: registrationId,
        label: `Registration at ${moved.event.name}`,
        before: { status: "waitlisted" },
        after: { status: moved.status },
      });
      return promotedMails(inTransaction, moved.event, [registrationId]);
    },
  );
}

/** Mails telling everyone in a team that it is complete and registered. */
export async function teamConfirmedMails(context: MailingContext, event: EventRow, registrationId: string) {
  const addresses = await addressesOfRegistration(context.db, registrationId);
  const languageOf = await languagesOf(context, addresses);
  return addresses.map((to) => {
    const locale = languageOf(to);
    const { t } = translatorOf(locale);
    return eventMail(context, event, {
      locale,
      dedupeKey: `team-confirmed:${registrationId}:${to.toLowerCase()}`,
      to,
      subject: t("mail.teamConfirmed.subject", { event: event.name }),
      kicker: t("mail.teamConfirmed.kicker"),
      paragraphs: [t("mail.teamConfirmed.body")],
      reason: t("mail.teamConfirmed.reason", { event: event.name }),
    });
  });
}

/** A teammate confirms; when that completes the team, everyone in it is told. */
export async function confirmAndTell(
  context: MailingContext,
  args: Parameters<typeof confirmTeammate>[1],
  actor: Actor,
) {
  return changeAndTell(
    context,
    (tx) => confirmTeammate(tx, args),
    async (inTransaction, confirmed) => {
      await recordAudit(inTransaction.db, actor, {
        action: "update",
        entity: "registrations",
        entityId: confirmed.registrationId,
        label: `${actor.email} at ${confirmed.event.name}`,
        after: { confirmed: actor.email, teamConfirmed: confirmed.teamConfirmed },
      });
      return confirmed.teamConfirmed
        ? teamConfirmedMails(inTransaction, confirmed.event, confirmed.registrationId)
        : [];
    },
  );
}

/** Admins write to everyone registered (holding a place, and the waitlist when asked); returns how many mails. */
export async function mailEveryoneRegistered(
  context: MailingContext,
  event: EventRow,
  message: { subject: string; body: string; withWaitlist: boolean },
): Promise<number> {
  const addresses = await addressesOfRegistered(context.db, event._id, message.withWaitlist);
  const sending = randomUUID();
  const paragraphs = message.body.split(/\n\s*\n/).map((paragraph) => paragraph.trim());
  // What the organisers wrote goes as written; the words around it are each reader's.
  const languageOf = await languagesOf(context, addresses);
  return queueMails(
    context,
    addresses.map((to) => {
      const locale = languageOf(to);
      const { t } = translatorOf(locale);
      return eventMail(context, event, {
        locale,
        dedupeKey: `event-message:${sending}:${to.toLowerCase()}`,
        to,
        subject: message.subject,
        kicker: t("mail.organisers.kicker"),
        paragraphs: paragraphs.filter(Boolean),
        reason: t("mail.registration.reason", { event: event.name }),
      });
    }),
  );
}
