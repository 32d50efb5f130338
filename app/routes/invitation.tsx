import { data, Form, Link } from "react-router";
import { Alert } from "~/components/alert";
import { PageHeader } from "~/components/page-header";
import { eventPagePath } from "~/content/events";
import { appContext } from "~/core/context";
import { mailingContextOf } from "~/core/mail.server";
import { readClubTimeZone } from "~/core/settings.server";
import { invitationOfToken } from "~/features/events/registration-mails.server";
import { registrationMessages } from "~/features/events/registrations";
import { findVisibleEvent } from "~/features/events/registrations.server";
import { declineAndTell } from "~/features/events/team-invitation-mails.server";
import { describeInvitation } from "~/features/events/team-invitations.server";
import type { Message } from "~/i18n/message";
import { sayMessage } from "~/i18n/message.server";
import { privatePageMeta } from "~/i18n/meta";
import { preferencesOf } from "~/i18n/preferences";
import { useT } from "~/i18n/react";
import { CLIENT_IP_HEADER } from "~/lib/client-ip.server";
import type { ActionResult } from "~/lib/form-actions";
import type { Route } from "./+types/invitation";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "accounts.invitation.title");
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * A team invitation's link from its mail. Opening it only shows the invitation (mail scanners
 * follow links); declining is the button, and needs no account: whoever holds the link is the
 * person it was mailed to.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const attendeeId = invitationOfToken(params.token, app.secret);
  if (!attendeeId) throw data(null, { status: 404 });
  const invitation = await describeInvitation(app.db, attendeeId);
  const event = invitation && (await findVisibleEvent(app.db, invitation.eventId));
  if (!invitation || !event) return { invitation: null };
  return {
    invitation: {
      email: invitation.email,
      team: invitation.teamName ?? "",
      eventName: event.name,
      eventHref: `${eventPagePath(event)}#registration`,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const attendeeId = invitationOfToken(params.token, app.secret);
  if (!attendeeId) throw data(null, { status: 404 });
  const invitation = await describeInvitation(app.db, attendeeId);
  const actor = { id: null, email: invitation?.email ?? "", ip: request.headers.get(CLIENT_IP_HEADER) ?? "" };
  const declined = await declineAndTell(
    await mailingContextOf(app),
    { invitation: { attendeeId }, now: new Date(), timeZone: await readClubTimeZone(app) },
    actor,
  );
  const say = (message: Message) => sayMessage(message, preferencesOf(request).locale);
  if (!declined.ok) return data<ActionResult>({ tone: "error", message: say(declined.message) }, declined.status);
  return data<ActionResult>({ tone: "success", message: say(registrationMessages.declined) });
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { invitation } = loaderData;
  return (
    <>
      <PageHeader title={t("accounts.invitation.title")} />
      <div className="container-page flex max-w-2xl flex-col gap-4 py-10">
        {actionData?.message ? (
          <Alert tone={actionData.tone ?? "info"}>{actionData.message}</Alert>
        ) : invitation ? (
          <div className="card flex flex-col gap-4 p-6">
            <p className="break-words">
              {t("accounts.invitation.intro", {
                email: invitation.email,
                team: invitation.team,
                event: invitation.eventName,
              })}
            </p>
            <p className="break-words">{t("accounts.invitation.acceptHint", { email: invitation.email })}</p>
            <p>
              <Link to={invitation.eventHref} className="btn-navy">
                {t("accounts.invitation.accept")}
              </Link>
            </p>
            <Form method="post" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
              <p>{t("accounts.invitation.declineHint")}</p>
              <button type="submit" className="btn-danger self-start">
                {t("accounts.invitation.decline")}
              </button>
            </Form>
          </div>
        ) : (
          <Alert tone="info">{t("accounts.invitation.gone")}</Alert>
        )}
      </div>
    </>
  );
}
