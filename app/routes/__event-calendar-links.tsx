import { useRouteLoaderData } from "react-router";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import {
  type CalendarEventFields,
  eventIcsPath,
  eventPageUrl,
  googleCalendarLink,
} from "~/features/events/event-calendar";
import { useT } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";

const CALENDAR_LINK =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 px-4 text-sm font-semibold text-navy-700 underline hover:bg-slate-50";

/** Links that put one event in the visitor's calendar; none for an event without a date yet. */
export function EventCalendarLinks({ event }: { event: CalendarEventFields }) {
  const t = useT();
  // The page's absolute address goes in the entry's description, so the calendar leads back to it.
  const baseUrl = useRouteLoaderData<typeof rootLoader>("root")?.baseUrl ?? "";
  const google = googleCalendarLink(event, eventPageUrl(baseUrl, event), useClubTimeZone());
  if (!google) return null;
  return (
    <ul aria-label={t("public.events.calendarLinks.label")} className="flex flex-wrap gap-3">
      <li>
        <a href={eventIcsPath(event)} type="text/calendar" className={CALENDAR_LINK}>
          <CalendarIcon />
          {t("public.events.calendarLinks.ics")}
        </a>
      </li>
      <li>
        <a href={google} target="_blank" rel="noreferrer" className={CALENDAR_LINK}>
          <CalendarIcon />
          {t("public.events.calendarLinks.google")}
          <span className="sr-only"> {t("public.events.calendarLinks.newTab")}</span>
        </a>
      </li>
    </ul>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6h16v14H4zM4 10h16M8 3v4m8-4v4" />
    </svg>
  );
}
