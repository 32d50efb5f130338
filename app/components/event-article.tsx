import type { ReactNode } from "react";
import { Link } from "react-router";
import { type EventCategory, eventsPage } from "~/content/events";
import type { ApiEvent } from "~/domain/events";
import { formatDate, formatTime } from "~/lib/format";
import { langOf } from "~/lib/text";

/**
 * An event as its page shows it: category link, name (marked when cancelled), banner, facts and
 * details; the page adds registration and calendar links below.
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
  return (
    <article className="flex flex-col gap-6">
      <p>
        <Link to={`/events/${category.slug}`} className="text-sm font-medium text-navy-700 underline">
          {category.label}
        </Link>
      </p>
      <header className="flex flex-col gap-2">
        <h2 lang={langOf(event.name)} className="text-2xl font-bold text-navy-900 sm:text-3xl">
          {event.name}
        </h2>
        {event.status === "cancelled" && (
          <p className="self-start rounded bg-red-100 px-2 py-1 text-sm font-semibold text-red-800">
            {eventsPage.cancelled}
          </p>
        )}
      </header>
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

/** "5 December 2026, 10:00 AM" from a `YYYY-MM-DDTHH:MM` local time. */
function formatLocalDateTime(value: string): string {
  const [date = "", time = ""] = value.split("T");
  return `${formatDate(date)}, ${formatTime(time)}`;
}

const isWebAddress = (venue: string) => /^https?:\/\//i.test(venue);

function EventFacts({ event, isContest }: { event: ApiEvent; isContest: boolean }) {
  const facts: [string, React.ReactNode][] = [
    [
      "Starts",
      `${event.starts_on ? `${formatDate(event.starts_on)}, ` : ""}${formatTime(event.starts_at)}${event.starts_on ? "" : " (date to be announced)"}`,
    ],
  ];
  if (event.ends_at) facts.push(["Ends", formatLocalDateTime(event.ends_at)]);
  if (event.venue) {
    facts.push([
      "Venue",
      isWebAddress(event.venue) ? (
        <a key="venue" href={event.venue} rel="noreferrer" className="break-all text-navy-700 underline">
          {event.venue}
        </a>
      ) : (
        event.venue
      ),
    ]);
  }
  if (isContest) facts.push(["Problems", String(event.problem_number)]);
  facts.push(["Duration", event.contest_duration]);
  if (event.team_size_max > 1) facts.push(["Teams", `${event.team_size_min} to ${event.team_size_max} people`]);
  if (event.capacity !== null) facts.push(["Places", String(event.capacity)]);
  if (event.eligible_batches.length > 0) facts.push(["Open to batches", event.eligible_batches.join(", ")]);
  if (event.registration_opens) facts.push(["Registration opens", formatLocalDateTime(event.registration_opens)]);
  if (event.registration_closes) facts.push(["Registration closes", formatLocalDateTime(event.registration_closes)]);
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
