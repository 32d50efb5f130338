import { Link } from "react-router";
import { DataTable, type TableColumn } from "~/components/data-table";
import { PaginationNav } from "~/components/pagination-nav";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { appContext } from "~/core/context";
import { listMails, type MailRow } from "~/core/mail.server";
import { useFormat, useT } from "~/i18n/react";
import { pageNumberFrom } from "~/lib/pagination";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/outbox";

export const meta = screenMeta;

export const loader = screenLoader(async ({ request, context }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const page = await listMails(app.db, { page: pageNumberFrom(new URL(request.url).searchParams) });
  return {
    smtp: Boolean(app.config.SMTP_URL),
    page: { ...page, items: page.items.map(({ html: _html, text: _text, ...mail }) => mail) },
  };
});

type MailListRow = Omit<MailRow, "html" | "text" | "createdAt" | "sentAt"> & { _id: string; createdAt: string | Date };

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { page, smtp } = loaderData;
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const rows = page.items.map((mail) => ({ ...mail, _id: mail.id }));
  const columns: TableColumn<MailListRow>[] = [
    { header: t("tools.outbox.colTo"), cell: (mail) => ({ kind: "text", text: mail.to }) },
    { header: t("tools.outbox.colSubject"), cell: (mail) => ({ kind: "text", text: mail.subject }) },
    {
      header: t("tools.outbox.colStatus"),
      cell: (mail) => ({
        kind: "lines",
        lines: [
          t(`tools.outbox.status.${mail.status}`),
          mail.lastError ? t("tools.outbox.lastError", { error: mail.lastError }) : "",
        ],
      }),
    },
    {
      header: t("tools.outbox.colWritten"),
      cell: (mail) => ({ kind: "text", text: format.dateTime(mail.createdAt, timeZone) }),
    },
  ];
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.outbox.heading")}</h1>
      <p className="max-w-2xl text-slate-700">{smtp ? t("tools.outbox.withSmtp") : t("tools.outbox.withoutSmtp")}</p>
      <DataTable
        caption={t("tools.outbox.heading")}
        columns={columns}
        rows={rows}
        empty={t("tools.outbox.empty")}
        actions={(mail: MailListRow) => (
          <Link
            to={`/dashboard/outbox/${mail.id}`}
            className="btn border border-slate-300 text-navy-900"
            aria-label={t("tools.outbox.readNamed", { subject: mail.subject, to: mail.to })}
          >
            {t("tools.outbox.read")}
          </Link>
        )}
      />
      <PaginationNav
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={(number) => `?page=${number}`}
        label={t("tools.outbox.pages")}
      />
    </section>
  );
}
