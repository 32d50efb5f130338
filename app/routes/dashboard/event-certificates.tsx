import { data, Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmPanel } from "~/components/confirm-panel";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { accountTexts, dashboardTexts } from "~/content/accounts";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import {
  type Certificate,
  certificatePath,
  certificatePdfPath,
  certificateTexts as texts,
} from "~/domain/certificates";
import {
  auditCertificates,
  certificatesOfEvent,
  countWaitingForCertificates,
  issueCertificates,
  whyNoCertificatesYet,
} from "~/domain/certificates.server";
import { eventOfAdminScreen } from "~/domain/events.server";
import { requirePermissionPage } from "~/domain/session.server";
import type { ActionResult } from "~/lib/form-actions";
import { keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import { answerSafely, confirmation, readFormData } from "~/lib/form-actions.server";
import { formatDateTime } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/event-certificates";

/** One event's certificates for admins: the list, and issuing them to everyone checked in. */
export const handle: RouteHandle = { hydrate: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? texts.heading(loaderData.event.name) : "Certificates" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requirePermissionPage(context, "edit-content");
  const app = context.get(appContext);
  const event = await eventOfAdminScreen(app.db, params.id);
  const [certificates, waiting] = await Promise.all([
    certificatesOfEvent(app.db, event._id),
    countWaitingForCertificates(app.db, event._id),
  ]);
  return {
    event: { _id: event._id, name: event.name },
    certificates,
    waiting,
    notYet: whyNoCertificatesYet(event, new Date()) ?? null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = actorOf(request, requirePermissionPage(context, "edit-content"));
  const app = context.get(appContext);
  const event = await eventOfAdminScreen(app.db, params.id);
  const form = await readFormData(request);
  const unconfirmed = confirmation(form, texts.issueQuestion, dashboardTexts.notSaved);
  if (unconfirmed) return unconfirmed;
  return answerSafely(app.log, "issue the certificates", async () => {
    const outcome = await issueCertificates(app.db, event._id);
    if (!outcome.ok) return data<ActionResult>({ tone: "error", message: outcome.message }, outcome.status);
    await auditCertificates(app.db, actor, event, outcome.issued);
    return data<ActionResult>({ tone: "success", message: texts.issued(outcome.issued, outcome.total) });
  });
}

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

type Row = Certificate & { _id: string };

const columns: TableColumn<Row>[] = [
  { header: texts.person, cell: (row) => ({ kind: "text", text: row.personName }) },
  { header: texts.code, cell: (row) => ({ kind: "link", href: certificatePath(row.code), text: row.code }) },
  { header: texts.issuedAt, cell: (row) => ({ kind: "text", text: formatDateTime(row.issuedAt, clubTimeZone) }) },
];

export default function EventCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { event, certificates, waiting, notYet } = loaderData;
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit();
  const rows: Row[] = certificates.map((certificate) => ({ ...certificate, _id: certificate.code }));
  const feedback =
    actionData?.tone && actionData.message
      ? { tone: actionData.tone, message: actionData.message }
      : confirmed.feedback;
  return (
    <section className="flex flex-col gap-4">
      <nav aria-label="Event" className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
        <Link to="/dashboard/all-events" className="text-navy-700 underline">
          {texts.allEvents}
        </Link>
        <Link to={`/dashboard/events/${event._id}/registrations`} className="text-navy-700 underline">
          {texts.registrations}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-navy-900">{texts.heading(event.name)}</h1>
      <p className="max-w-2xl text-slate-700">{texts.intro}</p>
      <FeedbackMessage feedback={feedback} />
      {actionData?.confirm && <ConfirmPanel {...actionData.confirm} />}
      {(confirmed.busy || navigation.state !== "idle") && <Spinner label={accountTexts.loading} />}
      {notYet ? (
        <Alert tone="info">{notYet}</Alert>
      ) : (
        <Form method="post" onSubmit={confirmed.askFromEvent} className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="submit" className="btn-navy">
            {texts.issue}
          </button>
          <p className="text-slate-700">{texts.waiting(waiting)}</p>
        </Form>
      )}
      <DataTable
        caption={texts.tableCaption}
        columns={columns}
        rows={rows}
        empty={texts.empty}
        actions={(row: Row) => (
          <a
            href={certificatePdfPath(row.code)}
            className="btn border border-slate-300"
            aria-label={texts.pdfOf(row.personName)}
          >
            {texts.pdf}
          </a>
        )}
      />
      <ConfirmDialog
        open={confirmed.pending !== null}
        {...texts.issueQuestion}
        onYes={confirmed.yes}
        onNo={confirmed.no}
        onClosed={confirmed.dialogClosed}
      />
    </section>
  );
}
