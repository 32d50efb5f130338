import { execSync } from "node:child_process";
import fs from "node:fs";
import { startServer } from "../../support/server";

const CHROMIUM = "/usr/bin/chromium";

/** Debian's Chromium is the browser; it is installed here when missing (never `playwright install`). */
function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

export default async function globalSetup() {
  ensureChromium();
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
