import { Link, NavLink, Outlet, useParams, useRouteLoaderData } from "react-router";
import { PageHeader } from "~/components/page-header";
import { eventCategories, eventsPage } from "~/content/events";
import { atomFeeds, eventCalendar } from "~/content/feeds";
import type { ApiEvent } from "~/features/events/events";
import { useT } from "~/i18n/react";

const FOLLOW_LINK = "inline-flex min-h-11 items-center gap-2 text-base font-semibold text-navy-700 underline";

/**
 * The events layout: links to follow the events, and the 'Our Events' sidebar beside the chosen
 * category. An event's own page has the event's name as its h1, under the section's name.
 */
export default function EventsLayout() {
  const t = useT();
  const current = useParams().category ?? eventCategories[0].slug;
  const openEvent = (useRouteLoaderData("routes/events.event") as { event?: Pick<ApiEvent, "name"> } | undefined)
    ?.event;
  return (
    <>
      <PageHeader
        eyebrow={t(openEvent ? eventsPage.heading : eventsPage.eyebrow)}
        title={openEvent?.name ?? t(eventsPage.heading)}
      >
        <FollowEvents />
      </PageHeader>
      <div className="container-page grid grid-cols-1 gap-8 py-10 md:grid-cols-[15rem_1fr] md:gap-12">
        <nav aria-labelledby="our-events" className="md:sticky md:top-24 md:self-start">
          <h2 id="our-events" className="text-lg font-bold text-navy-900">
            {t("public.events.sidebar")}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2 md:flex-col">
            {eventCategories.map((category) => (
              <li key={category.slug}>
                <NavLink
                  to={`/events/${category.slug}`}
                  aria-current={category.slug === current ? "page" : undefined}
                  className={`flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold no-underline ${
                    category.slug === current
                      ? "bg-navy-900 text-white"
                      : "border border-slate-200 text-navy-900 hover:bg-slate-50 md:border-transparent"
                  }`}
                >
                  {t(category.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <Outlet />
        </div>
      </div>
    </>
  );
}

/** The calendar to subscribe to and the Atom feed: text links, so they don't pass for category tabs. */
function FollowEvents() {
  const t = useT();
  return (
    <>
      <ul className="flex flex-wrap gap-x-6">
        <li>
          <a href={eventCalendar.path} type="text/calendar" className={FOLLOW_LINK}>
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
            {t("public.events.follow.calendar")}
          </a>
        </li>
        <li>
          <a href={atomFeeds.events.path} type="application/atom+xml" className={FOLLOW_LINK}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5 shrink-0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M5 5a14 14 0 0 1 14 14M5 11a8 8 0 0 1 8 8" />
              <circle cx="6" cy="18" r="1.5" fill="currentColor" />
            </svg>
            {t("public.events.follow.feed")}
          </a>
        </li>
      </ul>
      <p className="mt-1 text-sm">{t("public.events.follow.hint")}</p>
      <p className="mt-2 text-base">
        <Link to="/contests" className="font-semibold text-navy-700 underline">
          {t("public.events.judgesContests")}
        </Link>
      </p>
    </>
  );
}
