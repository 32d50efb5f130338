import { data } from "react-router";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { findMail } from "~/domain/mail.server";
import { UUID_PATTERN } from "~/domain/recent-events";
import { requireAdminPage } from "~/domain/session.server";
import { formatDateTime } from "~/lib/format";
import type { Route } from "./+types/outbox-mail";
import { outboxTexts } from "./outbox";

export function meta() {
  return [{ title: "A mail" }, { name: "robots", content: "noindex" }];
}

/** One mail as its reader gets it (the plain-text part: the HTML part says the same in the club's look). */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const mail = UUID_PATTERN.test(params.id) ? await findMail(context.get(appContext).db, params.id) : undefined;
  if (!mail) throw data(null, 404);
  const { html: _html, ...rest } = mail;
  return { mail: rest };
}

export default function OutboxMail({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: "Dashboard", to: "/dashboard" },
          { label: "Outbox", to: "/dashboard/outbox" },
          { label: "Mail" },
        ]}
      />
      <h1 className="text-2xl font-bold break-words text-navy-900">{mail.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">To</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          {outboxTexts.status[mail.status]}
          {mail.lastError && ` (last error: ${mail.lastError})`}
        </dd>
        <dt className="font-semibold">Written</dt>
        <dd>{formatDateTime(mail.createdAt, clubTimeZone)}</dd>
      </dl>
      <pre className="card overflow-x-auto p-4 text-sm whitespace-pre-wrap break-words">{mail.text}</pre>
    </section>
  );
}
