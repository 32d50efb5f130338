import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { actorOf } from "~/domain/audit.server";
import { EXPORT_MAX_ROWS } from "~/domain/crud.server";
import {
  applicationFilterQuery,
  applicationInput,
  apply,
  auditApplication,
  findRound,
  listApplications,
  noRoundMessage,
} from "~/domain/membership.server";
import { requirePermission, requireVerifiedUser } from "~/domain/session.server";
import { jsonError, jsonRead, parseJsonBody } from "~/lib/api.server";
import { todayIn } from "~/lib/format";
import type { Route } from "./+types/membership-applications";

/** `GET /api/membership-rounds/{id}/applications`: a round's applications, the oldest first (admins). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requirePermission(request, app, "edit-content");
  if (!(await findRound(app.db, params.id))) return jsonError(404, noRoundMessage);
  const query = applicationFilterQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const filters = query.success ? query.data : {};
  return jsonRead(app, "applications", async () => {
    const page = await listApplications(app.db, params.id, filters, 1, EXPORT_MAX_ROWS);
    return page.items;
  });
}

/** `POST /api/membership-rounds/{id}/applications`: the signed-in person applies in an open round. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return jsonError(405, "Use GET or POST.");
  const user = await requireVerifiedUser(request, app);
  const input = await parseJsonBody(request, applicationInput);
  const applied = await apply(app.db, user, params.id, input, todayIn(clubTimeZone));
  if (!applied.ok) return jsonError(applied.status, applied.message);
  await auditApplication(app.db, actorOf(request, user), applied.id, input.name);
  return Response.json({ acknowledged: true, insertedId: applied.id }, { status: 201 });
}
