import { data, Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable, type TableColumn } from "~/components/data-table";
import { DomjudgeExportLinks } from "~/components/domjudge-export-links";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { TextField } from "~/components/text-field";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { eventPagePath } from "~/content/events";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { type Actor, actorOf, recordAudit } from "~/domain/audit.server";
import type { ApiEvent } from "~/domain/events";
import { eventOfAdminScreen } from "~/domain/events.server";
import { mailingContextOf } from "~/domain/mail.server";
import {
  cancelAndTell,
  mailEveryoneRegistered,
  moveUpAndTell,
  registerAndTell,
} from "~/domain/registration-mails.server";
import {
  REGISTRATION_STATUS_LABELS,
  type RegistrationSummary,
  registrationAdminTexts as texts,
} from "~/domain/registrations";
import { countPlaces, eventMessageInput, listRegistrations, registrantInput } from "~/domain/registrations.server";
import { requirePermissionPage } from "~/domain/session.server";
import { findUserByEmail } from "~/domain/users.server";
import { fieldErrors } from "~/lib/field-errors";
import { type ActionResult, keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, confirmation, formValues, invalidForm, readFormData } from "~/lib/form-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/event-registrations";

/** One event's registrations for admins: the list, adding and removing people, the waitlist, mail, CSV. */
export const handle: RouteHandle = { hydrate: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? texts.heading(loaderData.event.name) : "Registrations" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermissionPage(context, "check-in");
  const app = context.get(appContext);
  const event = await eventOfAdminScreen(app.db, params.id);
  const [registrations, places] = await Promise.all([listRegistrations(app.db, event._id), countPlaces(app.db, event)]);
  return { event, registrations, places };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requirePermissionPage(context, "edit-content");
  const actor = actorOf(request, admin);
  const app = context.get(appContext);
  const event = await eventOfAdminScreen(app.db, params.id);
  const form = await readFormData(request);
  const mailing = await mailingContextOf(app);
  const intent = String(form.get("intent") ?? "");
  if (intent === "add") return addRegistration(form, event, mailing, actor);
  if (intent === "mail") return mailEveryone(form, event, mailing, actor);
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "");
  const question = intent === "move-up" ? texts.moveUpQuestion(name) : texts.removeQuestion(name);
  const unconfirmed = confirmation(form, { ...question, hidden: { intent, id, name } }, dashboardTexts.notSaved);
  if (unconfirmed) return unconfirmed;
  return answerSafely(
    app.log,
    intent === "move-up" ? "move up the registration" : "remove the registration",
    async () => {
      const outcome =
        intent === "move-up"
          ? await moveUpAndTell(mailing, id, actor)
          : await cancelAndTell(
              mailing,
              { registrationId: id, by: admin, now: new Date(), timeZone: clubTimeZone },
              actor,
            );
      if (!outcome.ok) return data<ActionResult>({ tone: "error", message: outcome.message }, outcome.status);
      return data<ActionResult>({
        tone: "success",
        message: intent === "move-up" ? texts.movedUp(name) : texts.removed(name),
      });
    },
  );
}

type Mailing = Awaited<ReturnType<typeof mailingContextOf>>;

async function addRegistration(form: FormData, event: ApiEvent, mailing: Mailing, actor: Actor) {
  const values = formValues(form, ["email", "team_name", "members"]);
  const parsed = registrantInput.safeParse(values);
  if (!parsed.success) return invalidForm(values, fieldErrors(parsed.error));
  const { email, team_name, members } = parsed.data;
  const account = await findUserByEmail(mailing.db, email);
  const registered = await registerAndTell(
    mailing,
    {
      eventId: event._id,
      registrant: { id: account?._id ?? null, email: account?.email ?? email },
      input: { team_name, members },
      now: new Date(),
      timeZone: clubTimeZone,
      byAdmin: true,
    },
    actor,
  );
  if (!registered.ok) {
    const errors = { [registered.field ?? "email"]: registered.message };
    return data<ActionResult>({ tone: "error", message: registered.message, errors, values }, registered.status);
  }
  return data<ActionResult>({ tone: "success", message: texts.added(email, registered.status), saved: true });
}

