import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { auditFilterOf, listAuditPage } from "~/domain/audit.server";
import { requireAdmin } from "~/domain/session.server";
import { jsonError } from "~/lib/api.server";
import type { Route } from "./+types/audit";

/** GET /api/audit?person=&entity=&action=&from=&to=&page= (admins): the audit log, newest first, 50 a page. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  await requireAdmin(request, app);
  const { filter, errors } = auditFilterOf(url.searchParams);
  if (Object.keys(errors).length) return jsonError(400, Object.values(errors)[0] ?? "Bad filter", errors);
  const { items, page, pageCount, total } = await listAuditPage(app.db, filter, clubTimeZone);
  return Response.json({ entries: items, page, pageCount, total }, { headers: { "Cache-Control": "no-store" } });
}

/** Nobody changes or removes an audit entry through the product. */
export function action() {
  return jsonError(405, "The audit log can only be read.");
}
