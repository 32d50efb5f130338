import { randomUUID } from "node:crypto";
import { eventPagePath } from "~/content/events";
import { type Actor, recordAudit } from "./audit.server";
import type { ApiEvent } from "./events";
import { type MailingContext, type NewMail, queueMails } from "./mail.server";
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
 */

type EventRow = ApiEvent;

const eventUrl = (context: MailingContext, event: EventRow) =>
  new URL(`${eventPagePath(event)}#registration`, context.config.BASE_URL).toString();

function eventMail(
  context: MailingContext,
  event: EventRow,
  mail: { dedupeKey: string; to: string; subject: string; kicker: string; paragraphs: string[]; reason: string },
): NewMail {
  return {
    dedupeKey: mail.dedupeKey,
    to: mail.to,
    subject: mail.subject,
    ...renderMail({
      clubName: context.clubName,
      subject: mail.subject,
      kicker: mail.kicker,
      heading: event.name,
      paragraphs: mail.paragraphs,
      action: { label: "Open the event's page", url: eventUrl(context, event) },
      footer: { reason: mail.reason },
    }),
  };
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
  const reason = `You get this because you registered for ${event.name}.`;
  const outcome =
    status === "waitlisted"
      ? `All places are taken, so you are on the waitlist: number ${registered.position} in line. If a place opens up, you move up and we tell you.`
      : status === "pending"
        ? "Your team holds a place until every teammate confirms: each has an email with a link."
        : "You are registered. See you there!";
  const mails = [
    eventMail(context, event, {
      dedupeKey: `registered:${registered.registrationId}`,
      to: args.registrant.email,
      subject: `${status === "waitlisted" ? "On the waitlist" : "Registered"}: ${event.name}`,
      kicker: status === "waitlisted" ? "On the waitlist" : "Registered",
      paragraphs: [outcome],
      reason,
    }),
    ...teamInvites(context, event, registered.registrationId, args.registrant, args.input),
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
): NewMail[] {
  return input.members.map((email) =>
    eventMail(context, event, {
      dedupeKey: `team-invite:${registrationId}:${email.toLowerCase()}`,
      to: email,
      subject: `Confirm your place in the team ${input.team_name}: ${event.name}`,
      kicker: "You are in a team",
      paragraphs: [
        `${captain.email} registered the team ${input.team_name} for ${event.name} and named you in it.`,
        `To confirm, open the event's page signed in with this address (${email}) and choose "Confirm". No account yet? Create one with this address first.`,
        "If you are not in this team, ignore this mail.",
      ],
      reason: `You get this because ${captain.email} named this address in a team.`,
    }),
  );
}

async function tellPromoted(context: MailingContext, event: EventRow, registrationIds: string[]) {
  for (const registrationId of registrationIds) {
    const addresses = await addressesOfRegistration(context.db, registrationId);
    await queueMails(
      context,
      addresses.map((to) =>
        eventMail(context, event, {
          dedupeKey: `promoted:${registrationId}:${to.toLowerCase()}`,
          to,
          subject: `A place opened up: ${event.name}`,
          kicker: "Off the waitlist",
          paragraphs: ["A place opened up and it is yours: you are off the waitlist and registered. See you there!"],
          reason: `You get this because you were on the waitlist of ${event.name}.`,
        }),
      ),
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
  await queueMails(
    context,
    addresses.map((to) =>
      eventMail(context, confirmed.event, {
        dedupeKey: `team-confirmed:${confirmed.registrationId}:${to.toLowerCase()}`,
        to,
        subject: `Your team is registered: ${confirmed.event.name}`,
        kicker: "Team confirmed",
        paragraphs: ["Every teammate has confirmed: your team is registered. See you there!"],
        reason: `You get this because you are in a team for ${confirmed.event.name}.`,
      }),
    ),
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
  return queueMails(
    context,
    addresses.map((to) =>
      eventMail(context, event, {
        dedupeKey: `event-message:${sending}:${to.toLowerCase()}`,
        to,
        subject: message.subject,
        kicker: "From the organisers",
        paragraphs: paragraphs.filter(Boolean),
        reason: `You get this because you registered for ${event.name}.`,
      }),
    ),
  );
}
