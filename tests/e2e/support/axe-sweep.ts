import type { Browser, Page } from "@playwright/test";
import type { Locale, Theme } from "~/i18n/locales";
import { logInAsAdmin } from "./accounts";
import { expectNoAxeViolations } from "./dashboard";
import { expect } from "./fixtures";

export interface AxeSweep {
  lang: Locale;
  theme: Theme;
  /** The pages to check: listed, or found with the sweep's page (a sitemap read). */
  paths: readonly string[] | ((page: Page) => Promise<readonly string[]>);
  /** Signed in as the e2e admin (the dashboard's screens). */
  signedIn?: boolean;
  /** A file's own checks of each page, before axe runs. */
  check?: (page: Page, path: string) => Promise<void>;
}

/**
 * axe on every page of a sweep at 1280 px, each in the chosen language and theme. The
 * device asks for the other colour scheme, so what is checked is the visitor's choice
 * winning over the device.
 */
export async function expectNoAxeViolationsInSweep(browser: Browser, baseURL: string, sweep: AxeSweep) {
  const { lang, theme } = sweep;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    colorScheme: theme === "dark" ? "light" : "dark",
  });
  const choose = () =>
    context.addCookies([
      { name: "lang", value: lang, url: baseURL },
      { name: "theme", value: theme, url: baseURL },
    ]);
  await choose();
  const page = await context.newPage();
  if (sweep.signedIn) {
    // Signing in starts from a clean browser: the choice is made again after.
    await logInAsAdmin(page, baseURL);
    await choose();
  }
  const paths = typeof sweep.paths === "function" ? await sweep.paths(page) : sweep.paths;
  for (const path of paths) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    await expect(page.locator("html"), path).toHaveAttribute("lang", lang);
    await expect(page.locator("html"), path).toHaveAttribute("data-theme", theme);
    await sweep.check?.(page, path);
    await expectNoAxeViolations(page, `${path} (${lang}, ${theme})`);
  }
  await context.close();
}
