import { data } from "react-router";
import { Breadcrumbs } from "~/components/dashboard-frame";
import { useClubTimeZone } from "~/components/use-club-time-zone";
import { appContext } from "~/core/context";
import { UUID_PATTERN } from "~/core/ids";
import { findMail } from "~/core/mail.server";
import { useFormat, useT } from "~/i18n/react";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/outbox-mail";

export const meta = screenMeta;

/** One mail as its reader gets it (the plain-text part: the HTML part says the same in the club's look). */
export const loader = screenLoader(async ({ params, context }: Route.LoaderArgs) => {
  const mail = UUID_PATTERN.test(params.id) ? await findMail(context.get(appContext).db, params.id) : undefined;
  if (!mail) throw data(null, 404);
  const { html: _html, ...rest } = mail;
  return { mail: rest };
});

export default function OutboxMail({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  const t = useT();
  const format = useFormat();
  const timeZone = useClubTimeZone();
  const status = t(`tools.outbox.status.${mail.status}`);
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <Breadcrumbs
        crumbs={[
          { label: t("tools.outbox.crumbDashboard"), to: "/dashboard" },
          { label: t("tools.outbox.heading"), to: "/dashboard/outbox" },
          { label: t("tools.outbox.crumbMail") },
        ]}
      />
      <h1 className="text-2xl font-bold break-words text-navy-900">{mail.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t("tools.outbox.colTo")}</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="font-semibold">{t("tools.outbox.colStatus")}</dt>
        <dd>{mail.lastError ? t("tools.outbox.statusWithError", { status, error: mail.lastError }) : status}</dd>
        <dt className="font-semibold">{t("tools.outbox.colWritten")}</dt>
        <dd>{format.dateTime(mail.createdAt, timeZone)}</dd>
      </dl>
      <pre className="card overflow-x-auto p-4 text-sm whitespace-pre-wrap break-words">{mail.text}</pre>
    </section>
  );
}
