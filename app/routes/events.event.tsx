import { data, redirect } from "react-router";
import { EventArticle } from "~/components/event-article";
import { findEventCategory } from "~/content/events";
import { type Actor, actorOf } from "~/core/audit.server";
import type { AppContext } from "~/core/context";
import { appContext } from "~/core/context";
import { mailingContextOf } from "~/core/mail.server";
import type { SessionUser } from "~/core/session.server";
import { emailNotVerifiedText, getSessionUser } from "~/core/session.server";
import { readClubTimeZone } from "~/core/settings.server";
import type { ApiEvent } from "~/features/events/events";
import { findEventBySlug, findEventOfPage } from "~/features/events/events.server";
import { isMemberFor } from "~/features/events/members-only.server";
import { cancelAndTell, confirmAndTell, registerAndTell } from "~/features/events/registration-mails.server";
import { registrationMessages } from "~/features/events/registrations";
import {
  countPlaces,
  findMyRegistration,
  registrationClosedReason,
  registrationInput,
} from "~/features/events/registrations.server";
import { nextOccurrenceAfter } from "~/features/events/series.server";
import { declineAndTell } from "~/features/events/team-invitation-mails.server";
import type { Locale } from "~/i18n/locales";
import type { Message } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import { preferencesOf } from "~/i18n/preferences";
import { translatorOf } from "~/i18n/translate.server";
import { type FieldErrors, fieldErrors } from "~/lib/field-errors";
import type { ActionResult } from "~/lib/form-actions";
import { answerSafely, confirmation, invalidForm, readFormData } from "~/lib/form-actions.server";
import { todayIn } from "~/lib/format";
import { loginPath } from "~/lib/redirect";
import { seoMeta } from "~/lib/seo";
import { EventCalendarLinks } from "./__event-calendar-links";
import { RegistrationPanel, type RegistrationPanelData } from "./__event-registration";
import { NextOccurrence } from "./__next-occurrence";
import type { Route } from "./+types/events.event";

export function meta(args: Route.MetaArgs) {
  const event = args.loaderData?.event;
  if (!event) return [];
  return seoMeta(args, {
    title: ({ t }) => t("public.events.eventTitle", { name: event.name }),
    description: event.details.slice(0, 160),
  });
}

