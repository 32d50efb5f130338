import fs from "node:fs";
import http from "node:http";
import path from "node:path";
// React Router's build of the app, bundled into this file with the packages both use (scripts/build/server-bundle.ts).
import * as serverBuild from "virtual:react-router/server-build";
import { DatabaseLockedError } from "~/db/lock.server";
import { ConfigError, loadConfig } from "~/lib/config.server";
import { createLogger, routeConsoleTo } from "~/lib/logger.server";
import { createApp } from "./app";
import { markReleaseInUse } from "./releases";
import { printReady, startServices } from "./services";

/** This file runs bundled as `<release>/server/main.js`, beside React Router's `index.js`. */
const RELEASE_DIR = path.resolve(import.meta.dirname, "..");
/** A migrated database and the demo content, made by the build (app/db/start-snapshot.server.ts). */
const START_SNAPSHOT = path.join(RELEASE_DIR, "start-snapshot");
const SHUTDOWN_GRACE_MS = 10_000;
const KEEP_ALIVE_MS = 65_000;

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  routeConsoleTo(log);
  const startedAt = performance.now();
  const { services, demoAccounts, close } = await startServices({ config, log, snapshot: START_SNAPSHOT });

  markReleaseInUse(RELEASE_DIR);
  const listener = createApp({
    context: services,
    build: serverBuild,
    files: { kind: "release", clientDir: path.join(RELEASE_DIR, "client") },
  });

  const server = http.createServer(listener).listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    log.info({ port, startupMs: Math.round(performance.now() - startedAt) }, "server listening");
    printReady(port, demoAccounts);
    compactAfterStart();
  });

  // Browsers, proxies and API clients reuse an idle connection for up to a minute; a server
  // that closes it first (Node's default is 5 s) races their next request into a reset.
  server.keepAliveTimeout = KEEP_ALIVE_MS;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await close();
      log.info("shutdown complete");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * Starting leaves garbage behind (migrations, module set-up, the job queue's first queries) and
 * V8 keeps the pages it grew into. Its memory reducer compacts them only after eight quiet
 * seconds; one thorough collection right after the first answer can go out (`--expose-gc`,
 * server/node-flags.ts) hands them back at once: 5 to 10 MB, for a pause of a few milliseconds.
 */
function compactAfterStart() {
  void globalThis.gc?.({ type: "major", execution: "async", flavor: "last-resort" });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    // For the person starting the server, as written (console.* may be the JSON log by now).
    process.stderr.write(`\n${error.message}\n\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
