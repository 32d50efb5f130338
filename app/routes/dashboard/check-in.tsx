import { Link } from "react-router";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { listEventsForCheckIn } from "~/domain/registrations.server";
import { can } from "~/domain/roles";
import { requirePermissionPage } from "~/domain/session.server";
import { formatDate, todayIn } from "~/lib/format";
import type { Route } from "./+types/check-in";

export function meta() {
  return [{ title: "Check-in" }, { name: "robots", content: "noindex" }];
}

/** Where check-in staff start: the events with registrations, from a week ago onwards. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requirePermissionPage(context, "check-in");
  const app = context.get(appContext);
  return {
    events: await listEventsForCheckIn(app.db, todayIn(clubTimeZone)),
    mayEditEvents: can(user, "edit-content"),
  };
}

export default function CheckInEvents({ loaderData }: Route.ComponentProps) {
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">Check-in</h1>
      {loaderData.events.length === 0 ? (
        <p className="text-slate-700">No event from the last week on has registrations yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {loaderData.events.map((event) => (
            <li key={event.id} className="card flex flex-col gap-2 p-4">
              <h2 className="text-lg font-semibold text-navy-900">{event.name}</h2>
              <p className="text-sm text-slate-700">
                {event.startsOn ? formatDate(event.startsOn) : "No date yet"} · {event.confirmed} confirmed
              </p>
              <div className="flex flex-wrap gap-2">
                <Link to={`/dashboard/events/${event.id}/check-in`} className="btn-accent">
                  Check people in<span className="sr-only"> at {event.name}</span>
                </Link>
                <Link to={`/dashboard/events/${event.id}/registrations`} className="btn border border-slate-300">
                  Registrations<span className="sr-only"> of {event.name}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {loaderData.mayEditEvents && (
        <p className="text-sm text-slate-700">
          Registration is set on each event's form: <Link to="/dashboard/all-events">All Events</Link>.
        </p>
      )}
    </section>
  );
}
