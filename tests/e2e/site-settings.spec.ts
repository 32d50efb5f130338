import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, logInAsAdmin } from "./support/accounts";
import { dialog, expectNoAxeViolations, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

/**
 * An admin changes the site's settings on a phone, and every public page shows the change at
 * once. Specs after this one on the same server expect the built-in texts: the settings are
 * put back as they were, whatever happens here.
 */
const SAVED = "Settings saved. Every page shows them now.";

test.use({ viewport: PHONE });

let original: unknown;

test.beforeEach(async ({ request }) => {
  original = await (await request.get("/api/settings")).json();
});

test.afterEach(async ({ page, baseURL }) => {
  // The test may have signed out: sign in again through the API, for the cookies of this context.
  const headers = { Origin: baseURL! };
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers,
  });
  expect(signIn.status(), "admin signed in again").toBe(200);
  const response = await page.request.put("/api/settings", { data: original, headers });
  expect(response.status(), "settings put back").toBe(200);
});

/** Opens a tab of the settings screen, as a person does. */
async function openTab(page: Page, label: string) {
  await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: label }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Settings: ${label}`);
  await waitForForm(page);
}

/** Saves the tab's form with Save settings, then Yes in the dialog. */
async function save(page: Page) {
  await page.getByRole("button", { name: "Save settings" }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, SAVED)).toBeVisible();
}

test("an admin renames the club, moves it, changes a workshop topic and a slide; every page shows it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = crypto.randomBytes(3).toString("hex");
  const club = { name: `E2E Coding Society ${id}`, short: `ECS ${id}` };
  const address = `Hall ${id}, 12 Lake Road, Rangamati`;
  const topic = `Game Design ${id}`;
  const slide = `Hack the hills ${id}`;

  await logInAsAdmin(page, baseURL!);
  await page.getByRole("button", { name: "Menu" }).click();
  await page
    .getByRole("dialog", { name: "Dashboard menu" })
    .getByRole("link", { name: "Settings", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings: Club");
  await waitForForm(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, "settings: club at 390 px");

  // A wrong value is named, and what was typed stays.
  await page.getByLabel("Club name", { exact: true }).fill(club.name);
  await page.getByLabel("Founded in (year)").fill("long ago");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Founded in (year) must be a year, e.g. 2001")).toBeVisible();
  await expect(page.getByLabel("Founded in (year)")).toBeFocused();
  await expect(page.getByLabel("Club name", { exact: true })).toHaveValue(club.name);
  await page.getByLabel("Founded in (year)").fill("2001");
  await page.getByLabel("Short name").fill(club.short);
  await save(page);

  await openTab(page, "Contact");
  await page.getByLabel("Address", { exact: true }).fill(address);
  // Keyboard only: the button, Enter, and Yes (the dialog takes focus).
  await page.getByRole("button", { name: "Save settings" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page).getByRole("button", { name: "Yes", exact: true })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).press("Enter");
  await expect(toast(page, SAVED)).toBeVisible();

  await openTab(page, "Workshops");
  await page.getByRole("group", { name: "Topic 3" }).getByLabel("Name", { exact: true }).fill(topic);
  await save(page);

  await openTab(page, "Home page");
  await page.getByRole("group", { name: "Slide 2" }).getByLabel("Heading").fill(slide);
  await save(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, "settings: home page at 390 px");

  // The public pages, signed out (what the page cache serves) and signed in alike.
  for (const signedIn of [true, false]) {
    if (!signedIn) await page.context().clearCookies();
    await page.goto("/");
    await expect(page).toHaveTitle(club.name);
    await expect(page.getByRole("banner").getByRole("link", { name: club.short })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${club.name}`);
    await expect(page.getByRole("heading", { name: topic })).toBeVisible();
    await expect(page.getByRole("group", { name: "2 of 3" })).toContainText(slide);
    await expect(page.locator("main")).toContainText(address);
    for (const path of ["/", "/about", "/rules", "/students", "/notice"]) {
      if (path !== "/") await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await expect(footer, path).toContainText(address);
      await expect(footer, path).toContainText(club.name);
      await expect(page.getByRole("banner"), path).toContainText(club.short);
    }
  }
});

test("the settings screen at 1280 px has no axe violations on any tab", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAsAdmin(page, baseURL!, "/dashboard/settings");
  for (const tab of ["Club", "Contact", "Home page", "Workshops", "About", "Rules", "Footer"]) {
    if (tab !== "Club") await openTab(page, tab);
    await expectNoAxeViolations(page, `settings: ${tab}`);
  }
});

test("without JavaScript a save asks the same question, then shows on the pages", async ({
  page,
  browser,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL!);
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: PHONE,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto("/dashboard/settings/contact");
  await plain.getByLabel("Opening hours").fill("Sat-Wed 9:00-17:00");
  await plain.getByRole("button", { name: "Save settings" }).click();
  await expect(plain.getByRole("heading", { name: "Save the settings?" })).toBeVisible();
  await expect(plain.getByLabel("Opening hours")).toHaveValue("Sat-Wed 9:00-17:00");
  await plain.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(plain.getByText(SAVED)).toBeVisible();
  await plain.goto("/rules");
  await expect(plain.getByRole("contentinfo")).toContainText("Opening hours: Sat-Wed 9:00-17:00");
  await context.close();
});
