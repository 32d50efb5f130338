import { useState } from "react";
import { data, Form, Link } from "react-router";
import type { SyncState } from "~/components/use-check-in-desk";
import { appContext } from "~/core/context";
import { can } from "~/core/roles";
import { cameCount, type SheetMember, searchMembers } from "~/features/events/attendance-sheet";
import { listSheetMembers, listVolunteers, setVolunteer } from "~/features/events/attendance-sheet.server";
import { eventOfAdminScreen } from "~/features/events/events.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useT } from "~/i18n/react";
import type { ActionResult } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import { useHydrated } from "~/lib/use-hydrated";
import { dashboardAction, intent, screenLoader } from "~/wiring/dashboard-screens.server";
import { useAttendanceSheet } from "./__use-attendance-sheet";
import type { Route } from "./+types/event-attendance";

/**
 * The attendance sheet, on a phone: every member, a search box, a big box to tick who came. The
 * list stays on the page, so ticks go on without a network and wait on the device until they
 * can be sent. Admins and editors also mark the event's volunteers here.
 */
export const handle: RouteHandle = { hydrate: true };

export function meta(args: Route.MetaArgs) {
  const event = args.loaderData?.event;
  return privatePageMeta(args, (t) =>
    event ? t("tools.attendance.heading", { event: event.name }) : t("tools.attendance.title"),
  );
}

/** How many members the list shows at once: a name typed finds the rest. */
const SHOWN = 150;

export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  const event = await eventOfAdminScreen(app.db, params.id);
  const [members, volunteers] = await Promise.all([
    listSheetMembers(app.db, event._id),
    listVolunteers(app.db, event._id),
  ]);
  return {
    event: { id: event._id, name: event.name },
    members,
    volunteers,
    mayMarkVolunteers: can(user, "edit-content"),
  };
});

function volunteerIntent(volunteer: boolean) {
  return intent<Route.ActionArgs>({
    what: volunteer ? "messages.action.markVolunteer" : "messages.action.unmarkVolunteer",
    run: async ({ args, form, app, actor, t }) => {
      const event = await eventOfAdminScreen(app.db, args.params.id);
      const studentId = String(form.get("studentId") ?? "");
      const done = await setVolunteer(app.db, { eventId: event._id, studentId, volunteer, actor });
      if (!done) {
        const message = t("tools.attendance.noSuchMember");
        return data<ActionResult>({ tone: "error", message, errors: { studentId: message } }, 400);
      }
      return {
        tone: "success",
        message: t(volunteer ? "tools.attendance.volunteerAdded" : "tools.attendance.volunteerRemoved"),
      };
    },
  });
}

export const action = dashboardAction<Route.ActionArgs, ActionResult | ReturnType<typeof data<ActionResult>>>({
  volunteer: volunteerIntent(true),
  unvolunteer: volunteerIntent(false),
});

