/** Registrations for events: the browser-safe part (types and texts). */
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

export const registrationTexts = {
  heading: "Registration",
  logInToRegister: "Log in to register",
  register: "Register",
  registerTeam: "Register our team",
  teamName: "Team name",
  teammates: (min: number, max: number) =>
    min === max
      ? `Teammates' email addresses (${min}, besides you)`
      : `Teammates' email addresses (${min} to ${max}, besides you)`,
  teammatesHint:
    "Each teammate gets an email and confirms on this page, signed in with that address. The team is confirmed when everyone has.",
  registered: "You are registered.",
  teamRegistered: (team: string) => `Your team ${team} is registered.`,
  pending: (team: string) =>
    `Your team ${team} holds a place until every teammate confirms on this page, signed in with the address you gave.`,
  waitlisted: (position: number) => `You are on the waitlist: number ${position} in line.`,
  invited: (team: string, captain: string) => `${captain} added you to the team ${team}.`,
  confirmTeam: "Confirm: I am in this team",
  teamConfirmed: "You have confirmed. Thank you!",
  cancel: "Cancel my registration",
  cancelTeam: "Cancel our team's registration",
  cancelQuestion: "Cancel your registration? Your place goes to the next person in line.",
  cancelledMine: "Your registration is cancelled.",
  keptRegistration: "Your registration is kept.",
  pendingShort:
    "Your team holds a place. Each teammate has an email: the team is confirmed when everyone has confirmed.",
  askCaptain: (captain: string) => `Only your captain, ${captain}, can cancel the team's registration.`,
  cancelDeadlinePassed: "Registration has closed, so it can no longer be cancelled here. Ask the organisers.",
  placesLeft: (left: number) => (left === 1 ? "1 place left." : `${left} places left.`),
  fullWaitlist: "All places are taken: new registrations join the waitlist.",
  full: "All places are taken.",
  noEvent: "There is no such event.",
  eventCancelled: "This event is cancelled.",
  eventUndated: "Registration opens once the event has a date.",
  notOpenYet: (when: string) => `Registration opens ${when}.`,
  closed: "Registration for this event is closed.",
  fullNoWaitlist: "This event is full, and it keeps no waitlist.",
  alreadyRegistered: "You are already registered for this event.",
  notEligible: (batches: string) =>
    `This event is open to batches ${batches} only. Set your batch on your profile if it is one of them.`,
  teammateNotEligible: (email: string, batches: string) =>
    `${email} is not in an eligible batch (this event is open to batches ${batches} only).`,
  teammateTaken: (email: string) => `${email} is already in another team for this event.`,
  teammateTwice: (email: string) => `${email} is named twice.`,
  yourselfAsTeammate: "You are in the team already: name only your teammates.",
  individualsOnly: "This event is for individuals: name no teammates.",
  teamSize: (min: number, max: number) =>
    min === max
      ? `A team here has ${min} people: name ${min - 1} teammates besides you.`
      : `A team here has ${min} to ${max} people: name ${min - 1} to ${max - 1} teammates besides you.`,
  teamNameRequired: "Team name is required",
  teamNameTaken: "Another team of this event has this name.",
  noRegistration: "There is no such registration.",
  notYours: "Only the person who registered (or an admin) may cancel this registration.",
  notInvited: "You are not in a team of this event.",
  invitedElsewhere: (team: string) =>
    `You are invited to the team “${team}” of this event: decline the invitation on this page to register yourself.`,
  tooManyInvitations: (minutes: number) => `You have invited too many people lately. Try again in ${minutes} minutes.`,
  noInvitation: "There is no invitation to answer: it was declined, it lapsed, or the team was cancelled.",
  declined: "You have declined. The team no longer counts on you, and you may register yourself.",
  notWaitlisted: "That registration is not on the waitlist.",
} as const;
