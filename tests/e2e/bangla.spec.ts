import type { Browser, Page } from "@playwright/test";
import { dashboardMenu } from "~/content/dashboard-menu";
import { bn } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { expectNoAxeViolations, expectNoAxeViolationsWithoutScript } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

/**
 * Bangla on a 390 px phone without JavaScript: the switch, the navigation, dates, the login
 * form, the theme, and search for a Bangla notice by part of a word and a member by handle;
 * then axe on the Bangla pages in both themes (dark-mode.spec.ts checks the English ones).
 */
const BANGLA_NOTICE = "ভর্তি পরীক্ষার প্রস্তুতি ক্লাসের সময়সূচি";
/** The middle of প্রস্তুতি. */
const BANGLA_PART = "স্তুত";
const HANDLE_PART = "umaiya_rm";
const BANGLA_DIGITS = /[০-৯]/;

test.describe("Bangla on a phone", () => {
  let noticeId = "";

  test.beforeAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage();
    await logInAsAdmin(page, baseURL!);
    const added = await page.request.post("/api/add-notice", {
      headers: { Origin: baseURL! },
      data: {
        name: BANGLA_NOTICE,
        publishing_date: "2026-11-21",
        pdfFile: "https://example.org/routine.pdf",
        description: "প্রতি শুক্রবার সকাল দশটায় প্রস্তুতি ক্লাস।",
      },
    });
    expect(added.status()).toBe(201);
    noticeId = (await added.json()).insertedId;
    await page.close();
  });

  test.afterAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage();
    await logInAsAdmin(page, baseURL!);
    expect((await page.request.delete(`/api/notices/${noticeId}`, { headers: { Origin: baseURL! } })).status()).toBe(
      200,
    );
    await page.close();
  });

  test("without JavaScript: switch to Bangla, read the menu, dates and the login form, switch theme, search", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      locale: "en-GB",
    });
    const page = await context.newPage();
    await page.goto("/notice");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Read this site in বাংলা" }).click();
    await expect(page).toHaveURL(/\/notice$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");

    // The menu opens with its checkbox's label: no script needed.
    await page.locator("label[for='nav-toggle']").click();
    const nav = page.getByRole("navigation", { name: bn("common.nav.main") });
    for (const key of ["common.nav.home", "common.nav.notice", "common.nav.students", "common.nav.login"] as const) {
      await expect(nav.getByRole("link", { name: bn(key), exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(bn("public.notice.heading"));
    const notice = page.getByRole("link", { name: BANGLA_NOTICE }).first();
    await expect(notice).toBeVisible();
    // ২১ নভেম্বর, ২০২৬: the date the Bangla way, with Bangla digits.
    await expect(page.locator("main")).toContainText("২১ নভেম্বর, ২০২৬");

    await nav.getByRole("link", { name: bn("common.nav.login"), exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(bn("accounts.login.heading"));
    await expect(page.getByLabel(bn("accounts.field.email"))).toBeVisible();
    await expect(page.getByLabel(bn("accounts.field.password"))).toBeVisible();
    await expect(page.getByRole("button", { name: bn("accounts.login.submit"), exact: true })).toBeVisible();

    // The theme switch sits in the phone menu, a <details> of a plain form.
    await page.locator("label[for='nav-toggle']").click();
    await page.locator("[data-theme-switch] summary").first().click();
    await page.getByRole("button", { name: bn("common.theme.dark") }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");

    await page.goto("/search");
    const box = page.getByRole("searchbox", { name: bn("common.search.boxLabel") });
    await box.fill(BANGLA_PART);
    await box.press("Enter");
    const found = page.getByRole("link", { name: BANGLA_NOTICE });
    await expect(found).toBeVisible();
    await expect(found.locator("mark")).toHaveText(BANGLA_PART);
    await expect(page.locator("main")).toContainText(BANGLA_DIGITS);
    await box.fill(HANDLE_PART);
    await box.press("Enter");
    await expect(page.getByRole("link", { name: "Sumaiya Islam" })).toBeVisible();
    await expectNoAxeViolationsWithoutScript(browser, baseURL!, await page.content(), "/search in Bangla, dark");

    await page.getByRole("button", { name: "সাইটটি English ভাষায় পড়ুন" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });

  test("a first visit follows the browser's languages, and ?lang= names one page's language", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      locale: "bn-BD",
      extraHTTPHeaders: { "Accept-Language": "bn-BD,bn;q=0.9,en;q=0.5" },
    });
    const page = await context.newPage();
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/about\?lang=en$/);
    await page.goto("/about?lang=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});

/** Every public page once per kind (one notice, one event…), the forms and search. */
async function publicPaths(page: Page): Promise<string[]> {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  const kinds = new Map<string, string>();
  for (const path of paths) {
    const kind = path.replace(/^\/(notice|details)\/.+$/, "/$1/*").replace(/^\/events\/[^/]+\/[^/]+$/, "/events/*/*");
    if (!kinds.has(kind)) kinds.set(kind, path);
  }
  return [...kinds.values(), "/login", "/register", "/join", "/subscribe", "/notice-form", "/search?q=club"];
}

const dashboardPaths = [
  "/dashboard",
  ...dashboardMenu.flatMap((group) => group.links.map((link) => `/dashboard/${link.to}`)),
];

async function banglaContext(browser: Browser, baseURL: string, theme: "light" | "dark") {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addCookies([
    { name: "lang", value: "bn", url: baseURL },
    { name: "theme", value: theme, url: baseURL },
  ]);
  return context;
}

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing on the Bangla public pages in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const context = await banglaContext(browser, baseURL!, theme);
    const page = await context.newPage();
    const paths = await publicPaths(page);
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) {
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.locator("html"), path).toHaveAttribute("lang", "bn");
      await expect(page.locator("html"), path).toHaveAttribute("data-theme", theme);
      await expectNoAxeViolations(page, `${path} (bn, ${theme})`);
    }
    await context.close();
  });

  test(`axe finds nothing on the Bangla dashboard screens in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const context = await banglaContext(browser, baseURL!, theme);
    const page = await context.newPage();
    await logInAsAdmin(page, baseURL!);
    await context.addCookies([
      { name: "lang", value: "bn", url: baseURL! },
      { name: "theme", value: theme, url: baseURL! },
    ]);
    for (const path of dashboardPaths) {
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("lang", "bn");
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
      await expectNoAxeViolations(page, `${path} (bn, ${theme})`);
    }
    await context.close();
  });
}
