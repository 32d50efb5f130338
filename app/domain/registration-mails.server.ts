import { randomUUID } from "node:crypto";
import { eventPagePath } from "~/content/events";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { type Actor, recordAudit } from "./audit.server";
import type { ApiEvent } from "./events";
import { accountLanguages, type MailingContext, mailLanguage, type NewMail, queueMails } from "./mail.server";
import { renderMail } from "./mail-layout.server";
import {
  addressesOfRegistered,
  addressesOfRegistration,
  cancelRegistration,
  confirmTeammate,
  moveOffWaitlist,
  type Registrant,
  type RegistrationInput,
  register,
} from "./registrations.server";

/**
 * What registering, cancelling and confirming tell people by mail, written with the change
 * (through the mail queue) by the same calls the event page, the dashboard and the API use.
 * Each mail is in its recipient's language when their account has one; the registrant's own
 * confirmation is in the language they registered in.
 */

type EventRow = ApiEvent;

const eventUrl = (context: MailingContext, event: EventRow) =>
  new URL(`${eventPagePath(event)}#registration`, context.config.BASE_URL).toString();

function eventMail(
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
  },
): NewMail {
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
      action: { label: translatorOf(mail.locale).t("mail.event.action"), url: eventUrl(context, event) },
      footer: { reason: mail.reason },
    }),
  };
}

/** Each address's language: its account's, else `fallback`, else English. */
async function languagesOf(context: MailingContext, addresses: string[], fallback?: Locale) {
  const stored = await accountLanguages(context.db, addresses);
  return (address: string) => mailLanguage(stored.get(address.toLowerCase()), fallback);
}

type RegisterArgs = Parameters<typeof register>[1];

/** Registers, then mails the registrant what they got and each teammate how to confirm. */
export async function registerAndTell(context: MailingContext, args: RegisterArgs, actor: Actor) {
  const registered = await register(context.db, args);
  if (!registered.ok) return registered;
  const { event, status } = registered;
  await recordAudit(context.db, actor, {
    action: "create",
    entity: "registrations",
    entityId: registered.registrationId,
    label: `${args.registrant.email} at ${event.name}`,
    after: { status, ...args.input },
  });
  const languageOf = await languagesOf(context, [args.registrant.email, ...args.input.members], context.locale);
  // Registering oneself is answered in the form's language; someone an admin registers gets their own.
  const locale = args.byAdmin
    ? languageOf(args.registrant.email)
    : mailLanguage(context.locale, languageOf(args.registrant.email));
  const { t } = translatorOf(locale);
  const outcome =
    status === "waitlisted"
      ? t("mail.registration.waitlisted", { position: registered.position })
      : status === "pending"
        ? t("mail.registration.pending")
        : t("mail.registration.registered");
  const kicker = t(
    status === "waitlisted" ? "mail.registration.kickerWaitlisted" : "mail.registration.kickerRegistered",
  );
  const mails = [
    eventMail(context, event, {
      locale,
      dedupeKey: `registered:${registered.registrationId}`,
      to: args.registrant.email,
      subject: t("mail.subject", { kicker, title: event.name }),
      kicker,
      paragraphs: [outcome],
      reason: t("mail.registration.reason", { event: event.name }),
    }),
    ...teamInvites(context, event, registered.registrationId, args.registrant, args.input, languageOf),
  ];
  await queueMails(context, mails);
  return registered;
}

function teamInvites(
  context: MailingContext,
  event: EventRow,
  registrationId: string,
  captain: Registrant,
  input: RegistrationInput,
  languageOf: (address: string) => Locale,
): NewMail[] {
  return input.members.map((email) => {
    const locale = languageOf(email);
    const { t } = translatorOf(locale);
    const names = { captain: captain.email, team: input.team_name, event: event.name };
    return eventMail(context, event, {
      locale,
      dedupeKey: `team-invite:${registrationId}:${email.toLowerCase()}`,
      to: email,
      subject: t("mail.invite.subject", names),
      kicker: t("mail.invite.kicker"),
      paragraphs: [t("mail.invite.named", names), t("mail.invite.howTo", { email }), t("mail.invite.notYou")],
      reason: t("mail.invite.reason", names),
    });
  });
}

