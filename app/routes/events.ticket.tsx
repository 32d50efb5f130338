import { data, Link, redirect } from "react-router";
import { eventPagePath } from "~/content/events";
import { appContext } from "~/core/context";
import { getSessionUser } from "~/core/session.server";
import { findEventOfPage } from "~/features/events/events.server";
import { ticketQrSvg } from "~/features/events/ticket-image.server";
import { findMyTicket } from "~/features/events/tickets.server";
import { privatePageMeta } from "~/i18n/meta";
import { useFormat, useT } from "~/i18n/react";
import { loginPath } from "~/lib/redirect";
import type { Route } from "./+types/events.ticket";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "accounts.ticket.heading");
}

/** A person's own ticket: never kept by a cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** /events/{category}/{slug}/ticket: the signed-in person's ticket for the event, with its QR code. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const event = await findEventOfPage(app.db, params);
  if (!event) throw data(null, { status: 404 });
  const user = await getSessionUser(request, app);
  if (!user) throw redirect(loginPath(new URL(request.url).pathname));
  const ticket = await findMyTicket(app.db, { eventId: event._id, user, secret: app.secret });
  return { event, ticket: ticket ?? null, qrSvg: ticket ? await ticketQrSvg(ticket.code) : null };
}

export default function Ticket({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { event, ticket, qrSvg } = loaderData;
  const when = `${event.starts_on ? `${format.date(event.starts_on)}, ` : ""}${format.time(event.starts_at)}`;
  return (
    <article className="mx-auto flex max-w-md flex-col gap-4">
      <p>
        <Link to={eventPagePath(event)} className="text-sm font-medium text-navy-700 underline">
          {event.name}
        </Link>
      </p>
      <h2 className="text-2xl font-bold text-navy-900">{t("accounts.ticket.heading")}</h2>
      {!ticket || !qrSvg ? (
        <p className="text-slate-700">{t("accounts.ticket.none")}</p>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-xl border-2 border-navy-900 p-4 text-center">
          <p className="text-lg font-bold text-navy-900">{event.name}</p>
          <p className="text-slate-700">
            {when}
            {event.venue && ` · ${event.venue}`}
          </p>
          <div
            role="img"
            aria-label={t("accounts.ticket.qrLabel")}
            className="w-full max-w-64 [&>svg]:h-auto [&>svg]:w-full"
            // The SVG is drawn by the QR library from the code alone: no visitor's text is in it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-drawn QR code
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <p className="font-mono text-lg font-semibold tracking-wider text-navy-900">{ticket.code}</p>
          <p className="font-semibold text-slate-900">
            {ticket.name}
            {ticket.teamName && ` · ${ticket.teamName}`}
          </p>
          <p className="text-sm text-slate-700">{t("accounts.ticket.howTo")}</p>
        </div>
      )}
    </article>
  );
}
