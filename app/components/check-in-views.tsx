import { clubTimeZone } from "~/content/site";
import { type CheckInCard, clockTime, type Duplicate, type HeldTicket, checkInTexts as texts } from "~/domain/check-in";

/** What the door's check-in page shows: the last outcome, the duplicates, everyone with a ticket. */

const time = (moment: string) => clockTime(moment, clubTimeZone);

function facts(ticket: Pick<HeldTicket, "teamName" | "batch">): string {
  return [ticket.teamName && texts.team(ticket.teamName), ticket.batch !== null && texts.batch(ticket.batch)]
    .filter(Boolean)
    .join(" · ");
}

const cardTones = {
  checked_in: "border-green-600 bg-green-50 text-green-900",
  already: "border-amber-500 bg-amber-50 text-amber-950",
  invalid: "border-red-600 bg-red-50 text-red-900",
} as const;

function cardHeadline(card: CheckInCard): string {
  if (card.status === "checked_in") return texts.checkedIn;
  if (card.status === "already") return texts.already(time(card.at));
  return texts.notATicket;
}

export function OutcomeCard({ card }: { card: CheckInCard }) {
  return (
    <div className={`flex flex-col gap-1 rounded-xl border-2 px-4 py-3 ${cardTones[card.status]}`}>
      <p className="text-sm font-bold uppercase tracking-wide">{cardHeadline(card)}</p>
      {card.status === "invalid" ? (
        <p className="break-all font-mono text-sm">{card.code}</p>
      ) : (
        <>
          <p className="text-xl font-bold">{card.ticket.name}</p>
          {facts(card.ticket) && <p>{facts(card.ticket)}</p>}
        </>
      )}
    </div>
  );
}

export function DuplicateList({ duplicates }: { duplicates: Duplicate[] }) {
  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby="duplicates-heading" className="card flex flex-col gap-2 p-4">
      <h2 id="duplicates-heading" className="text-lg font-bold text-navy-900">
        {texts.duplicatesHeading}
      </h2>
      <ul className="flex flex-col gap-1 text-slate-800">
        {duplicates.map((duplicate) => (
          <li key={duplicate.code}>{texts.duplicate(duplicate.name, time(duplicate.firstAt))}</li>
        ))}
      </ul>
    </section>
  );
}

function Person({ ticket }: { ticket: HeldTicket }) {
  return (
    <li className="flex flex-col gap-0.5 py-3">
      <span className="font-semibold text-navy-900">{ticket.name}</span>
      {facts(ticket) && <span className="text-sm text-slate-700">{facts(ticket)}</span>}
      <span className="font-mono text-sm text-slate-700">{texts.code(ticket.code)}</span>
      <span className={ticket.checkedInAt ? "text-sm font-medium text-green-800" : "text-sm text-slate-600"}>
        {ticket.checkedInAt ? texts.checkedInAt(time(ticket.checkedInAt)) : texts.notYet}
      </span>
    </li>
  );
}

export function PeopleList({ tickets }: { tickets: HeldTicket[] }) {
  return (
    <section aria-labelledby="people-heading" className="card flex flex-col p-4">
      <h2 id="people-heading" className="text-lg font-bold text-navy-900">
        {texts.peopleHeading(tickets.length)}
      </h2>
      {tickets.length === 0 ? (
        <p className="pt-2 text-slate-700">{texts.noPeople}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {tickets.map((ticket) => (
            <Person key={ticket.code} ticket={ticket} />
          ))}
        </ul>
      )}
    </section>
  );
}
