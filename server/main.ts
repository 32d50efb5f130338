import fs from "node:fs";
import http from "node:http";
import path from "node:path";
// React Router's build of the app, bundled into this file with the packages both use (scripts/build/server-bundle.ts).
import * as serverBuild from "virtual:react-router/server-build";
import { openDatabase } from "~/db/client.server";
import { DatabaseLockedError } from "~/db/lock.server";
import { seedDemoContentOnce } from "~/db/seed/seed.server";
import { createContentVersionReader } from "~/domain/content-version.server";
import { createDemoAdmin } from "~/domain/users.server";
import { createAuth } from "~/lib/auth.server";
import { ConfigError, loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/logger.server";
import { startMediaCollector } from "~/lib/media-collector.server";
import { createStorage } from "~/lib/storage/index.server";
import { uploadTempDir } from "~/lib/upload-stream.server";
import { createVersionedCache } from "~/lib/versioned-cache.server";
import { createApp } from "./app";
import { markReleaseInUse } from "./releases";

/** This file runs bundled as `<release>/server/main.js`, beside React Router's `index.js`. */
const RELEASE_DIR = path.resolve(import.meta.dirname, "..");
/** A migrated database and the demo content, made by the build (app/db/start-snapshot.server.ts). */
const START_SNAPSHOT = path.join(RELEASE_DIR, "start-snapshot");
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The last lines before the site is ready: its address and, on the first start, the demo
 * admin, whose random password is shown here once and stored nowhere in clear.
 */
function printReady(port: number, demoAdmin: { email: string; password: string } | null) {
  const lines = [`  Club website ready at http://localhost:${port}`];
  if (demoAdmin) {
    lines.push(
      "",
      "  Demo admin account (shown only this once, change the password on /dashboard/profile):",
      `    email:    ${demoAdmin.email}`,
      `    password: ${demoAdmin.password}`,
    );
  }
  console.log(`\n${lines.join("\n")}\n`);
}

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const startedAt = performance.now();

  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR, snapshot: START_SNAPSHOT },
  );
  log.info({ database: database.kind }, "database ready, migrations applied");
  if (database.postgres17Backup) {
    log.warn(
      { backup: database.postgres17Backup },
      "the embedded database was copied to PostgreSQL 18; the PostgreSQL 17 original is kept beside it and may be removed",
    );
  }
  const auth = createAuth({ db: database.db, config, log });
  const storage = await createStorage(config);
  let demoAdmin: { email: string; password: string } | null = null;
  if (config.SEED_DEMO) {
    const { seeded } = await seedDemoContentOnce({ db: database.db, storage, log, snapshot: START_SNAPSHOT });
    if (seeded) demoAdmin = await createDemoAdmin({ auth, db: database.db });
  }

  markReleaseInUse(RELEASE_DIR);
  const contentVersion = createContentVersionReader(database.db);
  const contentCache = createVersionedCache({ currentVersion: () => contentVersion.current() });
  const listener = createApp({
    context: { db: database.db, database, config, log, auth, storage, contentVersion, contentCache },
    build: serverBuild,
    clientDir: path.join(RELEASE_DIR, "client"),
  });

  const mediaCollector = startMediaCollector({
    db: database.db,
    storage,
    log,
    uploadTempDir: uploadTempDir(config.DATA_DIR),
  });

  const server = http.createServer(listener).listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    log.info({ port, startupMs: Math.round(performance.now() - startedAt) }, "server listening");
    printReady(port, demoAdmin);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      mediaCollector.stop();
      await database.close();
      log.info("shutdown complete");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
