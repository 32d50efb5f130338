/** Registrations for events: the browser-safe part (types and messages). */
import type { MessageKey } from "~/i18n/catalogs";
import type { Message } from "~/i18n/message";
import type { RegistrationStatus } from "./event-types";

export type { RegistrationStatus } from "./event-types";

/** One person of a registration, as the event page and the admins' list show them. */
export interface RegistrationPerson {
  attendeeId: string;
  email: string;
  name: string;
  batch: number | null;
  /** The captain is confirmed by registering; a teammate by confirming on the event's page. */
  confirmed: boolean;
  checkedInAt: string | null;
}

export interface RegistrationSummary {
  id: string;
  status: RegistrationStatus;
  teamName: string | null;
  /** 1 for the first in line; null unless waitlisted. */
  waitlistPosition: number | null;
  people: RegistrationPerson[];
  createdAt: string;
}

/** An event a member was checked in at, for their public page. */
export interface AttendedEvent {
  name: string;
  eventType: string;
  slug: string;
  startsOn: string | null;
  teamName: string | null;
}

/** How full an event is: places held (confirmed and pending teams) and people in line. */
export interface EventPlaces {
  capacity: number | null;
  taken: number;
  waiting: number;
  waitlist: boolean;
}

/** What the signed-in person sees of their own registration on the event's page. */
export interface MyRegistration extends RegistrationSummary {
  isCaptain: boolean;
  /** Their own place in it: a teammate who has not confirmed yet confirms from the page. */
  attendeeId: string;
  confirmedByMe: boolean;
  mayCancel: boolean;
}

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirmed: "Confirmed",
  pending: "Waiting for teammates",
  waitlisted: "Waitlist",
  cancelled: "Cancelled",
};

const say = (key: MessageKey, values?: Message["values"]): Message => (values ? { key, values } : { key });

/**
 * What the registration module says (its answers and refusals), as message descriptors: the
 * API words them in English, the event page in its reader's language.
 */
export const registrationMessages = {
  registered: say("messages.registration.registered"),
  waitlisted: (position: number) => say("messages.registration.waitlisted", { position }),
  pendingShort: say("messages.registration.pendingShort"),
  teamConfirmed: say("messages.registration.teamConfirmed"),
  cancel: say("messages.registration.cancel"),
  cancelQuestion: say("messages.registration.cancelQuestion"),
  keptRegistration: say("messages.registration.keptRegistration"),
  cancelledMine: say("messages.registration.cancelledMine"),
  cancelDeadlinePassed: say("messages.registration.cancelDeadlinePassed"),
  noEvent: say("messages.registration.noEvent"),
  eventCancelled: say("messages.registration.eventCancelled"),
  eventUndated: say("messages.registration.eventUndated"),
  notOpenYet: (when: string) => say("messages.registration.notOpenYet", { when }),
  closed: say("messages.registration.closed"),
  fullNoWaitlist: say("messages.registration.fullNoWaitlist"),
  alreadyRegistered: say("messages.registration.alreadyRegistered"),
  notEligible: (batches: string) => say("messages.registration.notEligible", { batches }),
  teammateNotEligible: (email: string, batches: string) =>
    say("messages.registration.teammateNotEligible", { email, batches }),
  teammateTaken: (email: string) => say("messages.registration.teammateTaken", { email }),
  teammateTwice: (email: string) => say("messages.registration.teammateTwice", { email }),
  yourselfAsTeammate: say("messages.registration.yourselfAsTeammate"),
  individualsOnly: say("messages.registration.individualsOnly"),
  teamSize: (min: number, max: number) =>
    min === max
      ? say("messages.registration.teamSizeExact", { min, teammates: min - 1 })
      : say("messages.registration.teamSizeRange", { min, max, fewest: min - 1, most: max - 1 }),
  teamNameRequired: say("messages.field.required", { field: say("messages.fields.teamName") }),
  teamNameTaken: say("messages.registration.teamNameTaken"),
  noRegistration: say("messages.registration.noRegistration"),
  notYours: say("messages.registration.notYours"),
  notInvited: say("messages.registration.notInvited"),
  invitedElsewhere: (team: string) => say("messages.registration.invitedElsewhere", { team }),
  tooManyInvitations: (minutes: number) => say("messages.registration.tooManyInvitations", { minutes }),
  noInvitation: say("messages.registration.noInvitation"),
  declined: say("messages.registration.declined"),
  notWaitlisted: say("messages.registration.notWaitlisted"),
} as const;
