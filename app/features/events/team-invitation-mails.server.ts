import { type Actor, recordAudit } from "~/core/audit.server";
import type { MailingContext, NewMail } from "~/core/mail.server";
import { translatorOf } from "~/i18n/translate.server";
import type { ApiEvent } from "./events";
import { changeAndTell, eventMail, languagesOf, promotedMails, teamConfirmedMails } from "./registration-mails.server";
import type { Refusal, TeamHold } from "./registrations.server";
import {
  confirmedAddresses,
  type Declined,
  declineInvitation,
  type Lapsed,
  lapseTeam,
  overdueTeams,
} from "./team-invitations.server";

/** The queue whose job gives the places of pending teams whose time is up to the waitlist. */
export const LAPSE_TEAMS_JOB = "lapse-pending-teams";

/** Teams lapsed per run; the next run (a minute later) takes the rest. */
const TEAMS_PER_RUN = 50;

type EventRow = ApiEvent;

/** The same mail to each of the team's people who had said yes, in each one's language. */
async function toConfirmedPeople(
  context: MailingContext,
  event: EventRow,
  registrationId: string,
  mail: (t: ReturnType<typeof translatorOf>["t"]) => { kind: string; subject: string; body: string },
): Promise<NewMail[]> {
  const addresses = await confirmedAddresses(context.db, registrationId);
  const languageOf = await languagesOf(context, addresses);
  return addresses.map((to) => {
    const locale = languageOf(to);
    const { t } = translatorOf(locale);
    const { kind, subject, body } = mail(t);
    return eventMail(context, event, {
      locale,
      dedupeKey: `${kind}:${registrationId}:${to.toLowerCase()}`,
      to,
      subject,
      kicker: t("mail.teamChange.kicker"),
      paragraphs: [body],
      reason: t("mail.teamConfirmed.reason", { event: event.name }),
    });
  });
}

/**
 * Declines an invitation; the team's people who had said yes hear of it (once per person who
 * declines), and so does whoever moves into a place the team gave up.
 */
export async function declineAndTell(
  context: MailingContext,
  args: Parameters<typeof declineInvitation>[1],
  actor: Actor,
): Promise<Declined | Refusal> {
  return changeAndTell(
    context,
    (tx) => declineInvitation(tx, { holdHours: context.config.TEAM_CONFIRM_HOURS, ...args }),
    async (inTransaction, declined) => {
      const { event, registrationId, email } = declined;
      await recordAudit(inTransaction.db, actor, {
        action: "update",
        entity: "registrations",
        entityId: registrationId,
        label: `${email} at ${event.name}`,
        after: { declined: email, team: declined.team, promoted: declined.promoted },
      });
      const told = await toConfirmedPeople(inTransaction, event, registrationId, (t) => ({
        kind: `team-declined:${email.toLowerCase()}`,
        subject: t("mail.teamDeclined.subject", { event: event.name }),
        body: t(declined.team === "withdrawn" ? "mail.teamDeclined.withdrawn" : "mail.teamDeclined.waiting", {
          email,
        }),
      }));
      const confirmed =
        declined.team === "confirmed" ? await teamConfirmedMails(inTransaction, event, registrationId) : [];
      return [...told, ...confirmed, ...(await promotedMails(inTransaction, event, declined.promoted))];
    },
  );
}

/**
 * Gives every overdue pending team's place to the first in line (the minutely job): each in a
 * transaction of its own with the mails telling the team and whoever moved up.
 */
export async function lapseOverdueTeams(context: MailingContext, hold: TeamHold): Promise<number> {
  let lapsed = 0;
  for (const registrationId of await overdueTeams(context.db, hold.now, TEAMS_PER_RUN)) {
    const outcome = await changeAndTell(
      context,
      async (tx): Promise<Lapsed | { ok: false }> => (await lapseTeam(tx, registrationId, hold)) ?? { ok: false },
      async (inTransaction, team) => {
        const told = await toConfirmedPeople(inTransaction, team.event, registrationId, (t) => ({
          kind: "team-lapsed",
          subject: t("mail.teamLapsed.subject", { event: team.event.name }),
          body: t("mail.teamLapsed.body"),
        }));
        return [...told, ...(await promotedMails(inTransaction, team.event, team.promoted))];
      },
    );
    if (outcome.ok) lapsed++;
  }
  return lapsed;
}
