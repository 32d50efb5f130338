import { data, Link } from "react-router";
import { DateBadge } from "~/components/date-badge";
import { eventCategories, eventPagePath, findEventCategory } from "~/content/events";
import { appContext } from "~/core/context";
import { readClubTimeZone, readSiteSettings } from "~/core/settings.server";
import { noticeDateParts } from "~/features/collections/notices";
import type { ApiEvent } from "~/features/events/events";
import { listPastEvents, listUpcomingEvents } from "~/features/events/events.server";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { todayIn } from "~/lib/format";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/events.category";

export function meta(args: Route.MetaArgs) {
  const category = args.loaderData?.category;
  if (!category) return [];
  return seoMeta(args, {
    title: ({ t }) => t("public.events.categoryTitle", { category: t(category.labelKey) }),
    description: ({ t, clubName }) =>
      t("public.events.categoryDescription", {
        intro: t(category.intro),
        category: t(category.labelKey).toLowerCase(),
        clubName,
      }),
  });
}

/** The latest past events a category page lists. */
const PAST_EVENTS_SHOWN = 12;

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const category = params.category === undefined ? eventCategories[0] : findEventCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const today = todayIn(await readClubTimeZone(app));
  const [upcoming, past, settings] = await Promise.all([
    app.contentCache.read(`events:${category.eventType}:${today}`, () =>
      listUpcomingEvents(app.db, category.eventType, today),
    ),
    app.contentCache.read(`past-events:${category.eventType}:${today}`, () =>
      listPastEvents(app.db, category.eventType, today, PAST_EVENTS_SHOWN),
    ),
    readSiteSettings(app),
  ]);
  // The workshops page also lists the club's workshop topics (the home page's, site settings).
  const workshopTopics = category.slug === "workshop" ? settings.workshopTopics : [];
  return { category, upcoming, past, workshopTopics };
}

export default function EventCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, upcoming, past, workshopTopics } = loaderData;
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  const isContest = category.eventType === "Programming Contest";
  return (
    <article>
      <h2 className="text-2xl font-bold text-navy-900 sm:text-3xl">{t(category.labelKey)}</h2>
      <p className="mt-2 text-lg text-slate-600">{t(category.intro)}</p>

      <section aria-labelledby="upcoming" className="mt-8">
        <h3 id="upcoming" className="text-xl font-semibold text-navy-900">
          {t("public.events.upcoming")}
        </h3>
        {upcoming.length === 0 ? (
          <p className="card mt-4 p-5 text-slate-600">{t("public.events.noUpcoming")}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {upcoming.map((event) => (
              <li key={event._id}>
                <UpcomingEvent event={event} isContest={isContest} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {past.length > 0 && (
        <section aria-labelledby="past" className="mt-10">
          <h3 id="past" className="text-xl font-semibold text-navy-900">
            {t("public.events.past")}
          </h3>
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {past.map((event) => (
              <li key={event._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
                <Link
                  to={eventPagePath(event)}
                  lang={langOf(event.name)}
                  className="font-semibold text-navy-700 underline"
                >
                  {event.name}
                </Link>
                <span className="text-sm text-slate-600">
                  {event.starts_on && format.date(event.starts_on)}
                  {event.status === "cancelled" && ` · ${t("public.events.cancelled")}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="topics" className="mt-10">
        <h3 id="topics" className="text-xl font-semibold text-navy-900">
          {t(category.topicsHeading)}
        </h3>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {category.topics.map((topic) => (
            <li key={topic} className="flex items-start gap-3 rounded-lg bg-slate-50 p-4">
              <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-accent-500" />
              <span className="text-slate-800">{t(topic)}</span>
            </li>
          ))}
        </ul>
      </section>
      {workshopTopics.length > 0 && (
        <section aria-labelledby="workshop-topics" className="mt-10">
          <h3 id="workshop-topics" className="text-xl font-semibold text-navy-900">
            {t("public.events.workshopTopics")}
          </h3>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {workshopTopics.map((topic) => (
              <li key={topic.name} className="rounded-lg border border-slate-200 p-4">
                <p className="font-semibold text-navy-900">{topic.name}</p>
                <p className="mt-1 text-sm text-slate-600">{topic.description}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function UpcomingEvent({ event, isContest }: { event: ApiEvent; isContest: boolean }) {
  const t = useT();
  const langOf = useLangOf();
  const format = useFormat();
  return (
    <article className="card flex flex-col gap-4 p-5 sm:flex-row">
      {event.starts_on && <EventDateBadge isoDate={event.starts_on} />}
      <div className="flex-1">
        <h4 lang={langOf(event.name)} className="text-lg font-semibold text-navy-900">
          <Link
            to={eventPagePath(event)}
            className="underline decoration-slate-300 underline-offset-4 hover:decoration-navy-700"
          >
            {event.name}
          </Link>
          {event.status === "cancelled" && (
            <span className="ml-2 rounded bg-red-100 px-2 py-0.5 align-middle text-sm text-red-800">
              {t("public.events.cancelled")}
            </span>
          )}
        </h4>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
          <div className="flex gap-1">
            <dt className="font-semibold text-slate-700">{t("public.events.list.starts")}</dt>
            <dd>
              {event.starts_on ? `${format.date(event.starts_on)}, ` : ""}
              {format.time(event.starts_at)}
            </dd>
          </div>
          {isContest && (
            <div className="flex gap-1">
              <dt className="font-semibold text-slate-700">{t("public.events.list.problems")}</dt>
              <dd>{format.number(event.problem_number)}</dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt className="font-semibold text-slate-700">{t("public.events.list.duration")}</dt>
            <dd>{event.contest_duration}</dd>
          </div>
        </dl>
        <p lang={langOf(event.details)} className="mt-3 leading-relaxed text-slate-700">
          {event.details}
        </p>
      </div>
    </article>
  );
}

function EventDateBadge({ isoDate }: { isoDate: string }) {
  const { day, chrMonth } = noticeDateParts(isoDate);
  return <DateBadge isoDate={isoDate} day={day} month={chrMonth} />;
}
