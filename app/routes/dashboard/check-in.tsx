import { Link } from "react-router";
import { appContext } from "~/core/context";
import { can } from "~/core/roles";
import { readClubTimeZone } from "~/core/settings.server";
import { listEventsForAttendance } from "~/features/events/attendance-sheet.server";
import { listEventsForCheckIn } from "~/features/events/registrations.server";
import { Message, useFormat, useT } from "~/i18n/react";
import { todayIn } from "~/lib/format";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/check-in";

export const meta = screenMeta;

/** Where check-in staff start: the events with registrations, from a week ago onwards. */
export const loader = screenLoader(async ({ context }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  const today = todayIn(await readClubTimeZone(app));
  const [events, sheets] = await Promise.all([
    listEventsForCheckIn(app.db, today),
    listEventsForAttendance(app.db, today),
  ]);
  return {
    events,
    sheets,
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
      <AttendanceSheets sheets={loaderData.sheets} />
      {loaderData.mayEditEvents && (
        <p className="text-sm text-slate-700">
          <Message id="tools.checkIn.registrationSetOn" components={{ 0: <Link to="/dashboard/all-events" /> }} />
        </p>
      )}
    </section>
  );
}

/** Events of the last week to tomorrow, registration or not: members who came are ticked on a sheet. */
function AttendanceSheets({ sheets }: { sheets: Route.ComponentProps["loaderData"]["sheets"] }) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="attendance-sheets" className="flex flex-col gap-3">
      <h2 id="attendance-sheets" className="text-xl font-bold text-navy-900">
        {t("tools.attendance.sheetsHeading")}
      </h2>
      {sheets.length === 0 ? (
        <p className="text-slate-700">{t("tools.attendance.noSheets")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {sheets.map((sheet) => (
            <li key={sheet.id} className="card flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="block font-semibold text-navy-900">{sheet.name}</span>
                <span className="text-sm text-slate-700">
                  {sheet.startsOn ? format.date(sheet.startsOn) : t("tools.checkIn.noDate")}
                  {sheet.session && ` · ${t("tools.attendance.session")}`}
                </span>
              </span>
              <Link to={`/dashboard/events/${sheet.id}/attendance`} className="btn-navy">
                <Message
                  id="tools.attendance.takeAt"
                  values={{ event: sheet.name }}
                  components={{ 0: <span className="sr-only" /> }}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
