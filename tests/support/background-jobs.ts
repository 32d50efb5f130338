import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createContentVersionReader } from "~/core/content-version.server";
import type { MailingContext } from "~/core/mail.server";
import { loadConfig } from "~/lib/config.server";
import { createStorage } from "~/lib/storage/index.server";
import { uploadTempDir } from "~/lib/upload-stream.server";
import { createVersionedCache } from "~/lib/versioned-cache.server";
import { startBackgroundJobs } from "~/wiring/background-jobs.server";
import type { TestDatabase } from "./database";

/**
 * The site's real job queue on a test database, with the context the mailing functions take;
 * `env` adds configuration (an SMTP server, retry limits…). Without SMTP mail stays in the outbox.
 */
export async function startTestJobs(testDb: TestDatabase, env: Record<string, string> = {}) {
  const config = loadConfig({
    BASE_URL: "https://club.example.org",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "club-jobs-")),
    ...env,
  });
  const log = pino({ level: "silent" });
  const secret = "test-jobs-secret-".padEnd(40, "x");
  const background = await startBackgroundJobs({
    database: testDb.handle,
    config,
    log,
    secret,
    storage: await createStorage(config),
    uploadTempDir: uploadTempDir(config.DATA_DIR),
    // Read every time: tests change the settings straight in the database.
    settingsCache: createVersionedCache({ currentVersion: createContentVersionReader(testDb.db, 0).settings }),
  });
  const context: MailingContext = {
    db: testDb.db,
    config,
    log,
    jobs: background.jobs,
    secret,
    clubName: "RMSTU Programming Club",
  };
  return { background, context };
}
