/**
 * `npm run dev`: the site from source with hot reload. The same Express app, middleware and
 * services as the production server (server/app.ts, server/services.ts), with React Router's
 * Vite dev server in place of the built files: a saved change reaches the browser without a
 * restart, and each request renders the code as it is now (no page cache). Runs on the
 * embedded database and demo content by default, like `npm start`.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { DatabaseLockedError } from "~/db/lock.server";
import { ConfigError, loadConfig } from "~/lib/config.server";
import { SOURCE_CHANGED_EVENT } from "~/lib/dev-reload";
import { createLogger } from "~/lib/logger.server";
import { createApp } from "../server/app";
import { printReady, startServices } from "../server/services";

const ROOT = path.resolve(import.meta.dirname, "..");
const SERVER_BUILD = "virtual:react-router/server-build";

async function main() {
  const startedAt = performance.now();
  if (fs.existsSync(path.join(ROOT, ".env"))) process.loadEnvFile(path.join(ROOT, ".env"));
  process.env.NODE_ENV = "development";
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const httpServer = http.createServer();
  const vite = await createViteServer({
    root: ROOT,
    appType: "custom",
    server: {
      middlewareMode: true,
      hmr: { server: httpServer },
      // The embedded database and uploads change with every write, and builds are not sources.
      watch: { ignored: [`${config.DATA_DIR}/**`, "**/build/**", "**/.build/**", "**/test-results*/**"] },
    },
  });
  const sources = path.join(ROOT, "app") + path.sep;
  vite.watcher.on("change", (file) => {
    if (!file.startsWith(sources)) return;
    vite.ws.send({ type: "custom", event: SOURCE_CHANGED_EVENT, data: { file: path.relative(ROOT, file) } });
  });
  const { services, demoAccounts, close } = await startServices({ config, log });
  const app = createApp({
    context: services,
    build: () => vite.ssrLoadModule(SERVER_BUILD) as Promise<ServerBuild>,
    files: { kind: "vite", middlewares: vite.middlewares },
  });
  httpServer.on("request", app);
  httpServer.listen(config.PORT, config.HOST, () => {
    log.info({ startupMs: Math.round(performance.now() - startedAt) }, "dev server listening");
    printReady(config.PORT, demoAccounts, "development: hot reload, no page cache");
  });

  const shutdown = async () => {
    httpServer.closeAllConnections();
    httpServer.close();
    await vite.close();
    await close();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
