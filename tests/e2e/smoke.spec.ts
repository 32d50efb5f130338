import AxeBuilder from "@axe-core/playwright";
import { navigationLinks, notFoundText, panelLinks } from "~/content/site";
import { demoRecentEvents } from "~/db/seed/demo-data";
import { expect, test } from "./support/fixtures";

const navPaths = [...navigationLinks, ...panelLinks].map((link) => link.to);

test("every navigation link answers 200 and passes axe", async ({ page }) => {
  // One axe run takes 2-4 s here, and there are 15 pages.
  test.setTimeout(120_000);
  for (const path of ["/", ...navPaths]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, `axe on ${path}`).toEqual([]);
  }
});

test("the home page renders the demo content", async ({ page }) => {
  await page.goto("/");
  const recentEvents = page.getByRole("region", { name: "Recent Events" });
  for (const event of demoRecentEvents) {
    await expect(recentEvents.getByRole("link", { name: new RegExp(event.name) })).toBeVisible();
  }
});

test("the header links to every spec route", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const path of [...navPaths, "/login"]) {
    await expect(nav.locator(`a[href="${path}"]`)).toHaveCount(1);
  }
});

test("an unknown path answers 404 with the spec's text", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(notFoundText);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("the footer shows the contact block and opening hours", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Sun-Thu 8:00-19:00");
  await expect(footer).toContainText("Jhagra Bil, Rangamati-4500");
  for (const heading of ["Information", "Academic", "Research"]) {
    await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(footer).toContainText("Copyright");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("the menu toggle collapses and expands the navigation", async ({ page }) => {
        await page.goto("/");
        const aboutLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
        await expect(aboutLink).toBeHidden();
        await page.getByText("Menu", { exact: true }).click();
        await expect(aboutLink).toBeVisible();
        await page.getByText("Menu", { exact: true }).click();
        await expect(aboutLink).toBeHidden();
      });
    });
  }

  test("the toggle works from the keyboard", async ({ page }) => {
    await page.goto("/");
    const aboutLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
    await page.locator("#nav-toggle").focus();
    await page.keyboard.press("Space");
    await expect(aboutLink).toBeVisible();
  });
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: { status: "ok", kind: "pglite" } });
});
