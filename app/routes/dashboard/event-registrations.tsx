import { data, Form, Link, useNavigation } from "react-router";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { DataTable, type TableColumn } from "~/components/data-table";
import { DomjudgeExportLinks } from "~/components/domjudge-export-links";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { eventPagePath } from "~/content/events";
import { recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { mailingContextOf } from "~/core/mail.server";
import { readClubTimeZone } from "~/core/settings.server";
import { findUserByEmail } from "~/features/accounts/users.server";
import { eventOfAdminScreen } from "~/features/events/events.server";
import {
  cancelAndTell,
  mailEveryoneRegistered,
  moveUpAndTell,
  registerAndTell,
} from "~/features/events/registration-mails.server";
import type { RegistrationSummary } from "~/features/events/registrations";
import {
  countPlaces,
  eventMessageInput,
  listRegistrations,
  registrantInput,
} from "~/features/events/registrations.server";
import { sayMessage } from "~/i18n/message.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useT } from "~/i18n/react";
import { fieldErrors } from "~/lib/field-errors";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { formValues, invalidForm } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/event-registrations";

/** One event's registrations for admins: the list, adding and removing people, the waitlist, mail, CSV. */
export const handle: RouteHandle = { hydrate: true };

export function meta(args: Route.MetaArgs) {
  const event = args.loaderData?.event;
  return privatePageMeta(args, (t) =>
    event ? t("tools.registrations.heading", { event: event.name }) : t("tools.registrations.title"),
  );
}

const moveUpQuestion = (t: Translate, name: string) => ({
  title: t("tools.registrations.moveUpTitle"),
  description: t("tools.registrations.moveUpDescription", { name }),
});

const removeQuestion = (t: Translate, name: string) => ({
  title: t("tools.registrations.removeTitle"),
  description: t("tools.registrations.removeDescription", { name }),
});

const mailQuestion = (t: Translate) => ({
  title: t("tools.registrations.mailTitle"),
  description: t("tools.registrations.mailDescription"),
});

export const loader = screenLoader(async ({ context, params }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const event = await eventOfAdminScreen(app.db, params.id);
  const [registrations, places] = await Promise.all([listRegistrations(app.db, event._id), countPlaces(app.db, event)]);
  return { event, registrations, places };
});

type RegistrationsIntent = IntentContext<Route.ActionArgs>;

/** The screen's event: a 404 when it is gone, as on the loader. */
const eventOfIntent = async ({ args, app }: RegistrationsIntent) => ({
  ok: true as const,
  data: await eventOfAdminScreen(app.db, args.params.id),
});

/** Move a waitlisted registration up, or remove one, each after a Yes; its people hear of it by mail. */
function rowIntent(movingUp: boolean) {
  return intent({
    what: movingUp ? "messages.action.moveUpRegistration" : "messages.action.removeRegistration",
    input: eventOfIntent,
    confirm: ({ form, t }) => {
      const { id, name } = rowOf(form);
      const question = movingUp ? moveUpQuestion(t, name) : removeQuestion(t, name);
      return { question: { ...question, hidden: { intent: String(form.get("intent") ?? ""), id, name } } };
    },
    run: async ({ form, app, user, actor, t, locale }) => {
      const { id, name } = rowOf(form);
      const mailing = await mailingContextOf(app, locale);
      const outcome = movingUp
        ? await moveUpAndTell(mailing, id, actor)
        : await cancelAndTell(
            mailing,
            { registrationId: id, by: user, now: new Date(), timeZone: await readClubTimeZone(app) },
            actor,
          );
      if (!outcome.ok) {
        return data<ActionResult>({ tone: "error", message: sayMessage(outcome.message, locale) }, outcome.status);
      }
      const message = movingUp
        ? t("tools.registrations.movedUp", { name })
        : t("tools.registrations.removed", { name });
      return data<ActionResult>({ tone: "success", message });
    },
  });
}

const rowOf = (form: FormData) => ({ id: String(form.get("id") ?? ""), name: String(form.get("name") ?? "") });

export const action = dashboardAction({
  add: intent({
    what: "messages.action.addRegistration",
    input: async (context: RegistrationsIntent) => {
      const { data: event } = await eventOfIntent(context);
      const values = formValues(context.form, ["email", "team_name", "members"]);
      const parsed = registrantInput.safeParse(values);
      if (!parsed.success) return { ok: false, answer: invalidForm(values, fieldErrors(parsed.error), context.locale) };
      return { ok: true, data: { event, registrant: parsed.data, values } };
    },
    run: async ({ app, actor, t, locale }, { event, registrant, values }) => {
      const { email, team_name, members } = registrant;
      const mailing = await mailingContextOf(app, locale);
      const account = await findUserByEmail(mailing.db, email);
      const registered = await registerAndTell(
        mailing,
        {
          eventId: event._id,
          registrant: { id: account?._id ?? null, email: account?.email ?? email },
          input: { team_name, members },
          now: new Date(),
          timeZone: await readClubTimeZone(app),
          byAdmin: true,
        },
        actor,
      );
      if (!registered.ok) {
        const message = sayMessage(registered.message, locale);
        const errors = { [registered.field ?? "email"]: message };
        return data<ActionResult>({ tone: "error", message, errors, values }, registered.status);
      }
      const message =
        registered.status === "waitlisted"
          ? t("tools.registrations.addedWaitlisted", { email })
          : t("tools.registrations.added", { email });
      return data<ActionResult>({ tone: "success", message, saved: true });
    },
  }),
  mail: intent({
    what: "messages.action.mailRegistered",
    input: async (context: RegistrationsIntent) => {
      const { data: event } = await eventOfIntent(context);
      const values = formValues(context.form, ["subject", "body", "withWaitlist"]);
      const parsed = eventMessageInput.safeParse(values);
      if (!parsed.success) return { ok: false, answer: invalidForm(values, fieldErrors(parsed.error), context.locale) };
      return { ok: true, data: { event, mail: parsed.data }, values };
    },
    confirm: ({ t }) => ({ question: mailQuestion(t) }),
    run: async ({ app, actor, t, locale }, { event, mail }) => {
      const mailing = await mailingContextOf(app, locale);
      const sent = await mailEveryoneRegistered(mailing, event, mail);
      const label = `${mail.subject} to ${sent} people of ${event.name}`;
      await recordAudit(mailing.db, actor, { action: "create", entity: "event-mails", entityId: event._id, label });
      return data<ActionResult>({
        tone: "success",
        message: t("tools.registrations.mailed", { count: sent }),
        saved: true,
      });
    },
  }),
  "move-up": rowIntent(true),
  remove: rowIntent(false),
  [DEFAULT_INTENT]: rowIntent(false),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

type Row = RegistrationSummary & { _id: string };

const titleOf = (row: RegistrationSummary) => row.teamName ?? row.people[0]?.name ?? "";

function personLine(t: Translate, person: RegistrationSummary["people"][number]): string {
  const facts = [
    person.email,
    person.batch === null ? "" : t("tools.registrations.personBatch", { batch: person.batch }),
  ];
  if (!person.confirmed) facts.push(t("tools.registrations.personUnconfirmed"));
  if (person.checkedInAt) facts.push(t("tools.registrations.personCheckedIn"));
  return `${person.name}: ${facts.filter(Boolean).join(", ")}`;
}

function columnsOf(t: Translate): TableColumn<Row>[] {
  return [
    { header: t("tools.registrations.colTitle"), cell: (row) => ({ kind: "text", text: titleOf(row) }) },
    {
      header: t("tools.registrations.colPeople"),
      cell: (row) => ({ kind: "lines", lines: row.people.map((person) => personLine(t, person)) }),
    },
    {
      header: t("tools.registrations.colStatus"),
      cell: (row) => ({
        kind: "text",
        text:
          row.status === "waitlisted"
            ? t("tools.registrations.waitlistPosition", { position: row.waitlistPosition })
            : t(`tools.registrations.status.${row.status}`),
      }),
    },
  ];
}

function placesText(t: Translate, places: Route.ComponentProps["loaderData"]["places"]): string {
  const { taken, capacity, waiting } = places;
  return capacity === null
    ? t("tools.registrations.placesOpen", { taken, waiting })
    : t("tools.registrations.placesCapped", { taken, capacity, waiting });
}

export default function EventRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const { event, registrations, places } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit({
    asked: actionData?.confirm,
    // The mail's question is about the mail form's fields; a row's question carries its own.
    askedFormId: actionData?.values?.subject !== undefined ? "mail-form" : undefined,
  });
  const pendingIntent = String(confirmed.pending?.get("intent") ?? "");
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const pendingQuestion =
    pendingIntent === "mail"
      ? mailQuestion(t)
      : pendingIntent === "move-up"
        ? moveUpQuestion(t, pendingName)
        : removeQuestion(t, pendingName);
  const intentOfAnswer = actionData?.values ? ("subject" in actionData.values ? "mail" : "add") : null;
  const valuesFor = (intent: string) =>
    actionData?.saved || intentOfAnswer !== intent ? {} : (actionData?.values ?? {});
  const errorsFor = (intent: string) => (intentOfAnswer === intent ? (actionData?.errors ?? {}) : {});
  const rows: Row[] = registrations.map((row) => ({ ...row, _id: row.id }));
  const isTeamEvent = event.team_size_max > 1;
  return (
    <section className="flex flex-col gap-4">
      <p>
        <Link to="/dashboard/all-events" className="text-sm font-medium text-navy-700 underline">
          {t("tools.registrations.allEvents")}
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.registrations.heading", { event: event.name })}</h1>
      <p className="text-slate-700">
        {placesText(t, places)}{" "}
        <a href={eventPagePath(event)} className="font-medium text-navy-700 underline">
          {t("tools.registrations.eventPage")}
        </a>
      </p>
      <p className="flex flex-wrap gap-2">
        <Link to={`/dashboard/events/${event._id}/check-in`} className="btn-navy">
          {t("tools.registrations.checkIn")}
        </Link>
        <Link to={`/dashboard/events/${event._id}/certificates`} className="btn border border-slate-300">
          {t("tools.registrations.certificates")}
        </Link>
        <a href={`/dashboard/events/${event._id}/registrations.csv`} className="btn border border-slate-300" download>
          {t("tools.registrations.download")}
        </a>
        <DomjudgeExportLinks eventId={event._id} />
      </p>
      <FeedbackMessage
        feedback={
          actionData?.tone && actionData.message
            ? { tone: actionData.tone, message: actionData.message }
            : confirmed.feedback
        }
      />
      <Confirmation confirmed={confirmed} question={pendingQuestion} />
      {(confirmed.busy || navigation.state !== "idle") && <Spinner />}
      <DataTable
        caption={t("tools.registrations.tableCaption")}
        columns={columnsOf(t)}
        rows={rows}
        empty={t("tools.registrations.empty")}
        actions={(row: Row) =>
          row.status === "cancelled" ? null : (
            <>
              {row.status === "waitlisted" && (
                <ConfirmedForm confirmed={confirmed}>
                  <input type="hidden" name="intent" value="move-up" />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="name" value={titleOf(row)} />
                  <button
                    type="submit"
                    className="btn-navy"
                    aria-label={t("tools.registrations.moveUpNamed", { name: titleOf(row) })}
                  >
                    {t("tools.registrations.moveUp")}
                  </button>
                </ConfirmedForm>
              )}
              <ConfirmedForm confirmed={confirmed}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={row.id} />
                <input type="hidden" name="name" value={titleOf(row)} />
                <button
                  type="submit"
                  className="btn-danger"
                  aria-label={t("tools.registrations.removeNamed", { name: titleOf(row) })}
                >
                  {t("tools.registrations.remove")}
                </button>
              </ConfirmedForm>
            </>
          )
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Form
          method="post"
          noValidate
          className="card flex flex-col gap-4 p-6"
          key={actionData?.saved ? "added" : "add"}
        >
          <h2 className="text-lg font-bold text-navy-900">{t("tools.registrations.addHeading")}</h2>
          <input type="hidden" name="intent" value="add" />
          <TextField
            label={t("tools.registrations.addEmail")}
            name="email"
            type="email"
            required
            defaultValue={valuesFor("add").email}
            error={errorsFor("add").email}
          />
          {isTeamEvent && (
            <>
              <TextField
                label={t("tools.registrations.teamName")}
                name="team_name"
                defaultValue={valuesFor("add").team_name}
                error={errorsFor("add").team_name}
              />
              <TextField
                label={t("tools.registrations.addTeammates")}
                name="members"
                defaultValue={valuesFor("add").members}
                error={errorsFor("add").members}
              />
            </>
          )}
          <button type="submit" className="btn-navy self-start">
            {t("tools.registrations.add")}
          </button>
        </Form>
        <ConfirmedForm
          confirmed={confirmed}
          checkFirst
          id="mail-form"
          noValidate
          className="card flex flex-col gap-4 p-6"
          key={actionData?.saved ? "mailed" : "mail"}
        >
          <h2 className="text-lg font-bold text-navy-900">{t("tools.registrations.mailHeading")}</h2>
          <input type="hidden" name="intent" value="mail" />
          <TextField
            label={t("tools.registrations.subject")}
            name="subject"
            required
            maxLength={200}
            defaultValue={valuesFor("mail").subject}
            error={errorsFor("mail").subject}
          />
          <MessageField defaultValue={valuesFor("mail").body} error={errorsFor("mail").body} />
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              name="withWaitlist"
              value="yes"
              defaultChecked={valuesFor("mail").withWaitlist === "yes"}
              className="size-5"
            />
            {t("tools.registrations.withWaitlist")}
          </label>
          <button type="submit" className="btn-navy self-start">
            {t("tools.registrations.send")}
          </button>
        </ConfirmedForm>
      </div>
    </section>
  );
}

function MessageField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="mail-body" className="text-sm font-medium text-slate-800">
        {t("tools.registrations.message")}
      </label>
      <textarea
        id="mail-body"
        name="body"
        rows={5}
        maxLength={5000}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "mail-body-error" : undefined}
        className="rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-navy-700"
      />
      {error && (
        <p id="mail-body-error" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
