import { Link } from "react-router";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/core/context";
import { can } from "~/core/roles";
import { listEventsForCheckIn } from "~/features/events/registrations.server";
import { privatePageMeta } from "~/i18n/meta";
import { Message, useFormat, useT } from "~/i18n/react";
import { todayIn } from "~/lib/format";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/check-in";

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, (t) => t("tools.checkIn.title"));
}

/** Where check-in staff start: the events with registrations, from a week ago onwards. */
export const loader = screenLoader(async ({ context }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  return {
    events: await listEventsForCheckIn(app.db, todayIn(clubTimeZone)),
    mayEditEvents: can(user, "edit-content"),
  };
});

export default function CheckInEvents({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const hidden = <span className="sr-only" />;
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.checkIn.title")}</h1>
      {loaderData.events.length === 0 ? (
        <p className="text-slate-700">{t("tools.checkIn.noEvents")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.events.map((event) => (
            <li key={event.id} className="card flex flex-col gap-2 p-4">
              <h2 className="text-lg font-semibold text-navy-900">{event.name}</h2>
              <p className="text-sm text-slate-700">
                {t("tools.checkIn.eventLine", {
                  date: event.startsOn ? format.date(event.startsOn) : t("tools.checkIn.noDate"),
                  count: event.confirmed,
                })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Link to={`/dashboard/events/${event.id}/check-in`} className="btn-accent">
                  <Message
                    id="tools.checkIn.checkPeopleInAt"
                    values={{ event: event.name }}
                    components={{ 0: hidden }}
                  />
                </Link>
                <Link to={`/dashboard/events/${event.id}/registrations`} className="btn border border-slate-300">
                  <Message
                    id="tools.checkIn.registrationsOf"
                    values={{ event: event.name }}
                    components={{ 0: hidden }}
                  />
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {loaderData.mayEditEvents && (
        <p className="text-sm text-slate-700">
          <Message id="tools.checkIn.registrationSetOn" components={{ 0: <Link to="/dashboard/all-events" /> }} />
        </p>
      )}
    </section>
  );
}
