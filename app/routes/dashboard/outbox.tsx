import { Link } from "react-router";
import { DataTable, type TableColumn } from "~/components/data-table";
import { PaginationNav } from "~/components/pagination-nav";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { listMails, type MailRow } from "~/domain/mail.server";
import { requireAdminPage } from "~/domain/session.server";
import { formatDateTime } from "~/lib/format";
import { pageNumberFrom } from "~/lib/pagination";
import type { Route } from "./+types/outbox";

export function meta() {
  return [{ title: outboxTexts.heading }, { name: "robots", content: "noindex" }];
}

export const outboxTexts = {
  heading: "Outbox",
  withSmtp: "Every mail the site has sent or is sending, newest first.",
  withoutSmtp:
    "No SMTP server is set (SMTP_URL), so mail is kept here instead of being sent: nothing is lost. Set SMTP_URL to send mail.",
  empty: "No mail yet.",
  status: { queued: "Waiting to be sent", sent: "Sent", outbox: "Kept here (no SMTP)" },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const app = context.get(appContext);
  const page = await listMails(app.db, { page: pageNumberFrom(new URL(request.url).searchParams) });
  return {
    smtp: Boolean(app.config.SMTP_URL),
    page: { ...page, items: page.items.map(({ html: _html, text: _text, ...mail }) => mail) },
  };
}

type MailListRow = Omit<MailRow, "html" | "text" | "createdAt" | "sentAt"> & { _id: string; createdAt: string | Date };

const columns: TableColumn<MailListRow>[] = [
  { header: "To", cell: (mail) => ({ kind: "text", text: mail.to }) },
  { header: "Subject", cell: (mail) => ({ kind: "text", text: mail.subject }) },
  {
    header: "Status",
    cell: (mail) => ({
      kind: "lines",
      lines: [outboxTexts.status[mail.status], mail.lastError ? `Last error: ${mail.lastError}` : ""],
    }),
  },
  { header: "Written", cell: (mail) => ({ kind: "text", text: formatDateTime(mail.createdAt, clubTimeZone) }) },
];

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { page, smtp } = loaderData;
  const rows = page.items.map((mail) => ({ ...mail, _id: mail.id }));
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{outboxTexts.heading}</h1>
      <p className="max-w-2xl text-slate-700">{smtp ? outboxTexts.withSmtp : outboxTexts.withoutSmtp}</p>
      <DataTable
        caption={outboxTexts.heading}
        columns={columns}
        rows={rows}
        empty={outboxTexts.empty}
        actions={(mail: MailListRow) => (
          <Link
            to={`/dashboard/outbox/${mail.id}`}
            className="btn border border-slate-300 text-navy-900"
            aria-label={`Read ${mail.subject} to ${mail.to}`}
          >
            Read
          </Link>
        )}
      />
      <PaginationNav
        page={page.page}
        pageCount={page.pageCount}
        hrefFor={(number) => `?page=${number}`}
        label="Outbox pages"
      />
    </section>
  );
}
