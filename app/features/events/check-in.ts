/**
 * Checking people in at the door, the browser-safe part: what a door device holds (everyone
 * with a ticket), what it decides at once from that list, and how the server's answers replace
 * those guesses. The server's rule (first check-in wins) lives in tickets.server.ts.
 */
import { dateTimeFormat } from "~/lib/format";

/** One person with a ticket, as the check-in page keeps them on the device. */
export interface HeldTicket {
  code: string;
  name: string;
  teamName: string | null;
  batch: number | null;
  checkedInAt: string | null;
}

/** Someone another device had checked in first: the server's word on a check-in made here. */
export interface Duplicate {
  code: string;
  name: string;
  firstAt: string;
}

export interface DeskState {
  tickets: HeldTicket[];
  duplicates: Duplicate[];
}

/** A check-in as the device queues it: the code, and when it happened there. */
export interface QueuedCheckIn {
  code: string;
  at: string;
}

/** The server's answer to one check-in (`POST /api/events/{id}/check-ins`). */
export type ServerOutcome =
  | { code: string; status: "checked_in" | "already"; name: string; checked_in_at: string }
  | { code: string; status: "invalid" };

/** What the page shows of the last check-in. */
export type CheckInCard =
  | { status: "checked_in"; ticket: Pick<HeldTicket, "code" | "name" | "teamName" | "batch"> }
  | { status: "already"; ticket: Pick<HeldTicket, "code" | "name" | "teamName" | "batch">; at: string }
  | { status: "invalid"; code: string };

const CODE_DIGITS = 20;
const GROUPED_CODE = /[0-9A-F]{5}-[0-9A-F]{5}-[0-9A-F]{5}-[0-9A-F]{5}/gi;

/**
 * The 20 hex digits of a ticket code in what was typed or scanned: case, spaces and dashes
 * don't matter, and a scanned link is searched for a code in groups of five.
 */
export function ticketDigitsOf(text: string): string | undefined {
  const digits = text.toUpperCase().replace(/[^0-9A-F]/g, "");
  if (digits.length === CODE_DIGITS) return digits;
  return text.match(GROUPED_CODE)?.at(-1)?.replace(/-/g, "").toUpperCase();
}

/** ABCDE-F0123-45678-9ABCD, as tickets print it. */
const groupedCode = (digits: string) => digits.match(/.{1,5}/g)?.join("-") ?? digits;

const sameCode = (a: string, b: string) => ticketDigitsOf(a) === ticketDigitsOf(b);

const findTicket = (tickets: HeldTicket[], digits: string) =>
  tickets.find((ticket) => ticketDigitsOf(ticket.code) === digits);

const withCheckIn = (tickets: HeldTicket[], code: string, at: string | null) =>
  tickets.map((ticket) => (sameCode(ticket.code, code) ? { ...ticket, checkedInAt: at } : ticket));

export interface LocalCheckIn {
  desk: DeskState;
  card: CheckInCard;
  /** What to send the server: nothing for text without a ticket code, or for someone checked in here already. */
  queued?: QueuedCheckIn;
}

/**
 * Decides at once from the held list. A well-formed code the list lacks is still sent: the
 * list may be older than a registration, and the server has the last word.
 */
export function checkInLocally(desk: DeskState, text: string, now: Date): LocalCheckIn {
  const digits = ticketDigitsOf(text);
  if (!digits) return { desk, card: { status: "invalid", code: text.trim().slice(0, CODE_DIGITS * 2) } };
  const at = now.toISOString();
  const ticket = findTicket(desk.tickets, digits);
  if (!ticket) {
    const code = groupedCode(digits);
    return { desk, card: { status: "invalid", code }, queued: { code, at } };
  }
  if (ticket.checkedInAt) return { desk, card: { status: "already", ticket, at: ticket.checkedInAt } };
  return {
    desk: { ...desk, tickets: withCheckIn(desk.tickets, ticket.code, at) },
    card: { status: "checked_in", ticket },
    queued: { code: ticket.code, at },
  };
}

const sameMoment = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/**
 * An `already` whose first time is this device's own is a check-in sent twice (its answer was
 * lost on the way): only someone else's is a duplicate.
 */
const isDuplicate = (outcome: ServerOutcome, sent: QueuedCheckIn | undefined) =>
  outcome.status === "already" && !(sent && sameMoment(outcome.checked_in_at, sent.at));

/** The server's answers to a batch (in the order sent) replace what the device guessed. */
export function applyServerOutcomes(desk: DeskState, sent: QueuedCheckIn[], outcomes: ServerOutcome[]): DeskState {
  let { tickets, duplicates } = desk;
  outcomes.forEach((outcome, index) => {
    const at = outcome.status === "invalid" ? null : outcome.checked_in_at;
    tickets = withCheckIn(tickets, outcome.code, at);
    const known = duplicates.some((duplicate) => sameCode(duplicate.code, outcome.code));
    if (outcome.status === "already" && isDuplicate(outcome, sent[index]) && !known) {
      duplicates = [...duplicates, { code: outcome.code, name: outcome.name, firstAt: outcome.checked_in_at }];
    }
  });
  return { tickets, duplicates };
}

/** What the page shows of a check-in the server made without the device's list (before the page's script runs). */
export function cardOfOutcome(outcome: ServerOutcome, tickets: HeldTicket[]): CheckInCard {
  if (outcome.status === "invalid") return { status: "invalid", code: outcome.code };
  const ticket = findTicket(tickets, ticketDigitsOf(outcome.code) ?? "") ?? {
    code: outcome.code,
    name: outcome.name,
    teamName: null,
    batch: null,
  };
  return outcome.status === "already"
    ? { status: "already", ticket, at: outcome.checked_in_at }
    : { status: "checked_in", ticket };
}

/** The card after the server answered for its code: the server's verdict replaces the device's guess. */
export function cardAfterOutcomes(card: CheckInCard, sent: QueuedCheckIn[], outcomes: ServerOutcome[]): CheckInCard {
  const code = card.status === "invalid" ? card.code : card.ticket.code;
  const index = outcomes.findIndex((outcome) => sameCode(outcome.code, code));
  const outcome = outcomes[index];
  if (!outcome) return card;
  if (outcome.status === "invalid") return { status: "invalid", code };
  // A code the held list lacked: the server knows the name, not the team.
  const ticket = card.status === "invalid" ? { code, name: outcome.name, teamName: null, batch: null } : card.ticket;
  if (isDuplicate(outcome, sent[index])) return { status: "already", ticket, at: outcome.checked_in_at };
  // A second scan here stays "already" when the first one's answer comes.
  return card.status === "already" ? card : { status: "checked_in", ticket };
}

/**
 * The list a page loads, with what this device stored: the loaded list says who holds a
 * ticket, and the earlier of two check-in times stands (one may not have reached the server yet).
 */
export function mergeHeld(loaded: HeldTicket[], stored: DeskState | undefined): DeskState {
  if (!stored) return { tickets: loaded, duplicates: [] };
  const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));
  return {
    tickets: loaded.map((ticket) => {
      const kept = stored.tickets.find((candidate) => candidate.code === ticket.code);
      return { ...ticket, checkedInAt: earlier(ticket.checkedInAt, kept?.checkedInAt ?? null) };
    }),
    duplicates: stored.duplicates,
  };
}

export const countCheckedIn = (tickets: HeldTicket[]) => tickets.filter((ticket) => ticket.checkedInAt).length;

/** "09:41" where the club is, in the page's language's digits. */
export function clockTime(moment: string, timeZone: string, intlLocale = "en-GB"): string {
  return dateTimeFormat(intlLocale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(
    new Date(moment),
  );
}
