import { useT } from "~/i18n/react";

/** The zips' addresses (app/routes.ts). */
export const domjudgeZipPath = (eventId?: string) =>
  eventId ? `/dashboard/events/${eventId}/domjudge.zip` : "/dashboard/domjudge.zip";

/**
 * The download of DOMjudge's import files: an event's confirmed registrations with `eventId`,
 * else the Students page's members. Phrasing content only, so it fits a row of buttons in a <p>.
 */
export function DomjudgeExportLinks({ eventId }: { eventId?: string }) {
  const t = useT();
  const noteId = eventId ? `domjudge-note-${eventId}` : "domjudge-note-roster";
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <a href={domjudgeZipPath(eventId)} className="btn border border-slate-300" aria-describedby={noteId} download>
        {t("tools.domjudge.download")}
      </a>
      <span id={noteId} className="text-sm text-slate-600">
        {eventId ? t("tools.domjudge.eventNote") : t("tools.domjudge.rosterNote")} {t("tools.domjudge.passwords")}
      </span>
    </span>
  );
}
