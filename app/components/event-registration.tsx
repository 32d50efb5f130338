import { Form, Link } from "react-router";
import { eventPagePath } from "~/content/events";
import type { ApiEvent } from "~/domain/events";
import { type EventPlaces, type MyRegistration, registrationTexts as texts, ticketTexts } from "~/domain/registrations";
import type { ActionResult } from "~/lib/form-actions";
import { Alert } from "./alert";
import { ConfirmPanel } from "./confirm-panel";

/** What the event page knows about registering: read per request, since it depends on who asks. */
export interface RegistrationPanelData {
  signedIn: boolean;
  loginHref: string;
  /** Why nobody may register now; null while registration is open. */
  closedReason: string | null;
  places: EventPlaces;
  mine: MyRegistration | null;
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
  return (
    <section
      id="registration"
      aria-labelledby="registration-heading"
      className="flex scroll-mt-20 flex-col gap-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 id="registration-heading" className="text-lg font-bold text-navy-900">
        {texts.heading}
      </h3>
      {result?.message && <Alert tone={result.tone ?? "info"}>{result.message}</Alert>}
      {result?.confirm && <ConfirmPanel {...result.confirm} />}
      <PlacesLine places={data.places} />
      <RegistrationBody event={event} data={data} result={result} />
    </section>
  );
}

function RegistrationBody({
  event,
  data,
  result,
}: {
  event: ApiEvent;
  data: RegistrationPanelData;
  result?: ActionResult;
}) {
  if (data.mine) return <MyRegistrationView mine={data.mine} ticketHref={`${eventPagePath(event)}/ticket`} />;
  if (data.closedReason) return <p className="text-slate-700">{data.closedReason}</p>;
  if (!data.signedIn) {
    return (
      <p>
        <Link to={data.loginHref} className="btn-accent">
          {texts.logInToRegister}
        </Link>
      </p>
    );
  }
  const { places } = data;
  const full = places.capacity !== null && places.taken >= places.capacity;
  if (full && !places.waitlist) return <p className="text-slate-700">{texts.fullNoWaitlist}</p>;
  return event.team_size_max > 1 ? <TeamForm event={event} result={result} /> : <IndividualForm />;
}

function PlacesLine({ places }: { places: EventPlaces }) {
  if (places.capacity === null) return null;
  const left = places.capacity - places.taken;
  const text = left > 0 ? texts.placesLeft(left) : places.waitlist ? texts.fullWaitlist : texts.full;
  return <p className="font-medium text-slate-800">{text}</p>;
}

function IndividualForm() {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="register" />
      <button type="submit" className="btn-navy">
        {texts.register}
      </button>
    </Form>
  );
}

function TeamForm({ event, result }: { event: ApiEvent; result?: ActionResult }) {
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const teammateSlots = event.team_size_max - 1;
  const membersError = errors.members;
  return (
    <Form method="post" noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="register" />
      <div className="flex flex-col gap-1">
        <label htmlFor="team_name" className="text-sm font-medium text-slate-800">
          {texts.teamName}
        </label>
        <input
          id="team_name"
          name="team_name"
          required
          maxLength={100}
          defaultValue={values.team_name}
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
          {texts.teammates(event.team_size_min - 1, teammateSlots)}
        </legend>
        <p id="members-hint" className="text-sm text-slate-600">
          {texts.teammatesHint}
        </p>
        {Array.from({ length: teammateSlots }, (_, index) => (
          <input
            // The slots never reorder: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots
            key={index}
            name="members"
            type="email"
            autoComplete="off"
            aria-label={`Teammate ${index + 1}${index < event.team_size_min - 1 ? "" : " (optional)"}`}
            aria-invalid={membersError ? true : undefined}
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
        {texts.registerTeam}
      </button>
    </Form>
  );
}

function statusLine(mine: MyRegistration): string {
  const team = mine.teamName ?? "";
  if (mine.status === "waitlisted") return texts.waitlisted(mine.waitlistPosition ?? 1);
  if (mine.status === "pending") return texts.pending(team);
  return mine.teamName ? texts.teamRegistered(team) : texts.registered;
}

function MyRegistrationView({ mine, ticketHref }: { mine: MyRegistration; ticketHref: string }) {
  const captain = mine.people[0];
  return (
    <div className="flex flex-col gap-3">
      <p className="font-semibold text-navy-900">{statusLine(mine)}</p>
      {mine.status === "confirmed" && mine.confirmedByMe && (
        <p>
          <Link to={ticketHref} className="btn-accent">
            {ticketTexts.link}
          </Link>
        </p>
      )}
      {mine.teamName && (
        <ul className="flex flex-col gap-1" aria-label={`Team ${mine.teamName}`}>
          {mine.people.map((person) => (
            <li key={person.attendeeId} className="flex flex-wrap justify-between gap-x-4 text-slate-800">
              <span className="break-all">{person.name}</span>
              <span className="text-sm text-slate-600">{person.confirmed ? "Confirmed" : "Not confirmed yet"}</span>
            </li>
          ))}
        </ul>
      )}
      {!mine.confirmedByMe && (
        <Form method="post" preventScrollReset className="flex flex-col gap-2">
          <p>{texts.invited(mine.teamName ?? "", captain?.name ?? "")}</p>
          <input type="hidden" name="intent" value="confirm-team" />
          <button type="submit" className="btn-navy self-start">
            {texts.confirmTeam}
          </button>
        </Form>
      )}
      {mine.isCaptain && mine.mayCancel && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="registrationId" value={mine.id} />
          <button type="submit" className="btn border border-red-700 text-red-800 hover:bg-red-50">
            {mine.teamName ? texts.cancelTeam : texts.cancel}
          </button>
        </Form>
      )}
      {mine.isCaptain && !mine.mayCancel && <p className="text-sm text-slate-700">{texts.cancelDeadlinePassed}</p>}
      {!mine.isCaptain && mine.confirmedByMe && (
        <p className="text-sm text-slate-700">{texts.askCaptain(captain?.name ?? "")}</p>
      )}
    </div>
  );
}
