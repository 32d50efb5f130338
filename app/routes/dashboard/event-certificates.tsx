import { data, Link, useNavigation } from "react-router";
import { Alert } from "~/components/alert";
import { Confirmation, ConfirmedForm } from "~/components/confirmed-form";
import { DataTable, type TableColumn } from "~/components/data-table";
import { FeedbackMessage } from "~/components/feedback";
import { Spinner } from "~/components/spinner";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { useConfirmedSubmit } from "~/components/use-confirmed-submit";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { type Certificate, certificatePath, certificatePdfPath } from "~/features/events/certificates";
import {
  auditCertificates,
  certificatesOfEvent,
  countWaitingForCertificates,
  issueCertificates,
  whyNoCertificatesYet,
} from "~/features/events/certificates.server";
import { eventOfAdminScreen } from "~/features/events/events.server";
import { privatePageMeta } from "~/i18n/meta";
import { type Translate, useFormat, useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { ActionResult } from "~/lib/form-actions";
import { keepFormOnFailure, keepPageAfterUnsentForm } from "~/lib/form-actions";
import type { RouteHandle } from "~/lib/route-handle";
import {
  DEFAULT_INTENT,
  dashboardAction,
  type IntentContext,
  intent,
  screenLoader,
} from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/event-certificates";

/** One event's certificates for admins: the list, and issuing them to everyone checked in. */
export const handle: RouteHandle = { hydrate: true };

export function meta(args: Route.MetaArgs) {
  const event = args.loaderData?.event;
  return privatePageMeta(args, (t) =>
    event ? t("tools.certificates.heading", { event: event.name }) : t("tools.certificates.title"),
  );
}

const issueQuestion = (t: Translate) => ({
  title: t("tools.certificates.issueTitle"),
  description: t("tools.certificates.issueDescription"),
});

export const loader = screenLoader(async ({ request, context, params }: Route.LoaderArgs) => {
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
    notYet: whyNoCertificatesYet(event, new Date(), await readClubTimeZone(app), translatorFor(request)) ?? null,
  };
});

export const action = dashboardAction({
  [DEFAULT_INTENT]: intent({
    what: "messages.action.issueCertificates",
    input: async ({ args, app }: IntentContext<Route.ActionArgs>) => ({
      ok: true,
      data: await eventOfAdminScreen(app.db, args.params.id),
    }),
    confirm: ({ t }) => ({ question: issueQuestion(t) }),
    run: async ({ args, app, actor, t }, event) => {
      const outcome = await issueCertificates(app.db, event._id, new Date(), translatorFor(args.request));
      if (!outcome.ok) return data<ActionResult>({ tone: "error", message: outcome.message }, outcome.status);
      await auditCertificates(app.db, actor, event, outcome.issued);
      const message = t("tools.certificates.issued", { issued: outcome.issued, total: outcome.total });
      return data<ActionResult>({ tone: "success", message });
    },
  }),
});

export const clientAction = keepFormOnFailure;
export const shouldRevalidate = keepPageAfterUnsentForm;

type Row = Certificate & { _id: string };

export default function EventCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { event, certificates, waiting, notYet } = loaderData;
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const columns: TableColumn<Row>[] = [
    { header: t("tools.certificates.person"), cell: (row) => ({ kind: "text", text: row.personName }) },
    {
      header: t("tools.certificates.code"),
      cell: (row) => ({ kind: "link", href: certificatePath(row.code), text: row.code }),
    },
    {
      header: t("tools.certificates.issuedAt"),
      cell: (row) => ({ kind: "text", text: format.dateTime(row.issuedAt, timeZone) }),
    },
  ];
  const navigation = useNavigation();
  const confirmed = useConfirmedSubmit({ asked: actionData?.confirm });
  const rows: Row[] = certificates.map((certificate) => ({ ...certificate, _id: certificate.code }));
  const feedback =
    actionData?.tone && actionData.message
      ? { tone: actionData.tone, message: actionData.message }
      : confirmed.feedback;
  return (
    <section className="flex flex-col gap-4">
      <nav aria-label={t("tools.certificates.eventNav")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
        <Link to="/dashboard/all-events" className="text-navy-700 underline">
          {t("tools.certificates.allEvents")}
        </Link>
        <Link to={`/dashboard/events/${event._id}/registrations`} className="text-navy-700 underline">
          {t("tools.certificates.registrations")}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.certificates.heading", { event: event.name })}</h1>
      <p className="max-w-2xl text-slate-700">{t("tools.certificates.intro")}</p>
      <FeedbackMessage feedback={feedback} />
      <Confirmation confirmed={confirmed} question={issueQuestion(t)} />
      {(confirmed.busy || navigation.state !== "idle") && <Spinner />}
      {notYet ? (
        <Alert tone="info">{notYet}</Alert>
      ) : (
        <ConfirmedForm confirmed={confirmed} className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="submit" className="btn-navy">
            {t("tools.certificates.issue")}
          </button>
          <p className="text-slate-700">{t("tools.certificates.waiting", { count: waiting })}</p>
        </ConfirmedForm>
      )}
      <DataTable
        caption={t("tools.certificates.tableCaption")}
        columns={columns}
        rows={rows}
        empty={t("tools.certificates.empty")}
        actions={(row: Row) => (
          <a
            href={certificatePdfPath(row.code)}
            className="btn border border-slate-300"
            aria-label={t("tools.certificates.pdfOf", { name: row.personName })}
          >
            {t("tools.certificates.pdf")}
          </a>
        )}
      />
    </section>
  );
}