/** One event's page, under its category: /events/{category}/{slug}. Drafts are not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const timeZone = await readClubTimeZone(app);
  const category = findEventCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const page = await app.contentCache.read(`event:${category.eventType}:${params.slug}`, async () => {
    const event = await findEventBySlug(app.db, category.eventType, params.slug);
    if (!event) return null;
    return { event, places: await countPlaces(app.db, event), next: await nextOccurrenceAfter(app.db, event._id) };
  });
  if (!page) throw data(null, { status: 404 });
  const { event, places, next } = page;
  const now = new Date();
  const user = await getSessionUser(request, app);
  const mine = user ? await findMyRegistration(app.db, { event, user, now, timeZone }) : undefined;
  const registration: RegistrationPanelData = {
    signedIn: Boolean(user),
    loginHref: loginPath(`${new URL(request.url).pathname}#registration`),
    closedReason: translatedOrNull(registrationClosedReason(event, now, timeZone), preferencesOf(request).locale),
    places,
    mine: mine ?? null,
    notMember: Boolean(
      user && !mine && event.members_only && !(await isMemberFor(app.db, event, user.email, todayIn(timeZone, now))),
    ),
  };
  return { category, event, registration, next };
}

/** Registering, accepting or declining a place in a team, cancelling: one form each on the page, told apart by `intent`. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const event = await findEventOfPage(app.db, params);
  if (!event) throw data(null, { status: 404 });
  const user = await getSessionUser(request, app);
  if (!user) throw redirect(loginPath(new URL(request.url).pathname));
  const form = await readFormData(request);
  const actor = actorOf(request, user);
  const { locale } = preferencesOf(request);
  return answerSafely(app.log, locale, "messages.action.saveRegistration", () =>
    registrationAction({ app, event, user, form, actor, locale }),
  );
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

async function registrationAction(args: {
  app: AppContext;
  event: ApiEvent;
  user: SessionUser;
  form: FormData;
  actor: Actor;
  locale: Locale;
}) {
  const { app, event, user, form, actor, locale } = args;
  // The registration module answers in messages: the page words them in the reader's language.
  const say = (message: Message) => sayMessage(message, locale);
  const now = new Date();
  const timeZone = await readClubTimeZone(app);
  const mailing = await mailingContextOf(app, locale);
  const intent = form.get("intent");
  // An invitation names an address: only its proved owner answers it here.
  if ((intent === "confirm-team" || intent === "decline-team") && !user.emailVerified) {
    return data<ActionResult>({ tone: "error", message: emailNotVerifiedText(translatorOf(locale).t, user) }, 403);
  }
  if (intent === "confirm-team") {
    const confirmed = await confirmAndTell(mailing, { eventId: event._id, user }, actor);
    if (!confirmed.ok) return data<ActionResult>({ tone: "error", message: say(confirmed.message) }, confirmed.status);
    return data<ActionResult>({ tone: "success", message: say(registrationMessages.teamConfirmed) });
  }
  if (intent === "decline-team") {
    const invitation = { eventId: event._id, email: user.email };
    const declined = await declineAndTell(mailing, { invitation, now, timeZone }, actor);
    if (!declined.ok) return data<ActionResult>({ tone: "error", message: say(declined.message) }, declined.status);
    return data<ActionResult>({ tone: "success", message: say(registrationMessages.declined) });
  }
  if (intent === "cancel") {
    const registrationId = String(form.get("registrationId") ?? "");
    const unconfirmed = confirmation(
      form,
      {
        title: say(registrationMessages.cancel),
        description: say(registrationMessages.cancelQuestion),
        hidden: { intent: "cancel", registrationId },
      },
      say(registrationMessages.keptRegistration),
    );
    if (unconfirmed) return unconfirmed;
    const cancelled = await cancelAndTell(
      mailing,
      {
        registrationId,
        by: { id: user.id, role: null },
        now,
        timeZone,
      },
      actor,
    );
    if (!cancelled.ok) return data<ActionResult>({ tone: "error", message: say(cancelled.message) }, cancelled.status);
    return data<ActionResult>({ tone: "success", message: say(registrationMessages.cancelledMine) });
  }
  const typed = typedRegistration(form);
  const parsed = registrationInput.safeParse(typed.input);
  if (!parsed.success) return invalidForm(typed.values, teamFieldErrors(fieldErrors(parsed.error)), locale);
  const registered = await registerAndTell(
    mailing,
    {
      eventId: event._id,
      registrant: { id: user.id, email: user.email, locale: user.locale },
      input: parsed.data,
      now,
      timeZone,
    },
    actor,
  );
  if (!registered.ok) {
    const message = say(registered.message);
    const errors = registered.field ? { [registered.field]: message } : undefined;
    return data<ActionResult>({ tone: "error", message, errors, values: typed.values }, registered.status);
  }
  // `saved`: the panel then tells it once, by its status line.
  return data<ActionResult>({
    tone: "success",
    message: say(registeredMessage(registered.status, registered.position)),
    saved: true,
  });
}

/** A teammate's error (`members.2`) is shown at the teammates' fieldset. */
function teamFieldErrors(errors: FieldErrors): FieldErrors {
  const shown: FieldErrors = {};
  for (const [field, message] of Object.entries(errors))
    shown[field.startsWith("members") ? "members" : field] ??= message;
  return shown;
}

function translatedOrNull(message: Message | undefined, locale: Locale): string | null {
  return message ? sayMessage(message, locale) : null;
}

function registeredMessage(status: string, position?: number): Message {
  if (status === "waitlisted") return registrationMessages.waitlisted(position ?? 1);
  if (status === "pending") return registrationMessages.pendingShort;
  return registrationMessages.registered;
}

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { category, event, registration, next } = loaderData;
  return (
    <EventArticle category={category} event={event}>
      {next && <NextOccurrence next={next} />}
      <RegistrationPanel event={event} data={registration} result={actionData} />
      <EventCalendarLinks event={event} />
    </EventArticle>
  );
}
