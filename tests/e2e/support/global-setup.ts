import { execSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's Chromium is the browser; it is installed here when missing (never `playwright
 * install`). Each worker starts its own server (./fixtures.ts).
 */
export default function globalSetup() {
  if (fs.existsSync(CHROMIUM)) return;
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}
