import { useRef } from "react";
import { Form, Link } from "react-router";
import { Alert } from "~/components/alert";
import { ConfirmPanel } from "~/components/confirm-panel";
import { useAnswerFocus } from "~/components/use-answer-focus";
import { eventPagePath } from "~/content/events";
import type { ApiEvent } from "~/features/events/events";
import type { EventPlaces, MyRegistration } from "~/features/events/registrations";
import { type Translate, useFormat, useT } from "~/i18n/react";
import type { ActionResult } from "~/lib/form-actions";

/** What the event page knows about registering: read per request, since it depends on who asks. */
export interface RegistrationPanelData {
  signedIn: boolean;
  loginHref: string;
  /** Why nobody may register now; null while registration is open. */
  closedReason: string | null;
  places: EventPlaces;
  mine: MyRegistration | null;
  /** Signed in, not registered, and not a member of the current round while the event is for members only. */
  notMember: boolean;
}

const controlClass =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-navy-700 focus:outline-2 focus:outline-navy-700";

/** The event page's registration: the places left, then the person's registration or the form to register. */
export function RegistrationPanel({
  event,
  data,
  result,
}: {
  event: ApiEvent;
  data: RegistrationPanelData;
  result?: ActionResult;
}) {
  const t = useT();
  const panel = useRef<HTMLElement>(null);
  const message = useRef<HTMLDivElement>(null);
  const focus = useAnswerFocus(result, { form: panel, message, fields: ["team_name", "members"] });
  // A registration that went through is told by the status line, which takes focus: said once.
  const statusIsAnswer = Boolean(result?.saved && data.mine);
  return (
    <section
      ref={panel}
      id="registration"
      aria-labelledby="registration-heading"
      className="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 id="registration-heading" className="text-lg font-bold text-navy-900">
        {t("accounts.registration.heading")}
      </h3>
      {result?.message && !statusIsAnswer && (
        <Alert ref={message} autoFocus={focus.message} tone={result.tone ?? "info"}>
          {result.message}
        </Alert>
      )}
      {result?.confirm && <ConfirmPanel {...result.confirm} />}
      <PlacesLine places={data.places} />
      {event.members_only && !data.mine && <p className="text-slate-700">{t("accounts.registration.membersOnly")}</p>}
      <RegistrationBody event={event} data={data} result={result} autoFocus={statusIsAnswer ? "status" : focus.field} />
    </section>
  );
}

function RegistrationBody({
  event,
  data,
  result,
  autoFocus,
}: {
  event: ApiEvent;
  data: RegistrationPanelData;
  result?: ActionResult;
  /** What takes focus as the page comes back from a registration: a field, or the status line. */
  autoFocus?: string;
}) {
  const t = useT();
  if (data.mine) {
    return (
      <MyRegistrationView
        mine={data.mine}
        ticketHref={`${eventPagePath(event)}/ticket`}
        statusAutoFocus={autoFocus === "status"}
      />
    );
  }
  if (data.closedReason) return <p className="text-slate-700">{data.closedReason}</p>;
  if (data.notMember) {
    return (
      <p className="text-slate-700">
        {t("accounts.registration.notMember")}{" "}
        <Link to="/join" className="font-medium text-navy-700 underline">
          {t("accounts.registration.join")}
        </Link>
      </p>
    );
  }
  if (!data.signedIn) {
    return (
      <p>
        <Link to={data.loginHref} className="btn-accent">
          {t("accounts.registration.logInToRegister")}
        </Link>
      </p>
    );
  }
  const { places } = data;
  const full = places.capacity !== null && places.taken >= places.capacity;
  if (full && !places.waitlist) return <p className="text-slate-700">{t("accounts.registration.fullNoWaitlist")}</p>;
  return event.team_size_max > 1 ? (
    <TeamForm event={event} result={result} autoFocusField={autoFocus} />
  ) : (
    <IndividualForm />
  );
}

function PlacesLine({ places }: { places: EventPlaces }) {
  const t = useT();
  if (places.capacity === null) return null;
  const left = places.capacity - places.taken;
  const text =
    left > 0
      ? t("accounts.registration.placesLeft", { count: left })
      : t(places.waitlist ? "accounts.registration.fullWaitlist" : "accounts.registration.full");
  return <p className="font-medium text-slate-800">{text}</p>;
}

function IndividualForm() {
  const t = useT();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="register" />
      <button type="submit" className="btn-navy">
        {t("accounts.registration.register")}
      </button>
    </Form>
  );
}

