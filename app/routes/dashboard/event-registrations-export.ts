import { appContext } from "~/core/context";
import { eventOfAdminScreen } from "~/features/events/events.server";
import { REGISTRATION_STATUS_LABELS } from "~/features/events/registrations";
import { listRegistrations } from "~/features/events/registrations.server";
import { csvDownload, toCsv } from "~/lib/csv.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/event-registrations-export";

const HEADER = [
  "Registration",
  "Status",
  "Waitlist position",
  "Team",
  "Name",
  "Email",
  "Batch",
  "Confirmed",
  "Checked in at",
  "Registered at",
] as const;

/** `/dashboard/events/{id}/registrations.csv`: one row per person, registrations in order of arrival, cancelled ones last. */
export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  await eventOfAdminScreen(app.db, params.id);
  const rows = (await listRegistrations(app.db, params.id)).flatMap((registration) =>
    registration.people.map((person) => [
      registration.id,
      REGISTRATION_STATUS_LABELS[registration.status],
      registration.waitlistPosition === null ? "" : String(registration.waitlistPosition),
      registration.teamName ?? "",
      person.name,
      person.email,
      person.batch === null ? "" : String(person.batch),
      person.confirmed ? "yes" : "no",
      person.checkedInAt ?? "",
      registration.createdAt,
    ]),
  );
  return csvDownload(`registrations-${params.id}`, toCsv(HEADER, rows));
});
