import { execSync } from "node:child_process";
import fs from "node:fs";
import { startServer } from "../../support/server";
import { E2E_ADMIN } from "./accounts";

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
  // The listed address is admin once registered (see ./accounts.ts); the whole suite signs in
  // and submits from one address, so the per-client limits are raised here (their own
  // integration tests keep them low).
  const server = await startServer({
    ADMIN_EMAILS: E2E_ADMIN.email,
    AUTH_RATE_LIMIT_MAX: "10000",
    PUBLIC_FORM_RATE_LIMIT_MAX: "10000",
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
