/**
 * Restores a backup into an empty site: `npm run restore -- club.tar`. The target is what the
 * server's configuration names (.env, DATA_DIR or DATABASE_URL, S3_*): an empty data directory
 * or database. Afterwards start the site as usual.
 */
import fs from "node:fs";
import path from "node:path";
import { formatBytes } from "~/core/media.server";
import { loadConfig } from "~/lib/config.server";
import { restoreBackup } from "~/wiring/restore.server";
import { runCli } from "./support/run-cli";

/** This file runs bundled as `<release>/server/restore.js`; the build's start snapshot is beside it. */
const START_SNAPSHOT = path.resolve(import.meta.dirname, "..", "start-snapshot");

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run restore -- club-backup.tar");
    return 2;
  }
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const target = config.DATABASE_URL ? "the database of DATABASE_URL" : path.resolve(config.DATA_DIR);
  const summary = await restoreBackup(path.resolve(file), { config, snapshot: START_SNAPSHOT });
  const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    `Restored ${rows} rows of ${Object.keys(summary.tables).length} tables and ${summary.media.files} media files ` +
      `(${formatBytes(summary.media.bytes)}) from the backup of ${summary.manifest.createdAt} into ${target}.`,
  );
  if (summary.secretDiffers) {
    console.log(
      "\nThis site's secret is not the one the backup was made with: webhooks must be entered again, and " +
        "ticket codes and links in mails sent before no longer work. To keep them, set BETTER_AUTH_SECRET " +
        "to the old site's secret (or put its DATA_DIR/auth-secret file in place) before starting the site.",
    );
  }
  return 0;
}

runCli(main, "The restore failed");
