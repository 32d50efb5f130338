import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { eventPagePath } from "~/content/events";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { listDatedEventsFrom } from "~/features/events/events.server";
import { upcomingJudgeContests } from "~/features/practice/contests.server";
import { JUDGE_NAMES } from "~/features/practice/practice";
import { useFormat, useLangOf, useT } from "~/i18n/react";
import { todayIn } from "~/lib/format";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/contests";

const CLUB_EVENTS_SHOWN = 20;

export function meta(args: Route.MetaArgs) {
  return seoMeta(args, {
    title: ({ t }) => t("people.contests.title"),
    description: ({ t }) => t("people.contests.description"),
    path: "/contests",
  });
}

/** `/contests`: the judges' upcoming contests beside the club's own events, and the calendar feed of them. */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const timeZone = await readClubTimeZone(app);
  const today = todayIn(timeZone, new Date());
  return app.contentCache.read(`contests:${today}:${Math.floor(Date.now() / 600_000)}`, async () => {
    const [contests, events] = await Promise.all([
      upcomingJudgeContests(app.db),
      listDatedEventsFrom(app.db, today, CLUB_EVENTS_SHOWN),
    ]);
    return {
      contests,
      events: events.map(({ event }) => ({
        name: event.name,
        startsOn: event.starts_on ?? "",
        path: eventPagePath(event),
      })),
    };
  });
}

export default function Contests({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const langOf = useLangOf();
  return (
    <>
      <PageHeader eyebrow={t("people.contests.eyebrow")} title={t("people.contests.title")}>
        <p>{t("people.contests.description")}</p>
      </PageHeader>
      <div className="container-page grid gap-8 py-8 md:grid-cols-2">
        <section aria-labelledby="judge-contests" className="flex flex-col gap-2">
          <h2 id="judge-contests" className="text-xl font-bold text-navy-900">
            {t("people.contests.judges")}
          </h2>
          <p>
            <a href="/contests.ics" className="text-navy-700 underline">
              {t("people.contests.ics")}
            </a>
          </p>
          <p className="text-slate-700">
            {t("people.contests.reminders")}{" "}
            <Link to="/subscribe" className="text-navy-700 underline">
              {t("people.contests.subscribe")}
            </Link>
          </p>
          {loaderData.contests.length === 0 ? (
            <p className="text-slate-700">{t("people.contests.none")}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {loaderData.contests.map((contest) => (
                <li key={`${contest.judge}:${contest.contestId}`} className="card flex flex-col gap-1 p-3">
                  <a href={contest.url} rel="noreferrer" className="font-semibold text-navy-700 underline">
                    {contest.name}
                  </a>
                  <span className="text-sm text-slate-700">
                    {t("people.contests.when", {
                      judge: JUDGE_NAMES[contest.judge],
                      start: format.dateTime(contest.startsAt, timeZone),
                      hours: format.number(Math.round((contest.durationSeconds / 3600) * 10) / 10),
                    })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="club-events" className="flex flex-col gap-2">
          <h2 id="club-events" className="text-xl font-bold text-navy-900">
            {t("people.contests.club")}
          </h2>
          {loaderData.events.length === 0 ? (
            <p className="text-slate-700">{t("people.contests.noEvents")}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {loaderData.events.map((event) => (
                <li key={event.path} className="card flex flex-col gap-1 p-3">
                  <Link to={event.path} lang={langOf(event.name)} className="font-semibold text-navy-700 underline">
                    {event.name}
                  </Link>
                  {event.startsOn && <span className="text-sm text-slate-700">{format.date(event.startsOn)}</span>}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
