import type { MessageKey } from "../i18n/catalogs";
import { formDateTime } from "../lib/zoned-time";
import type { CellText, ColumnDef } from "./collection";
import { type PublishingState, publishingCell } from "./publishing";

// An item's publishing state as the dashboard shows it, in the page's language (publishing.ts holds
// the rules and the badge's tone). Relative imports: routes.ts loads the collections outside the build.

/** The lists' Status column: Draft, Scheduled for …, Published. */
export function statusColumn<Row extends PublishingState>(): ColumnDef<Row> {
  return {
    header: "dashboard.column.status",
    cell: (row, text) => ({ ...publishingCell(row), text: statusText(row, text) }),
  };
}

const STATUS_KEYS: Record<string, MessageKey> = {
  published: "dashboard.status.published",
  draft: "dashboard.status.draft",
  scheduled: "dashboard.status.scheduled",
  pending: "dashboard.status.pending",
  cancelled: "dashboard.status.cancelled",
};

/** "Scheduled for 24 November 2026, 10:00 AM", "Draft", "Published", in the page's language. */
export function statusText(row: PublishingState, { t, format, timeZone }: CellText): string {
  const status = row.status ?? "published";
  if (status === "scheduled" && row.publish_at) {
    const [date = "", time = ""] = formDateTime(row.publish_at, timeZone).split("T");
    return t("dashboard.status.scheduledFor", { date: format.date(date), time: format.time(time) });
  }
  const key = STATUS_KEYS[status];
  return key ? t(key) : status;
}
