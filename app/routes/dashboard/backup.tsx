import { clubTimeZone } from "~/content/site";
import { appContext } from "~/context";
import { lastBackupDownload } from "~/domain/backup.server";
import { requireAdminPage } from "~/domain/session.server";
import { formatDateTime } from "~/lib/format";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/backup";

/** One file with the whole site, to keep somewhere else and restore from (docs/decisions/020-backups.md). */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: backupTexts.heading }, { name: "robots", content: "noindex" }];
}

const DOWNLOAD_PATH = "/dashboard/backup.tar";

const backupTexts = {
  heading: "Backup",
  intro:
    "One file with everything needed to bring the site back on a new server. Download it regularly and keep " +
    "copies somewhere other than this server.",
  download: "Download backup",
  holdsHeading: "What the file holds",
  holds: [
    "Every page's content: events, notices, results, standings, rankings, students, teachers, executive panels",
    "The site's settings, membership rounds, registrations, tickets and certificates",
    "Accounts and roles, with passwords only as the hashes the site keeps, and API tokens as hashes",
    "The audit log, email subscriptions, webhooks and the mail the site sent",
    "Every uploaded photo and PDF",
  ],
  leavesOutHeading: "What it leaves out",
  leavesOut: [
    "Sign-in sessions: everyone signs in again on a restored site",
    "Google sign-in's tokens, which the site asks Google for again at each sign-in",
    "The site's secret (BETTER_AUTH_SECRET, or the file DATA_DIR/auth-secret): keep a copy of it apart from the " +
      "backups, since webhooks, ticket codes and links in sent mails need it",
  ],
  restoreHeading: "Restoring",
  restore: "On the new server, with an empty data directory (or an empty database and bucket), run",
  restoreAfter:
    "then start the site. The file holds accounts and email addresses: store it as carefully as the server.",
  scripts: "A script can fetch the same file on a schedule with an API token (Scripts › API tokens):",
  scriptCommand: 'curl -H "Authorization: Bearer club_…" -o club-backup.tar',
  lastDownload: (at: string, by: string) => `Last downloaded ${at} by ${by}.`,
  never: "No backup has been downloaded from this screen yet.",
};

export async function loader({ context }: Route.LoaderArgs) {
  requireAdminPage(context);
  const app = context.get(appContext);
  const last = await lastBackupDownload(app.db);
  return {
    last: last && { at: formatDateTime(last.at, clubTimeZone), by: last.by },
    downloadUrl: `${app.config.BASE_URL}${DOWNLOAD_PATH}`,
  };
}

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className="ml-5 list-disc space-y-1 text-slate-700">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function Backup({ loaderData }: Route.ComponentProps) {
  const { last, downloadUrl } = loaderData;
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{backupTexts.heading}</h1>
      <p className="text-slate-700">{backupTexts.intro}</p>
      <div className="card flex flex-col items-start gap-3 p-6">
        <a href={DOWNLOAD_PATH} download className="btn-navy">
          {backupTexts.download}
        </a>
        <p className="text-sm text-slate-600">
          {last ? backupTexts.lastDownload(last.at, last.by) : backupTexts.never}
        </p>
        <p className="text-sm text-slate-700">{backupTexts.scripts}</p>
        <code className="block w-full break-all rounded bg-slate-100 px-3 py-2 text-sm">
          {backupTexts.scriptCommand} {downloadUrl}
        </code>
      </div>
      <div className="card flex flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold text-navy-900">{backupTexts.holdsHeading}</h2>
        <Bullets items={backupTexts.holds} />
        <h2 className="text-lg font-semibold text-navy-900">{backupTexts.leavesOutHeading}</h2>
        <Bullets items={backupTexts.leavesOut} />
      </div>
      <div className="card flex flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold text-navy-900">{backupTexts.restoreHeading}</h2>
        <p className="text-slate-700">{backupTexts.restore}</p>
        <code className="block break-all rounded bg-slate-100 px-3 py-2 text-sm">
          npm run restore -- club-backup.tar
        </code>
        <p className="text-slate-700">{backupTexts.restoreAfter}</p>
      </div>
    </section>
  );
}
