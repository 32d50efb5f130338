import type { Browser, Page } from "@playwright/test";
import { logInAsAdmin } from "./support/accounts";
import {
  dashboardPathsOnePerKind,
  describeAxeSweep,
  expectNoAxeViolationsInSweep,
  publicPagePaths,
} from "./support/axe-sweep";
import { expectNoAxeViolations } from "./support/dashboard";
import { expect, phoneWithoutScript, test } from "./support/fixtures";

type Theme = "light" | "dark";

/** The page's own background, as the browser painted it: dark means little light in it. */
async function backgroundIsDark(page: Page): Promise<boolean> {
  // A page streams in: <html data-theme> is there before <body> is.
  await page.waitForLoadState();
  const rgb = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 255, g = 255, b = 255] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 60;
}

test("a device that asks for dark gets a dark page before any choice, with no script", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, colorScheme: "dark", javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/about");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
  expect(await backgroundIsDark(page)).toBe(true);
  await expect(page.locator("[data-theme-switch] summary")).toContainText("Theme: System");
  await expectNoAxeViolationsInCopy(browser, baseURL!, page, "dark");

  // The same page for a device that asks for light is light.
  await page.emulateMedia({ colorScheme: "light" });
  expect(await backgroundIsDark(page)).toBe(false);
  await context.close();
});

/** axe needs JavaScript: a page shown without it is checked as a copy, in the same colour scheme. */
async function expectNoAxeViolationsInCopy(browser: Browser, baseURL: string, page: Page, scheme: Theme) {
  const html = await page.content();
  const context = await browser.newContext({ baseURL, colorScheme: scheme });
  const copy = await context.newPage();
  await copy.goto("/healthz");
  await copy.setContent(html, { waitUntil: "load" });
  await expectNoAxeViolations(copy, `${page.url()} (${scheme})`);
  await context.close();
}

test("without JavaScript the switch picks Light, then Dark, then System, and the choice holds across pages", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, colorScheme: "light", javaScriptEnabled: false });
  const page = await context.newPage();
  const html = page.locator("html");
  const choose = async (name: "System" | "Light" | "Dark") => {
    await page.locator("[data-theme-switch] summary").click();
    await page.getByRole("banner").getByRole("button", { name, exact: true }).click();
  };

  await page.goto("/teachers");
  await choose("Light");
  await expect(page).toHaveURL("/teachers");
  await expect(html).toHaveAttribute("data-theme", "light");
  expect(await backgroundIsDark(page)).toBe(false);
  await expect(page.locator("[data-theme-switch] summary")).toContainText("Theme: Light");
  await expect(page.locator("[data-theme-switch] button[value=light]")).toHaveAttribute("aria-pressed", "true");

  await choose("Dark");
  await expect(page).toHaveURL("/teachers");
  await expect(html).toHaveAttribute("data-theme", "dark");
  expect(await backgroundIsDark(page)).toBe(true);
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "theme");
  expect(cookie).toMatchObject({ value: "dark", path: "/", sameSite: "Lax", httpOnly: true });
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60 * 1000);

  // Other pages, public and hydrated, keep it: the server renders it from the cookie.
  for (const path of ["/notice", "/events", "/login"]) {
    await page.goto(path);
    await expect(html, path).toHaveAttribute("data-theme", "dark");
    expect(await backgroundIsDark(page), path).toBe(true);
  }

  await page.goto("/students?batch=2");
  await choose("System");
  await expect(page).toHaveURL("/students?batch=2");
  await expect(html).not.toHaveAttribute("data-theme", /./);
  expect(await backgroundIsDark(page)).toBe(false);
  expect((await context.cookies()).some((candidate) => candidate.name === "theme")).toBe(false);
  await context.close();
});

test("on a 390 px phone without JavaScript the switch is in the menu", async ({ browser, baseURL }) => {
  const { context, page } = await phoneWithoutScript(browser, baseURL!, { colorScheme: "light" });
  await page.goto("/results");
  await page.locator("label[for=nav-toggle]").click();
  await page.locator("[data-theme-switch] summary").click();
  const dark = page.getByRole("banner").getByRole("button", { name: "Dark", exact: true });
  const box = await dark.boundingBox();
  expect(box && box.height >= 44 && box.x + box.width <= 390).toBe(true);
  await dark.click();
  await expect(page).toHaveURL("/results");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test("on hydrated pages the switch still loads the whole page: login and the dashboard", async ({ page, baseURL }) => {
  await page.goto("/login");
  await page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
  });
  await page.locator("[data-theme-switch] summary").click();
  await page.getByRole("banner").getByRole("button", { name: "Dark", exact: true }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  // Signing in starts from a clean browser (no theme either); the dashboard's top bar has its own switch.
  await logInAsAdmin(page, baseURL!, "/dashboard/all-notice");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
  for (const [name, theme] of [
    ["Dark", "dark"],
    ["Light", "light"],
  ] as const) {
    await page.locator("[data-theme-switch] summary").click();
    await page.getByRole("banner").getByRole("button", { name, exact: true }).click();
    await expect(page).toHaveURL("/dashboard/all-notice");
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    expect(await backgroundIsDark(page)).toBe(theme === "dark");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

/**
 * The English sweeps. Light: every public page whole, the visitor's choice winning over a dark
 * device (the dashboard's screens are checked whole in dashboard-screens.spec.ts). Dark: a theme
 * changes colours, never the markup, so the dark sweeps run axe's colour rules.
 */
test("axe finds nothing on any public page in the light theme", async ({ browser, baseURL }) => {
  await expectNoAxeViolationsInSweep(browser, baseURL!, {
    lang: "en",
    theme: "light",
    paths: publicPagePaths,
    check: async (page, path) => expect(await backgroundIsDark(page), path).toBe(false),
  });
});

test("axe's colour rules find nothing on any public page in the dark theme", async ({ browser, baseURL }) => {
  await expectNoAxeViolationsInSweep(browser, baseURL!, {
    lang: "en",
    theme: "dark",
    paths: publicPagePaths,
    coloursOnly: true,
    check: async (page, path) => expect(await backgroundIsDark(page), path).toBe(true),
  });
});

describeAxeSweep("axe's colour rules find nothing on the dashboard's screens in the dark theme", {
  lang: "en",
  theme: "dark",
  paths: dashboardPathsOnePerKind,
  signedIn: true,
  coloursOnly: true,
  check: (page, path) => expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1),
});