async function mailEveryone(form: FormData, event: ApiEvent, mailing: Mailing, actor: Actor) {
  const values = formValues(form, ["subject", "body", "withWaitlist"]);
  const parsed = eventMessageInput.safeParse(values);
  if (!parsed.success) return invalidForm(values, fieldErrors(parsed.error));
  const unconfirmed = confirmation(form, texts.mailQuestion, dashboardTexts.notSaved, values);
  if (unconfirmed) return unconfirmed;
  const sent = await mailEveryoneRegistered(mailing, event, parsed.data);
  const label = `${parsed.data.subject} to ${sent} people of ${event.name}`;
  await recordAudit(mailing.db, actor, { action: "create", entity: "event-mails", entityId: event._id, label });
  return data<ActionResult>({ tone: "success", message: texts.mailed(sent), saved: true });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

type Row = RegistrationSummary & { _id: string };

const titleOf = (row: RegistrationSummary) => row.teamName ?? row.people[0]?.name ?? "";

function personLine(person: RegistrationSummary["people"][number]): string {
  const facts = [person.email, person.batch === null ? "" : `batch ${person.batch}`];
  if (!person.confirmed) facts.push("not confirmed yet");
  if (person.checkedInAt) facts.push("checked in");
  return `${person.name}: ${facts.filter(Boolean).join(", ")}`;
}

const columns: TableColumn<Row>[] = [
  { header: "Team or person", cell: (row) => ({ kind: "text", text: titleOf(row) }) },
  { header: "People", cell: (row) => ({ kind: "lines", lines: row.people.map(personLine) }) },
  {
    header: "Status",
    cell: (row) => ({
      kind: "text",
      text:
        row.status === "waitlisted"
          ? `${REGISTRATION_STATUS_LABELS.waitlisted} #${row.waitlistPosition}`
          : REGISTRATION_STATUS_LABELS[row.status],
    }),
  },
];

function placesText(places: Route.ComponentProps["loaderData"]["places"]): string {
  const taken =
    places.capacity === null ? `${places.taken} registered` : `${places.taken} of ${places.capacity} places taken`;
  return `${taken}, ${places.waiting} on the waitlist.`;
}

export default function EventRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const { event, registrations, places } = loaderData;
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit();
  const pendingIntent = String(confirmed.pending?.get("intent") ?? "");
  const pendingName = String(confirmed.pending?.get("name") ?? "");
  const pendingQuestion =
    pendingIntent === "mail"
      ? texts.mailQuestion
      : pendingIntent === "move-up"
        ? texts.moveUpQuestion(pendingName)
        : texts.removeQuestion(pendingName);
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
          All Events
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-navy-900">{texts.heading(event.name)}</h1>
      <p className="text-slate-700">
        {placesText(places)}{" "}
        <a href={eventPagePath(event)} className="font-medium text-navy-700 underline">
          {texts.eventPage}
        </a>
      </p>
      <p className="flex flex-wrap gap-2">
        <Link to={`/dashboard/events/${event._id}/check-in`} className="btn-navy">
          {texts.checkIn}
        </Link>
        <Link to={`/dashboard/events/${event._id}/certificates`} className="btn border border-slate-300">
          {texts.certificates}
        </Link>
        <a href={`/dashboard/events/${event._id}/registrations.csv`} className="btn border border-slate-300" download>
          {texts.download}
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
      {actionData?.confirm && (
        <ConfirmPanel
          {...actionData.confirm}
          formId={actionData.values?.subject !== undefined ? "mail-form" : undefined}
        />
      )}
      {(confirmed.busy || navigation.state !== "idle") && <Spinner label={accountTexts.loading} />}
      <DataTable
        caption={texts.tableCaption}
        columns={columns}
        rows={rows}
        empty={texts.empty}
        actions={(row: Row) =>
          row.status === "cancelled" ? null : (
            <>
              {row.status === "waitlisted" && (
                <Form method="post" onSubmit={confirmed.askFromEvent}>
                  <input type="hidden" name="intent" value="move-up" />
                  <input type="hidden" name="id" value={row.id} />
                  <input type="hidden" name="name" value={titleOf(row)} />
                  <button type="submit" className="btn-navy" aria-label={`Move ${titleOf(row)} off the waitlist`}>
                    {texts.moveUp}
                  </button>
                </Form>
              )}
              <Form method="post" onSubmit={confirmed.askFromEvent}>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={row.id} />
                <input type="hidden" name="name" value={titleOf(row)} />
                <button type="submit" className="btn-danger" aria-label={`Remove ${titleOf(row)}`}>
                  {texts.remove}
                </button>
              </Form>
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
          <h2 className="text-lg font-bold text-navy-900">{texts.addHeading}</h2>
          <input type="hidden" name="intent" value="add" />
          <TextField
            label={texts.addEmail}
            name="email"
            type="email"
            required
            defaultValue={valuesFor("add").email}
            error={errorsFor("add").email}
          />
          {isTeamEvent && (
            <>
              <TextField
                label="Team name"
                name="team_name"
                defaultValue={valuesFor("add").team_name}
                error={errorsFor("add").team_name}
              />
              <TextField
                label={texts.addTeammates}
                name="members"
                defaultValue={valuesFor("add").members}
                error={errorsFor("add").members}
              />
            </>
          )}
          <button type="submit" className="btn-navy self-start">
            {texts.add}
          </button>
        </Form>
        <Form
          id="mail-form"
          method="post"
          noValidate
          onSubmit={confirmed.check}
          className="card flex flex-col gap-4 p-6"
          key={actionData?.saved ? "mailed" : "mail"}
        >
          <h2 className="text-lg font-bold text-navy-900">{texts.mailHeading}</h2>
          <input type="hidden" name="intent" value="mail" />
          <TextField
            label="Subject"
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
            {texts.withWaitlist}
          </label>
          <button type="submit" className="btn-navy self-start">
            {texts.send}
          </button>
        </Form>
      </div>
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...pendingQuestion}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}

function MessageField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="mail-body" className="text-sm font-medium text-slate-800">
        Message
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
