import { Readable } from "node:stream";
import { actorOf, recordAudit } from "~/core/audit.server";
import { appContext } from "~/core/context";
import { readClubTimeZone } from "~/core/settings.server";
import { uploadTempDir } from "~/lib/upload-stream.server";
import { backupFileName, makeBackup } from "~/wiring/backup.server";
import { screenLoader } from "~/wiring/dashboard-screens.server";
import type { Route } from "./+types/backup-download";

/** `/dashboard/backup.tar`: the whole site as one archive, streamed (admins only). */
export const loader = screenLoader(async ({ request, context }: Route.LoaderArgs, user) => {
  const app = context.get(appContext);
  const backup = await makeBackup({
    db: app.db,
    storage: app.storage,
    secret: app.secret,
    tempDir: uploadTempDir(app.config.DATA_DIR),
  });
  await recordAudit(app.db, actorOf(request, user), {
    action: "backup",
    entity: "site",
    label: "Backup downloaded",
  });
  return new Response(Readable.toWeb(backup.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/x-tar",
      "Content-Disposition": `attachment; filename="${backupFileName(new Date(), await readClubTimeZone(app))}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