async function tellPromoted(context: MailingContext, event: EventRow, registrationIds: string[]) {
  for (const registrationId of registrationIds) {
    const addresses = await addressesOfRegistration(context.db, registrationId);
    // Someone else's cancellation (or an admin) moved them up: their own language, not the actor's.
    const languageOf = await languagesOf(context, addresses);
    await queueMails(
      context,
      addresses.map((to) => {
        const locale = languageOf(to);
        const { t } = translatorOf(locale);
        return eventMail(context, event, {
          locale,
          dedupeKey: `promoted:${registrationId}:${to.toLowerCase()}`,
          to,
          subject: t("mail.promoted.subject", { event: event.name }),
          kicker: t("mail.promoted.kicker"),
          paragraphs: [t("mail.promoted.body")],
          reason: t("mail.promoted.reason", { event: event.name }),
        });
      }),
    );
  }
}

/** Cancels, then tells whoever moved off the waitlist into the freed place. */
export async function cancelAndTell(
  context: MailingContext,
  args: Parameters<typeof cancelRegistration>[1],
  actor: Actor,
) {
  const cancelled = await cancelRegistration(context.db, args);
  if (!cancelled.ok) return cancelled;
  await recordAudit(context.db, actor, {
    action: "delete",
    entity: "registrations",
    entityId: args.registrationId,
    label: `Registration at ${cancelled.event.name}`,
    after: { status: "cancelled", promoted: cancelled.promoted },
  });
  await tellPromoted(context, cancelled.event, cancelled.promoted);
  return cancelled;
}

/** An admin moves a registration off the waitlist; its people are told. */
export async function moveUpAndTell(context: MailingContext, registrationId: string, actor: Actor) {
  const moved = await moveOffWaitlist(context.db, registrationId);
  if (!moved.ok) return moved;
  await recordAudit(context.db, actor, {
    action: "update",
    entity: "registrations",
    entityId: registrationId,
    label: `Registration at ${moved.event.name}`,
    before: { status: "waitlisted" },
    after: { status: moved.status },
  });
  await tellPromoted(context, moved.event, [registrationId]);
  return moved;
}

/** A teammate confirms; when that completes the team, everyone in it is told. */
export async function confirmAndTell(
  context: MailingContext,
  args: Parameters<typeof confirmTeammate>[1],
  actor: Actor,
) {
  const confirmed = await confirmTeammate(context.db, args);
  if (!confirmed.ok) return confirmed;
  await recordAudit(context.db, actor, {
    action: "update",
    entity: "registrations",
    entityId: confirmed.registrationId,
    label: `${actor.email} at ${confirmed.event.name}`,
    after: { confirmed: actor.email, teamConfirmed: confirmed.teamConfirmed },
  });
  if (!confirmed.teamConfirmed) return confirmed;
  const addresses = await addressesOfRegistration(context.db, confirmed.registrationId);
  const languageOf = await languagesOf(context, addresses);
  const event = confirmed.event.name;
  await queueMails(
    context,
    addresses.map((to) => {
      const locale = languageOf(to);
      const { t } = translatorOf(locale);
      return eventMail(context, confirmed.event, {
        locale,
        dedupeKey: `team-confirmed:${confirmed.registrationId}:${to.toLowerCase()}`,
        to,
        subject: t("mail.teamConfirmed.subject", { event }),
        kicker: t("mail.teamConfirmed.kicker"),
        paragraphs: [t("mail.teamConfirmed.body")],
        reason: t("mail.teamConfirmed.reason", { event }),
      });
    }),
  );
  return confirmed;
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
