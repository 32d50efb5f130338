import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContextOptions, test as base, type Page } from "@playwright/test";
import { type RunningServer, startServer } from "../../support/server";
import { E2E_ADMIN } from "./accounts";

export { expect } from "@playwright/test";

/**
 * Every Playwright worker runs its own server on its own data dir, started from the build's
 * seeded snapshot: workers run side by side and never see each other's writes. The listed
 * address is admin once registered (./accounts.ts); a worker signs in and submits from one
 * address, so the per-client limits are raised here (their own integration tests keep them low).
 */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const server = await startServer({
        ADMIN_EMAILS: E2E_ADMIN.email,
        AUTH_RATE_LIMIT_MAX: "10000",
        PUBLIC_FORM_RATE_LIMIT_MAX: "10000",
      });
      await use(server);
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseUrl),
});

/** The phone the site is made for first. */
export const PHONE = { width: 390, height: 844 } as const;

/** A browser of its own on a phone, without JavaScript: the site as it works before its script loads. */
export async function phoneWithoutScript(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE, ...options });
  return { context, page: await context.newPage() };
}

/**
 * A screenshot for a person to look at, in `SHOTS_DIR` when it is set (`SHOTS_DIR=/tmp/shots npx
 * playwright test`). No test reads one, and a whole page's picture costs the browser time on
 * every run, so none is taken otherwise.
 */
export async function screenshotToLookAt(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}
