import { data, Link, redirect } from "react-router";
import { EventCalendarLinks } from "~/components/event-calendar-links";
import { RegistrationPanel, type RegistrationPanelData } from "~/components/event-registration";
import { eventsPage, findEventCategory } from "~/content/events";
import { clubTimeZone } from "~/content/site";
import type { AppContext } from "~/context";
import { appContext } from "~/context";
import type { ApiEvent } from "~/domain/events";
import { findEventBySlug, findEventOfPage } from "~/domain/events.server";
import { mailingContextOf } from "~/domain/mail.server";
import { cancelAndTell, confirmAndTell, registerAndTell } from "~/domain/registration-mails.server";
import { registrationTexts } from "~/domain/registrations";
import {
  countPlaces,
  findMyRegistration,
  registrationClosedReason,
  registrationInput,
} from "~/domain/registrations.server";
import type { SessionUser } from "~/domain/session.server";
import { getSessionUser } from "~/domain/session.server";
import { fieldErrors } from "~/lib/field-errors";
import type { ActionResult } from "~/lib/form-actions";
import { answerSafely, confirmation, invalidForm, readFormData } from "~/lib/form-actions.server";
import { formatDate, formatTime } from "~/lib/format";
import { loginPath } from "~/lib/redirect";
import { seoMeta } from "~/lib/seo";
import { langOf } from "~/lib/text";
import type { Route } from "./+types/events.event";

export function meta(args: Route.MetaArgs) {
  const event = args.loaderData?.event;
  if (!event) return [];
  return seoMeta(args, { title: `${event.name} | Events`, description: event.details.slice(0, 160) });
}

/** One event's page, under its category: /events/{category}/{slug}. Drafts are not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const category = findEventCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const page = await app.contentCache.read(`event:${category.eventType}:${params.slug}`, async () => {
    const event = await findEventBySlug(app.db, category.eventType, params.slug);
    return event ? { event, places: await countPlaces(app.db, event) } : null;
  });
  if (!page) throw data(null, { status: 404 });
  const { event, places } = page;
  const now = new Date();
  const user = await getSessionUser(request, app);
  const mine = user ? await findMyRegistration(app.db, { event, user, now, timeZone: clubTimeZone }) : undefined;
  const registration: RegistrationPanelData = {
    signedIn: Boolean(user),
    loginHref: loginPath(`${new URL(request.url).pathname}#registration`),
    closedReason: registrationClosedReason(event, now, clubTimeZone) ?? null,
    places,
    mine: mine ?? null,
  };
  return { category, event, registration };
}

/** Registering, confirming a place in a team, cancelling: one form each on the page, told apart by `intent`. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const event = await findEventOfPage(app.db, params);
  if (!event) throw data(null, { status: 404 });
  const user = await getSessionUser(request, app);
  if (!user) throw redirect(loginPath(new URL(request.url).pathname));
  const form = await readFormData(request);
  return answerSafely(app.log, "save your registration", () => registrationAction({ app, event, user, form }));
}
/** The team form's fields as typed: the team's name and each teammate's address (`members.0`…). */
function typedRegistration(form: FormData) {
  const teamName = form.get("team_name");
  const members = form.getAll("members").map((value) => (typeof value === "string" ? value.trim() : ""));
  const values: Record<string, string> = { team_name: typeof teamName === "string" ? teamName : "" };
  members.forEach((member, index) => {
    values[`members.${index}`] = member;
  });
  return { input: { team_name: values.team_name || undefined, members: members.filter(Boolean) }, values };
}

async function registrationAction(args: { app: AppContext; event: ApiEvent; user: SessionUser; form: FormData }) {
  const { app, event, user, form } = args;
  const now = new Date();
  const mailing = await mailingContextOf(app);
  const intent = form.get("intent");
  if (intent === "confirm-team") {
    const confirmed = await confirmAndTell(mailing, { eventId: event._id, user });
    if (!confirmed.ok) return data<ActionResult>({ tone: "error", message: confirmed.message }, confirmed.status);
    return data<ActionResult>({ tone: "success", message: registrationTexts.teamConfirmed });
  }
  if (intent === "cancel") {
    const registrationId = String(form.get("registrationId") ?? "");
    const unconfirmed = confirmation(
      form,
      {
        title: registrationTexts.cancel,
        description: registrationTexts.cancelQuestion,
        hidden: { intent: "cancel", registrationId },
      },
      registrationTexts.keptRegistration,
    );
    if (unconfirmed) return unconfirmed;
    const cancelled = await cancelAndTell(mailing, {
      registrationId,
      by: { id: user.id, role: null },
      now,
      timeZone: clubTimeZone,
    });
    if (!cancelled.ok) return data<ActionResult>({ tone: "error", message: cancelled.message }, cancelled.status);
    return data<ActionResult>({ tone: "success", message: registrationTexts.cancelledMine });
  }
  const typed = typedRegistration(form);
  const parsed = registrationInput.safeParse(typed.input);
  if (!parsed.success) return invalidForm(typed.values, teamFieldErrors(fieldErrors(parsed.error)));
  const registered = await registerAndTell(mailing, {
    eventId: event._id,
    registrant: { id: user.id, email: user.email },
    input: parsed.data,
    now,
    timeZone: clubTimeZone,
  });
  if (!registered.ok) {
    const errors = registered.field ? { [registered.field]: registered.message } : undefined;
    return data<ActionResult>(
      { tone: "error", message: registered.message, errors, values: typed.values },
      registered.status,
    );
  }
  return data<ActionResult>({ tone: "success", message: registeredMessage(registered.status, registered.position) });
}

/** A teammate's error (`members.2`) is shown at the teammates' fieldset. */
function teamFieldErrors(errors: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors))
    shown[field.startsWith("members") ? "members" : field] ??= message;
  return shown;
}

function registeredMessage(status: string, position?: number): string {
  if (status === "waitlisted") return registrationTexts.waitlisted(position ?? 1);
  if (status === "pending") return registrationTexts.pendingShort;
  return registrationTexts.registered;
}

/** "5 December 2026, 10:00 AM" from a `YYYY-MM-DDTHH:MM` local time. */
function formatLocalDateTime(value: string): string {
  const [date = "", time = ""] = value.split("T");
  return `${formatDate(date)}, ${formatTime(time)}`;
}

const isWebAddress = (venue: string) => /^https?:\/\//i.test(venue);

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { category, event, registration } = loaderData;
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
      <RegistrationPanel event={event} data={registration} result={actionData} />
      <EventCalendarLinks event={event} />
    </article>
  );
}

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