export default function EventAttendance({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { event, members, volunteers, mayMarkVolunteers } = loaderData;
  return (
    <section className="flex flex-col gap-4">
      <p>
        <Link to="/dashboard/check-in" className="text-sm font-medium text-navy-700 underline">
          {t("tools.attendance.back")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.attendance.heading", { event: event.name })}</h1>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start">
        <Sheet key={event.id} eventId={event.id} loaded={members} />
        {mayMarkVolunteers && <Volunteers members={members} volunteers={volunteers} answer={actionData} />}
      </div>
    </section>
  );
}

function syncText(t: Translate, sync: SyncState): string {
  const count = sync.waiting;
  if (count === 0) return t("tools.attendance.allSent");
  if (sync.sending) return t("tools.attendance.sending", { count });
  if (sync.refused) return t("tools.attendance.refused", { count, status: sync.refused });
  return t("tools.attendance.offline", { count });
}

function Sheet({ eventId, loaded }: { eventId: string; loaded: SheetMember[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const { members, sync, mark } = useAttendanceSheet(eventId, loaded);
  const [query, setQuery] = useState("");
  const found = searchMembers(members, query);
  const stuck = sync !== null && sync.waiting > 0 && !sync.sending;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-2xl font-bold text-slate-900" aria-live="polite">
          {t("tools.attendance.counts", { came: cameCount(members), members: members.length })}
        </p>
        <p
          data-testid="attendance-sync"
          className={`min-h-6 text-sm ${stuck ? "font-semibold text-amber-800" : "text-slate-700"}`}
        >
          {sync && syncText(t, sync)}
        </p>
        {!hydrated && <p className="text-sm text-slate-700">{t("tools.attendance.needsScript")}</p>}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="member-search" className="text-sm font-medium text-slate-800">
          {t("tools.attendance.search")}
        </label>
        <input
          id="member-search"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          className="min-h-12 rounded-lg border border-slate-300 px-3 text-base focus:border-navy-700"
        />
      </div>
      {found.length === 0 ? (
        <p className="text-slate-700">{t("tools.attendance.noneFound")}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t("tools.attendance.listLabel")}>
          {found.slice(0, SHOWN).map((member) => (
            <MemberRow key={member.id} member={member} disabled={!hydrated} onMark={mark} />
          ))}
        </ul>
      )}
      {found.length > SHOWN && (
        <p className="text-sm text-slate-700">{t("tools.attendance.more", { count: found.length - SHOWN })}</p>
      )}
    </div>
  );
}

/** The whole row is the box's label: a thumb-sized target. */
function MemberRow({
  member,
  disabled,
  onMark,
}: {
  member: SheetMember;
  disabled: boolean;
  onMark: (studentId: string, present: boolean) => void;
}) {
  const t = useT();
  const id = `came-${member.id}`;
  const came = member.present || member.checkedIn;
  return (
    <li>
      <label
        htmlFor={id}
        className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-2 ${
          came ? "border-green-600 bg-green-50" : "border-slate-200 bg-white"
        }`}
      >
        <input
          id={id}
          type="checkbox"
          checked={came}
          disabled={disabled || member.checkedIn}
          onChange={(event) => onMark(member.id, event.currentTarget.checked)}
          className="size-7 shrink-0 accent-green-700"
        />
        <span className="flex flex-col">
          <span className="text-lg font-semibold text-slate-900">{member.name}</span>
          <span className="text-sm text-slate-700">
            {[
              member.batch !== null && t("tools.checkIn.batch", { batch: member.batch }),
              member.checkedIn && t("tools.attendance.atTheDoor"),
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </span>
      </label>
    </li>
  );
}

function Volunteers({
  members,
  volunteers,
  answer,
}: {
  members: SheetMember[];
  volunteers: { id: string; name: string }[];
  answer: ActionResult | undefined;
}) {
  const t = useT();
  return (
    <section aria-labelledby="volunteers-heading" className="card flex flex-col gap-3 p-4">
      <h2 id="volunteers-heading" className="text-lg font-bold text-navy-900">
        {t("tools.attendance.volunteersHeading")}
      </h2>
      {answer?.message && (
        <p role="status" className={answer.tone === "error" ? "text-red-700" : "text-green-800"}>
          {answer.message}
        </p>
      )}
      {volunteers.length === 0 ? (
        <p className="text-slate-700">{t("tools.attendance.noVolunteers")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {volunteers.map((volunteer) => (
            <li key={volunteer.id} className="flex items-center justify-between gap-2">
              <span className="text-slate-900">{volunteer.name}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="unvolunteer" />
                <input type="hidden" name="studentId" value={volunteer.id} />
                <button
                  type="submit"
                  aria-label={t("tools.attendance.removeVolunteer", { name: volunteer.name })}
                  className="btn border border-slate-300"
                >
                  {t("tools.attendance.remove")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="volunteer" />
        <label htmlFor="volunteer-member" className="text-sm font-medium text-slate-800">
          {t("tools.attendance.volunteerLabel")}
        </label>
        <select
          id="volunteer-member"
          name="studentId"
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
        >
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.batch === null ? member.name : `${member.name} (${member.batch})`}
            </option>
          ))}
        </select>
        <button type="submit" className="btn-navy self-start">
          {t("tools.attendance.addVolunteer")}
        </button>
      </Form>
    </section>
  );
}
