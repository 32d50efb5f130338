import { useClubTimeZone } from "~/components/use-club-time-zone";
import { type CheckInCard, clockTime, type Duplicate, type HeldTicket } from "~/features/events/check-in";
import { INTL_LOCALES } from "~/i18n/locales";
import { type Translate, useLocale, useT } from "~/i18n/react";

/** What the door's check-in page shows: the last outcome, the duplicates, everyone with a ticket. */

/** A check-in's time of day where the club is, in the page's digits. */
function useClock() {
  const intlLocale = INTL_LOCALES[useLocale()];
  const timeZone = useClubTimeZone();
  return (moment: string) => clockTime(moment, timeZone, intlLocale);
}

function facts(t: Translate, ticket: Pick<HeldTicket, "teamName" | "batch">): string {
  return [
    ticket.teamName && t("tools.checkIn.team", { team: ticket.teamName }),
    ticket.batch !== null && t("tools.checkIn.batch", { batch: ticket.batch }),
  ]
    .filter(Boolean)
    .join(" · ");
}

const cardTones = {
  checked_in: "border-green-600 bg-green-50 text-green-900",
  already: "border-amber-500 bg-amber-50 text-amber-950",
  invalid: "border-red-600 bg-red-50 text-red-900",
} as const;

export function OutcomeCard({ card }: { card: CheckInCard }) {
  const t = useT();
  const time = useClock();
  const headline =
    card.status === "checked_in"
      ? t("tools.checkIn.checkedIn")
      : card.status === "already"
        ? t("tools.checkIn.already", { time: time(card.at) })
        : t("tools.checkIn.notATicket");
  return (
    <div className={`flex flex-col gap-1 rounded-xl border-2 px-4 py-3 ${cardTones[card.status]}`}>
      <p className="text-sm font-bold uppercase tracking-wide">{headline}</p>
      {card.status === "invalid" ? (
        <p className="break-all font-mono text-sm">{card.code}</p>
      ) : (
        <>
          <p className="text-xl font-bold">{card.ticket.name}</p>
          {facts(t, card.ticket) && <p>{facts(t, card.ticket)}</p>}
        </>
      )}
    </div>
  );
}

export function DuplicateList({ duplicates }: { duplicates: Duplicate[] }) {
  const t = useT();
  const time = useClock();
  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby="duplicates-heading" className="card flex flex-col gap-2 p-4">
      <h2 id="duplicates-heading" className="text-lg font-bold text-navy-900">
        {t("tools.checkIn.duplicatesHeading")}
      </h2>
      <ul className="flex flex-col gap-1 text-slate-800">
        {duplicates.map((duplicate) => (
          <li key={duplicate.code}>
            {t("tools.checkIn.duplicate", { name: duplicate.name, time: time(duplicate.firstAt) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Person({ ticket }: { ticket: HeldTicket }) {
  const t = useT();
  const time = useClock();
  return (
    <li className="flex flex-col gap-0.5 py-3">
      <span className="font-semibold text-navy-900">{ticket.name}</span>
      {facts(t, ticket) && <span className="text-sm text-slate-700">{facts(t, ticket)}</span>}
      <span className="font-mono text-sm text-slate-700">{t("tools.checkIn.code", { code: ticket.code })}</span>
      <span className={ticket.checkedInAt ? "text-sm font-medium text-green-800" : "text-sm text-slate-600"}>
        {ticket.checkedInAt
          ? t("tools.checkIn.checkedInAt", { time: time(ticket.checkedInAt) })
          : t("tools.checkIn.notYet")}
      </span>
    </li>
  );
}

export function PeopleList({ tickets }: { tickets: HeldTicket[] }) {
  const t = useT();
  return (
    <section aria-labelledby="people-heading" className="card flex flex-col p-4">
      <h2 id="people-heading" className="text-lg font-bold text-navy-900">
        {t("tools.checkIn.peopleHeading", { count: tickets.length })}
      </h2>
      {tickets.length === 0 ? (
        <p className="pt-2 text-slate-700">{t("tools.checkIn.noPeople")}</p>
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
