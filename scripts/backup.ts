/**
 * Writes a backup of the site to a file: `npm run backup -- club.tar` (default: a dated name
 * in the current directory). Uses the server's configuration (.env, DATABASE_URL or DATA_DIR,
 * S3_*). With the embedded database the server must be stopped first; a running site's admins
 * download the same archive from Dashboard › Backup.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { formatBytes } from "~/core/media.server";
import { clubTimeZoneIn } from "~/core/settings.server";
import { openDatabase } from "~/db/client.server";
import { authSecret } from "~/features/accounts/auth-settings.server";
import { loadConfig } from "~/lib/config.server";
import { createStorage } from "~/lib/storage/index.server";
import { uploadTempDir } from "~/lib/upload-stream.server";
import { backupFileName, makeBackup } from "~/wiring/backup.server";
import { runCli } from "./support/run-cli";

async function main(): Promise<number> {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  // Opening an embedded database that isn't there would make an empty one, and back that up.
  if (!config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, "pgdata"))) {
    console.error(`No site to back up in DATA_DIR (${path.resolve(config.DATA_DIR)}).`);
    return 1;
  }
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    const file = path.resolve(process.argv[2] ?? backupFileName(new Date(), await clubTimeZoneIn(database.db)));
    const backup = await makeBackup({
      db: database.db,
      storage: await createStorage(config),
      secret: authSecret(config),
      tempDir: uploadTempDir(config.DATA_DIR),
    });
    // Written aside and renamed: a backup that failed half-way never takes the file's name.
    const partial = `${file}.partial`;
    await pipeline(backup.stream, fs.createWriteStream(partial));
    await fsp.rename(partial, file);
    const { tables, media, missingMedia } = backup.summary;
    const rows = Object.values(tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `Backed up ${rows} rows of ${Object.keys(tables).length} tables and ${media.files} media files ` +
        `(${formatBytes(media.bytes)}) to ${file}`,
    );
    if (missingMedia.length > 0) {
      console.warn(`Not in the storage, so not in the backup: ${missingMedia.join(", ")}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main, "The backup failed");
