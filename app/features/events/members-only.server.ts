import type { Database } from "~/db/client.server";
import { currentMembershipByEmail } from "~/features/members/membership.server";
import type { Message } from "~/i18n/message";

/** Why a members-only event refuses someone: the captain, or a teammate (said at the teammates' field). */
export interface MembersOnlyRefusal {
  ok: false;
  status: 403;
  message: Message;
  field?: "members";
}

export interface Party {
  captainEmail: string;
  /** Teammates' addresses; one without an account yet is checked when they confirm. */
  teammates: string[];
}

/**
 * The members-only rule for each party (undefined: may register): on an event for members only,
 * the captain and every teammate who has an account must be approved members of the current
 * membership round (`currentRound`). `today` is the club's date. One read for all the parties.
 */
export async function membersOnlyRefusals(
  db: Database,
  event: { members_only: boolean },
  parties: Party[],
  today: string,
): Promise<(MembersOnlyRefusal | undefined)[]> {
  if (!event.members_only || parties.length === 0) return parties.map(() => undefined);
  const membership = await currentMembershipByEmail(
    db,
    parties.flatMap((party) => [party.captainEmail, ...party.teammates]),
    today,
  );
  return parties.map(({ captainEmail, teammates }) => {
    if (membership.get(captainEmail.toLowerCase()) !== true) {
      return { ok: false, status: 403, message: { key: "messages.registration.membersOnly" } };
    }
    const outsider = teammates.find((email) => membership.get(email.toLowerCase()) === false);
    if (!outsider) return undefined;
    return {
      ok: false,
      status: 403,
      message: { key: "messages.registration.teammateNotMember", values: { email: outsider } },
      field: "members",
    };
  });
}

/** Whether the person may register for the event as far as membership goes (the event page's form). */
export async function isMemberFor(
  db: Database,
  event: { members_only: boolean },
  email: string,
  today: string,
): Promise<boolean> {
  const [refusal] = await membersOnlyRefusals(db, event, [{ captainEmail: email, teammates: [] }], today);
  return refusal === undefined;
}
