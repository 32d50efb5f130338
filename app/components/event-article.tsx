import type { ReactNode } from "react";
import { Link } from "react-router";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { type EventCategory, eventTypeLabelKey } from "~/content/events";
import type { ApiEvent } from "~/features/events/events";
import type { Formatters } from "~/i18n/format";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { formDateTime } from "~/lib/zoned-time";

/**
 * An event as its page shows it, under the page's h1 naming it: category link, a mark when
 * cancelled, banner, facts and details; the page adds registration and calendar links below.
 */
export function EventArticle({
  category,
  event,
  children,
}: {
  category: Pick<EventCategory, "slug" | "label" | "eventType">;
  event: ApiEvent;
  children?: ReactNode;
}) {
  const t = useT();
  const langOf = useLangOf();
  const labelKey = eventTypeLabelKey(category.eventType);
  return (
    <article className="flex flex-col gap-6">
      <p>
        <Link to={`/events/${category.slug}`} className="text-sm font-medium text-navy-700 underline">
          {labelKey ? t(labelKey) : category.label}
        </Link>
      </p>
      {event.status === "cancelled" && (
        <p className="self-start rounded bg-red-100 px-2 py-1 text-sm font-semibold text-red-800">
          {t("public.events.cancelled")}
        </p>
      )}
      {event.banner && (
        <img
          src={event.banner}
          alt=""
          width={1200}
          height={400}
          className="aspect-[3/1] w-full rounded-lg bg-slate-100 object-cover"
        />
      )}
      <EventFacts event={event} isContest={category.eventType === "Programming Contest"} />
      <p lang={langOf(event.details)} className="whitespace-pre-line leading-relaxed text-slate-800">
        {event.details}
      </p>
      {children}
    </article>
  );
}

/** "5 December 2026, 10:00 AM" from an instant (`…Z`), on the club's clocks (`timeZone`). */
function formatLocalDateTime(format: Formatters, value: string, timeZone: string): string {
  const [date = "", time = ""] = formDateTime(value, timeZone).split("T");
  return `${format.date(date)}, ${format.time(time)}`;
}

const isWebAddress = (venue: string) => /^https?:\/\//i.test(venue);

function EventFacts({ event, isContest }: { event: ApiEvent; isContest: boolean }) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const startsAt = format.time(event.starts_at);
  const facts: [string, React.ReactNode][] = [
    [
      t("public.events.facts.starts"),
      event.starts_on
        ? `${format.date(event.starts_on)}, ${startsAt}`
        : t("public.events.facts.startsUndated", { time: startsAt }),
    ],
  ];
  if (event.ends_at) facts.push([t("public.events.facts.ends"), formatLocalDateTime(format, event.ends_at, timeZone)]);
  if (event.venue) {
    facts.push([
      t("public.events.facts.venue"),
      isWebAddress(event.venue) ? (
        <a key="venue" href={event.venue} rel="noreferrer" className="break-all text-navy-700 underline">
          {event.venue}
        </a>
      ) : (
        event.venue
      ),
    ]);
  }
  if (isContest) facts.push([t("public.events.facts.problems"), format.number(event.problem_number)]);
  facts.push([t("public.events.facts.duration"), event.contest_duration]);
  if (event.team_size_max > 1) {
    const size = { min: format.number(event.team_size_min), max: format.number(event.team_size_max) };
    facts.push([t("public.events.facts.teams"), t("public.events.facts.teamSize", size)]);
  }
  if (event.capacity !== null) facts.push([t("public.events.facts.places"), format.number(event.capacity)]);
  if (event.eligible_batches.length > 0) {
    facts.push([t("public.events.facts.batches"), event.eligible_batches.map(format.number).join(", ")]);
  }
  if (event.registration_opens) {
    facts.push([
      t("public.events.facts.registrationOpens"),
      formatLocalDateTime(format, event.registration_opens, timeZone),
    ]);
  }
  if (event.registration_closes) {
    facts.push([
      t("public.events.facts.registrationCloses"),
      formatLocalDateTime(format, event.registration_closes, timeZone),
    ]);
  }
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-4 sm:grid-cols-[auto_1fr]">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd className="text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
