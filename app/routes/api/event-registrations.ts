import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { mailingContextOf } from "~/domain/mail.server";
import { registerAndTell } from "~/domain/registration-mails.server";
import { registrationTexts } from "~/domain/registrations";
import {
  findVisibleEvent,
  listRegistrations,
  registrationInput,
  toApiRegistration,
} from "~/domain/registrations.server";
import { requirePermission, requireUser } from "~/domain/session.server";
import { jsonError, jsonRead, parseJsonBody } from "~/lib/api.server";
import type { Route } from "./+types/event-registrations";

/** `GET /api/events/{id}/registrations` (admins): every registration, in order of arrival, cancelled ones last. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requirePermission(request, app, "check-in");
  if (!(await findVisibleEvent(app.db, params.id))) return jsonError(404, registrationTexts.noEvent);
  return jsonRead(app, "registrations", async () =>
    (await listRegistrations(app.db, params.id)).map(toApiRegistration),
  );
}

/** `POST /api/events/{id}/registrations`: the signed-in person registers (with their team). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use GET or POST.");
  const user = await requireUser(request, app);
  const input = await parseJsonBody(request, registrationInput);
  const registered = await registerAndTell(
    await mailingContextOf(app),
    {
      eventId: params.id,
      registrant: { id: user.id, email: user.email },
      input,
      now: new Date(),
      timeZone: clubTimeZone,
    },
    actorOf(request, user),
  );
  if (!registered.ok) {
    return jsonError(
      registered.status,
      registered.message,
      registered.field && { [registered.field]: registered.message },
    );
  }
  const { registrationId, status, position } = registered;
  return Response.json({ registrationId, status, ...(position ? { position } : {}) }, { status: 201 });
}
