/**
 * `npm start`: builds when a source changed since the last build, then runs the compiled
 * server. It refuses before building when another server holds the embedded database.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pgliteLockPath } from "~/db/client.server";
import { assertDirectoryUnlocked, DatabaseLockedError } from "~/db/lock.server";
import { ConfigError, loadConfig } from "~/lib/config.server";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from "../server/node-flags";
import { build, buildLink } from "./build/release-build";

const ROOT = path.resolve(import.meta.dirname, "..");

async function main(): Promise<number> {
  if (fs.existsSync(path.join(ROOT, ".env"))) process.loadEnvFile(path.join(ROOT, ".env"));
  const config = loadConfig();
  if (!config.DATABASE_URL) assertDirectoryUnlocked(pgliteLockPath(path.resolve(ROOT, config.DATA_DIR)));
  if ((await build({ ifChanged: true })) === "up to date") console.log("Build is up to date.");
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildLink(), "server/main.js")], {
    cwd: ROOT,
    env: { ...process.env, ...SERVER_ENVIRONMENT, NODE_ENV: "production" },
    stdio: "inherit",
  });
  // Ctrl-C reaches the server through the terminal's process group; a plain kill is passed on.
  process.on("SIGTERM", () => server.kill("SIGTERM"));
  process.on("SIGINT", () => {});
  return new Promise((resolve) => server.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError) console.error(`\n${error.message}\n`);
    else console.error(error);
    process.exit(1);
  },
);
