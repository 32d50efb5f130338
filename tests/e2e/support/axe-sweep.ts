import type { Browser, Page } from "@playwright/test";
import { navigationLinks, panelLinks } from "~/content/site";
import type { Locale, Theme } from "~/i18n/locales";
import { dashboardScreens } from "~/wiring/dashboard-screens";
import { sitemapPaths } from "../../../scripts/bench/http";
import { logInAsAdmin } from "./accounts";
import { axeOn, expectNoAxeViolations } from "./dashboard";
import { expect, test } from "./fixtures";

/**
 * The rules whose outcome a theme can change: a theme changes colours, never the markup, so a
 * page already checked whole in the light theme is checked in the dark one for these alone.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export interface AxeSweep {
  lang: Locale;
  theme: Theme;
  /** The pages to check: listed, or found with the sweep's page (a sitemap read). */
  paths: readonly string[] | ((page: Page) => Promise<readonly string[]>);
  /** Signed in as the e2e admin (the dashboard's screens). */
  signedIn?: boolean;
  /** Only the colour rules: the pages' markup is checked whole by another sweep. */
  coloursOnly?: boolean;
  /** A file's own checks of each page, before axe runs. */
  check?: (page: Page, path: string) => Promise<void>;
}

/**
 * Every public page once per kind (one notice, one event…): pages of one kind share their
 * markup, and a kind is a route module: `/home` is the home page's other address, and the
 * events page draws every category's page too. The navigation's pages, the forms and search
 * are added to what the sitemap lists.
 */
export async function publicPagePaths(page: Page): Promise<string[]> {
  const paths = sitemapPaths(await (await page.request.get("/sitemap.xml")).text());
  const kinds = new Map<string, string>();
  for (const path of [...paths, ...[...navigationLinks, ...panelLinks].map((link) => link.to)]) {
    const kind = path
      .replace(/^\/home$/, "/")
      .replace(/^\/events\/[^/]+$/, "/events")
      .replace(/^\/(notice|details)\/.+$/, "/$1/*")
      .replace(/^\/events\/[^/]+\/[^/]+$/, "/events/*/*")
      .replace(/^\/(executive-panel-\d+|\d+-panel|panels\/.+)$/, "/panel");
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  const chosen = [...new Set([...kinds.values(), "/login", "/register", "/join", "/subscribe", "/notice-form"])];
  expect(chosen.length).toBeGreaterThan(15);
  return [...chosen, "/search?q=club"];
}

const menuScreens = dashboardScreens.filter((screen) => screen.menu || screen.path === "");
const dashboardPathOf = (screen: (typeof menuScreens)[number]) => `/dashboard${screen.path && `/${screen.path}`}`;

/** The dashboard's home and every screen its menu links to. */
export const dashboardMenuPaths: readonly string[] = menuScreens.map(dashboardPathOf);

/**
 * One menu screen per module that draws it: every collection's list is one screen's markup with
 * its own rows, as every add form is. The English dashboard is checked whole; a language or a
 * theme changes the text or the colours of a kind of screen, not per collection.
 */
export const dashboardPathsOnePerKind: readonly string[] = menuScreens
  .filter((screen, index) => menuScreens.findIndex((other) => other.file === screen.file) === index)
  .map(dashboardPathOf);

/**
 * A sweep's browser at 1280 px in the chosen language and theme. The device asks for the other
 * colour scheme, so what is checked is the visitor's choice winning over the device.
 */
async function openSweep(browser: Browser, baseURL: string, sweep: Omit<AxeSweep, "paths">) {
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
  return { context, page };
}

/** Pages a sweep has loaded once, in its language and theme. */
const loadedBySweep = new WeakSet<Page>();

interface AppRouter {
  navigate(to: string, options: { flushSync: boolean }): Promise<void>;
  state: { location: { pathname: string; search: string }; errors: unknown };
}

/**
 * Opens a page of a sweep. The dashboard is one app once loaded, and a person moves between its
 * screens without a page load; so does a signed-in sweep after its first screen (a load ran the
 * frame's scripts again: a quarter of the dashboard sweep's time). A visitor mostly arrives at a
 * public page from elsewhere, so each is loaded whole.
 */
async function visit(page: Page, path: string, sweep: Omit<AxeSweep, "paths">) {
  const inApp =
    sweep.signedIn &&
    loadedBySweep.has(page) &&
    (await page.evaluate(async (to) => {
      const router = (window as { __reactRouterDataRouter?: AppRouter }).__reactRouterDataRouter;
      if (!router) return undefined;
      // flushSync: the screen is drawn when navigate's promise settles.
      await router.navigate(to, { flushSync: true });
      const { pathname, search } = router.state.location;
      return { path: pathname + search, errors: router.state.errors };
    }, path));
  if (inApp) expect(inApp, path).toEqual({ path, errors: null });
  else expect((await page.goto(path))?.status(), path).toBe(200);
  loadedBySweep.add(page);
}

async function expectNoAxeViolationsOnPage(page: Page, path: string, sweep: Omit<AxeSweep, "paths">) {
  const { lang, theme } = sweep;
  await visit(page, path, sweep);
  await expect(page.locator("html"), path).toHaveAttribute("lang", lang);
  await expect(page.locator("html"), path).toHaveAttribute("data-theme", theme);
  await sweep.check?.(page, path);
  const what = `${path} (${lang}, ${theme})`;
  if (sweep.coloursOnly) {
    const results = await axeOn(page).withRules(COLOUR_RULES).analyze();
    expect(results.violations, `axe's colour rules on ${what}`).toEqual([]);
  } else {
    await expectNoAxeViolations(page, what);
  }
}

/**
 * axe on every page of a sweep found at run time (a sitemap read), in one test: its time
 * limit grows with the pages found, 20 s each (a page and its axe run took 3-12 s on two cores
 * at load 25-40).
 */
export async function expectNoAxeViolationsInSweep(browser: Browser, baseURL: string, sweep: AxeSweep) {
  const { context, page } = await openSweep(browser, baseURL, sweep);
  const paths = typeof sweep.paths === "function" ? await sweep.paths(page) : sweep.paths;
  test.setTimeout(30_000 + paths.length * 20_000);
  for (const path of paths) await expectNoAxeViolationsOnPage(page, path, sweep);
  await context.close();
}

/**
 * axe on a list of pages, one test each (each within the usual time limit, its time in the
 * report), all in one browser opened (and signed in) once for the file.
 */
export function describeAxeSweep(title: string, sweep: AxeSweep & { paths: readonly string[] }) {
  test.describe(title, () => {
    let opened: Awaited<ReturnType<typeof openSweep>> | undefined;
    test.beforeAll(async ({ browser, server }) => {
      opened = await openSweep(browser, server.baseUrl, sweep);
    });
    test.afterAll(async () => {
      await opened?.context.close();
    });
    for (const path of sweep.paths) {
      test(path, async () => {
        await expectNoAxeViolationsOnPage(opened!.page, path, sweep);
      });
    }
  });
}
