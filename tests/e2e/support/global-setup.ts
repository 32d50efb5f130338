import { execSync } from "node:child_process";
import fs from "node:fs";

/** Debian's packages the suite starts (./chromium): the headless build, and the whole browser for `--headed`. */
const BROWSERS = { chromium: "/usr/bin/chromium", "chromium-headless-shell": "/usr/bin/chromium-headless-shell" };

/**
 * Debian's Chromium is the browser; it is installed here when missing (never `playwright
 * install`). Each worker starts its own server (./fixtures.ts).
 */
export default function globalSetup() {
  const missing = Object.entries(BROWSERS)
    .filter(([, binary]) => !fs.existsSync(binary))
    .map(([name]) => name);
  if (missing.length === 0) return;
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
    stdio: "inherit",
  });
}
