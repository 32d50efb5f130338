import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import type { MessageKey } from "~/i18n/catalogs";
import { useT } from "~/i18n/react";
import { translatorFor } from "~/i18n/translate.server";
import type { RouteHandle } from "~/lib/route-handle";
import { lastBackupDownload } from "~/wiring/backup.server";
import { screenMeta } from "~/wiring/dashboard-screen-meta";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/backup";

/** One file with the whole site, to keep somewhere else and restore from (docs/decisions/020-backups.md). */
export const handle: RouteHandle = { hydrate: true };

export const meta = screenMeta;

const DOWNLOAD_PATH = "/dashboard/backup.tar";

/** Commands, the same in every language. */
const SCRIPT_COMMAND = 'curl -H "Authorization: Bearer club_…" -o club-backup.tar';
const RESTORE_COMMAND = "npm run restore -- club-backup.tar";

const HOLDS: readonly MessageKey[] = [
  "tools.backup.holds.content",
  "tools.backup.holds.settings",
  "tools.backup.holds.accounts",
  "tools.backup.holds.logs",
  "tools.backup.holds.uploads",
];

const LEAVES_OUT: readonly MessageKey[] = [
  "tools.backup.leavesOut.sessions",
  "tools.backup.leavesOut.google",
  "tools.backup.leavesOut.secret",
];

export const loader = screenLoader(async ({ request, context }: Route.LoaderArgs) => {
  const app = context.get(appContext);
  const timeZone = await readClubTimeZone(app);
  const last = await lastBackupDownload(app.db);
  const { format } = translatorFor(request);
  return {
    last: last && { at: format.dateTime(last.at, timeZone), by: last.by },
    downloadUrl: `${app.config.BASE_URL}${DOWNLOAD_PATH}`,
  };
});

function Bullets({ items }: { items: readonly MessageKey[] }) {
  const t = useT();
  return (
    <ul className="ml-5 list-disc space-y-1 text-slate-700">
      {items.map((item) => (
        <li key={item}>{t(item)}</li>
      ))}
    </ul>
  );
}

export default function Backup({ loaderData }: Route.ComponentProps) {
  const { last, downloadUrl } = loaderData;
  const t = useT();
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{t("tools.backup.heading")}</h1>
      <p className="text-slate-700">{t("tools.backup.intro")}</p>
      <div className="card flex flex-col items-start gap-3 p-6">
        <a href={DOWNLOAD_PATH} download className="btn-navy">
          {t("tools.backup.download")}
        </a>
        <p className="text-sm text-slate-600">
          {last ? t("tools.backup.lastDownload", { at: last.at, by: last.by }) : t("tools.backup.never")}
        </p>
        <p className="text-sm text-slate-700">{t("tools.backup.scripts")}</p>
        <code className="block w-full break-all rounded bg-slate-100 px-3 py-2 text-sm">
          {SCRIPT_COMMAND} {downloadUrl}
        </code>
      </div>
      <div className="card flex flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold text-navy-900">{t("tools.backup.holdsHeading")}</h2>
        <Bullets items={HOLDS} />
        <h2 className="text-lg font-semibold text-navy-900">{t("tools.backup.leavesOutHeading")}</h2>
        <Bullets items={LEAVES_OUT} />
      </div>
      <div className="card flex flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold text-navy-900">{t("tools.backup.restoreHeading")}</h2>
        <p className="text-slate-700">{t("tools.backup.restore")}</p>
        <code className="block break-all rounded bg-slate-100 px-3 py-2 text-sm">{RESTORE_COMMAND}</code>
        <p className="text-slate-700">{t("tools.backup.restoreAfter")}</p>
      </div>
    </section>
  );
}
