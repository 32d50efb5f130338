import { navigationLinks, panelLinks } from "~/content/site";
import { demoRecentEvents } from "~/seed/demo-data";
import { en } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { axeOn, expectNoAxeViolations } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

const navPaths = [...navigationLinks, ...panelLinks].map((link) => link.to);

/** axe checks these pages in the sweeps of dark-mode.spec.ts and bangla.spec.ts. */
test("every navigation link answers 200", async ({ request }) => {
  for (const path of ["/", ...navPaths]) {
    expect((await request.get(path)).status(), path).toBe(200);
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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("common.error.pageNotFound"));
  await expectNoAxeViolations(page, "the 404 page");
});

test("the suite's axe finds what is wrong: a picture without a text, a pale text, a nameless button", async ({
  page,
}) => {
  await page.goto("/no/such/page");
  await page.setContent(`<html lang="en"><title>t</title><main><h1>t</h1>
    <img src="/favicon.ico"><p style="color:#ddd;background:#fff">pale</p><button></button></main></html>`);
  const all = await axeOn(page).analyze();
  expect(all.violations.map((violation) => violation.id).sort()).toEqual([
    "button-name",
    "color-contrast",
    "image-alt",
  ]);
  const colours = await axeOn(page).withRules(["color-contrast"]).analyze();
  expect(colours.violations.map((violation) => violation.id)).toEqual(["color-contrast"]);
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
        // The label without JavaScript, the button with it: whichever is shown.
        const menu = page.locator("label[for='nav-toggle'], [data-menu-button]").filter({ visible: true });
        await menu.click();
        await expect(aboutLink).toBeVisible();
        await menu.click();
        await expect(aboutLink).toBeHidden();
      });
    });
  }

  test("the menu is a button: Enter opens it, Escape closes it and focus stays on it", async ({ page }) => {
    await page.goto("/students");
    const menu = page.getByRole("button", { name: "Menu" });
    const aboutLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(aboutLink).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(aboutLink).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(aboutLink).toBeVisible();
  });

  test("without JavaScript the menu's checkbox opens it from the keyboard", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("#nav-toggle").focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toBeVisible();
    await context.close();
  });
});

test.describe("on a phone held sideways", () => {
  test.use({ viewport: { width: 844, height: 390 } });

  test("the open menu scrolls inside the screen, so every link can be reached", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Students", "Executive Panels", "Login"]) {
      const target = name === "Executive Panels" ? nav.getByText(name) : nav.getByRole("link", { name });
      await target.scrollIntoViewIfNeeded();
      await expect(target).toBeInViewport();
    }
    await nav.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test("the panels list closes on Escape, on a click elsewhere, and when focus leaves it", async ({ page }) => {
  await page.goto("/about");
  const panels = page.getByText("Executive Panels");
  const firstPanel = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: panelLinks[0]!.label });
  await panels.click();
  await expect(firstPanel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(firstPanel).toBeHidden();
  await expect(page.locator("[data-panels] summary")).toBeFocused();

  await panels.click();
  await page.locator("main h1").click();
  await expect(firstPanel).toBeHidden();

  await panels.click();
  await expect(firstPanel).toBeVisible();
  for (let stop = 0; stop < panelLinks.length + 1; stop++) await page.keyboard.press("Tab");
  await expect(firstPanel).toBeHidden();
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: { status: "ok", kind: "pglite" } });
});

test("every focus stop is visible, its ring at least 3:1 against the background around it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/about");
  const contrasts: { what: string; ratio: number; seen: boolean }[] = [];
  // Every stop of the page: the skip link, the navy header, white content, the navy footer.
  for (let stop = 0; stop < 80; stop++) {
    await page.keyboard.press("Tab");
    const measured = await page.evaluate(async () => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // Buttons fade their colours in (transition-colors): measure the ring as it ends up.
      await Promise.all(element.getAnimations().map((animation) => animation.finished));
      const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
      const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
        const linear = (channel: number) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
      };
      // The ring sits outside the control: what is behind it is its parents' background.
      let behind = element.parentElement;
      let background = "rgb(255, 255, 255)";
      while (behind) {
        const color = getComputedStyle(behind).backgroundColor;
        if (rgb(color)[3] !== 0 && color !== "rgba(0, 0, 0, 0)" && color !== "transparent") {
          background = color;
          break;
        }
        behind = behind.parentElement;
      }
      const ring = luminance(rgb(getComputedStyle(element).outlineColor));
      const around = luminance(rgb(background));
      const ratio = (Math.max(ring, around) + 0.05) / (Math.min(ring, around) + 0.05);
      const box = element.getBoundingClientRect();
      const seen = box.width > 2 && box.height > 2;
      return { what: `${element.tagName} ${element.textContent?.trim().slice(0, 30)}`, ratio, seen };
    });
    if (!measured) break;
    contrasts.push(measured);
  }
  expect(contrasts.length).toBeGreaterThan(20);
  expect(contrasts.filter((stop) => stop.ratio < 3)).toEqual([]);
  // At 1280 px every stop is something to see: no focus on a control hidden from sight.
  expect(contrasts.filter((stop) => !stop.seen)).toEqual([]);
});

test("no focus stop hides under the sticky header, signed out or in", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // Forward to the end of the page, then back up to the top: going back is when a control
  // scrolls in at the top edge, where the header would cover it.
  // Without smooth scrolling, each stop is measured where it comes to rest, not mid-animation
  // (scroll-padding works the same either way).
  await page.emulateMedia({ reducedMotion: "reduce" });
  const hiddenStops = async (path: string) => {
    await page.goto(path);
    const hidden = new Set<string>();
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let stop = 0; stop < 150; stop++) {
        await page.keyboard.press(key);
        const covered = await page.evaluate(async () => {
          // Measure once the page has come to rest (two frames alike).
          await new Promise<void>((resolve) => {
            let last = Number.NaN;
            const settle = () => {
              if (window.scrollY === last) resolve();
              else {
                last = window.scrollY;
                requestAnimationFrame(() => requestAnimationFrame(settle));
              }
            };
            settle();
          });
          const element = document.activeElement as HTMLElement | null;
          const header = document.querySelector("header");
          if (!element || element === document.body || !header) return null;
          // The header's own links, and the skip link, which shows above the header.
          if (header.contains(element) || element.getAttribute("href") === "#main") return "";
          const top = element.getBoundingClientRect().top;
          return top < header.getBoundingClientRect().bottom - 1 ? element.outerHTML.slice(0, 80) : "";
        });
        if (covered === null) break;
        if (covered) hidden.add(covered);
      }
    }
    return [...hidden];
  };
  expect(await hiddenStops("/students")).toEqual([]);
  await logInAsAdmin(page, baseURL!);
  expect(await hiddenStops("/dashboard/all-notice")).toEqual([]);
});