function TeamForm({
  event,
  result,
  autoFocusField,
}: {
  event: ApiEvent;
  result?: ActionResult;
  autoFocusField?: string;
}) {
  const t = useT();
  const format = useFormat();
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const teammateSlots = event.team_size_max - 1;
  const membersError = errors.members;
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="register" />
      <div className="flex flex-col gap-1">
        <label htmlFor="team_name" className="text-sm font-medium text-slate-800">
          {t("accounts.registration.teamName")}
        </label>
        <input
          id="team_name"
          name="team_name"
          required
          maxLength={100}
          defaultValue={values.team_name}
          // biome-ignore lint/a11y/noAutofocus: the first field the answer names (see useAnswerFocus)
          autoFocus={autoFocusField === "team_name"}
          aria-invalid={errors.team_name ? true : undefined}
          aria-describedby={errors.team_name ? "team_name-error" : undefined}
          className={controlClass}
        />
        {errors.team_name && (
          <p id="team_name-error" className="text-sm font-medium text-red-700">
            {errors.team_name}
          </p>
        )}
      </div>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={membersError ? "members-hint members-error" : "members-hint"}
      >
        <legend className="text-sm font-medium text-slate-800">
          {t(
            event.team_size_min - 1 === teammateSlots
              ? "accounts.registration.teammates"
              : "accounts.registration.teammatesRange",
            { min: format.number(event.team_size_min - 1), max: format.number(teammateSlots) },
          )}
        </legend>
        <p id="members-hint" className="text-sm text-slate-600">
          {t("accounts.registration.teammatesHint")}
        </p>
        {Array.from({ length: teammateSlots }, (_, index) => (
          <input
            // The slots never reorder: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots
            key={index}
            name="members"
            type="email"
            autoComplete="off"
            aria-label={t(
              index < event.team_size_min - 1
                ? "accounts.registration.teammate"
                : "accounts.registration.teammateOptional",
              { number: format.number(index + 1) },
            )}
            aria-invalid={membersError ? true : undefined}
            // biome-ignore lint/a11y/noAutofocus: the first field the answer names (see useAnswerFocus)
            autoFocus={autoFocusField === "members" && index === 0}
            defaultValue={values[`members.${index}`]}
            className={controlClass}
          />
        ))}
        {membersError && (
          <p id="members-error" className="text-sm font-medium text-red-700">
            {membersError}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn-navy self-start">
        {t("accounts.registration.registerTeam")}
      </button>
    </Form>
  );
}

function statusLine(t: Translate, formatNumber: (value: number) => string, mine: MyRegistration): string {
  const team = mine.teamName ?? "";
  if (mine.status === "waitlisted") {
    return t("accounts.registration.waitlisted", { position: formatNumber(mine.waitlistPosition ?? 1) });
  }
  if (mine.status === "pending") return t("accounts.registration.pending", { team });
  return mine.teamName ? t("accounts.registration.teamRegistered", { team }) : t("accounts.registration.registered");
}

function MyRegistrationView({
  mine,
  ticketHref,
  statusAutoFocus = false,
}: {
  mine: MyRegistration;
  ticketHref: string;
  /** The page comes back from registering: the status line is the answer. */
  statusAutoFocus?: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const captain = mine.people[0];
  return (
    <div className="flex flex-col gap-3">
      <p
        tabIndex={statusAutoFocus ? -1 : undefined}
        // biome-ignore lint/a11y/noAutofocus: the registration's answer (see useAnswerFocus)
        autoFocus={statusAutoFocus}
        className="font-semibold text-navy-900"
      >
        {statusLine(t, format.number, mine)}
      </p>
      {mine.status === "confirmed" && mine.confirmedByMe && (
        <p>
          <Link to={ticketHref} className="btn-accent">
            {t("accounts.ticket.link")}
          </Link>
        </p>
      )}
      {mine.teamName && (
        <ul className="flex flex-col gap-1" aria-label={t("accounts.registration.team", { team: mine.teamName })}>
          {mine.people.map((person) => (
            <li key={person.attendeeId} className="flex flex-wrap justify-between gap-x-4 text-slate-800">
              <span className="break-all">{person.name}</span>
              <span className="text-sm text-slate-600">
                {t(
                  person.confirmed
                    ? "accounts.registration.memberConfirmed"
                    : "accounts.registration.memberNotConfirmed",
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!mine.confirmedByMe && (
        <div className="flex flex-col gap-2">
          <p>{t("accounts.registration.invited", { team: mine.teamName ?? "", captain: captain?.name ?? "" })}</p>
          <div className="flex flex-wrap gap-2">
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="confirm-team" />
              <button type="submit" className="btn-navy">
                {t("accounts.registration.confirmTeam")}
              </button>
            </Form>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="decline-team" />
              <button type="submit" className="btn border border-red-700 text-red-800 hover:bg-red-50">
                {t("accounts.registration.declineTeam")}
              </button>
            </Form>
          </div>
        </div>
      )}
      {mine.isCaptain && mine.mayCancel && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="registrationId" value={mine.id} />
          <button type="submit" className="btn border border-red-700 text-red-800 hover:bg-red-50">
            {t(mine.teamName ? "accounts.registration.cancelTeam" : "accounts.registration.cancel")}
          </button>
        </Form>
      )}
      {mine.isCaptain && !mine.mayCancel && (
        <p className="text-sm text-slate-700">{t("accounts.registration.cancelDeadlinePassed")}</p>
      )}
      {!mine.isCaptain && mine.confirmedByMe && (
        <p className="text-sm text-slate-700">
          {t("accounts.registration.askCaptain", { captain: captain?.name ?? "" })}
        </p>
      )}
    </div>
  );
}
