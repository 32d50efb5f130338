import { auditFilterOf, listAuditView } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { csvDownload, toCsv } from "~/lib/csv.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/audit-export";

const json = (value: unknown) => (value == null ? "" : JSON.stringify(value));

/** `/dashboard/audit.csv`: the audit log's current filters, every page of them. */
export const loader = screenLoader(async ({ context, url }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const entries = await listAuditView(app.db, auditFilterOf(url.searchParams).filter, await readClubTimeZone(app));
  const header = ["at", "person", "address", "action", "entity", "entity_id", "label", "before", "after"];
  const rows = entries.map((entry) => [
    entry.at,
    entry.actorEmail,
    entry.ip,
    entry.action,
    entry.entity,
    entry.entityId,
    entry.label,
    json(entry.before),
    json(entry.after),
  ]);
  return csvDownload("audit-log", toCsv(header, rows));
});
