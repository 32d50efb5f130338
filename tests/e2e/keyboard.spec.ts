import type { Locator, Page } from "@playwright/test";
import type { Locale } from "~/i18n/locales";
import { bn, en } from "../support/messages";
import { ensureAccount, logIn, logInAsAdmin, newAccount } from "./support/accounts";
import { expect, PHONE, test } from "./support/fixtures";

/**
 * The screens by keyboard alone, in Chromium, with the focus's place checked after every step:
 * the disclosure menus (theme, panels), the phone menu, the language and theme switches, the
 * public forms' answers, and the rankings from /results. Each test runs on a phone in English
 * and on a laptop in Bangla.
 */
const LAPTOP = { width: 1280, height: 800 };
// Focus is measured where it comes to rest: no smooth scrolling.
test.use({ contextOptions: { reducedMotion: "reduce" } });

const SETUPS = [
  { name: "390 px, English", viewport: PHONE, lang: "en" as Locale },
  { name: "1280 px, Bangla", viewport: LAPTOP, lang: "bn" as Locale },
];
const say = (lang: Locale) => (lang === "en" ? en : bn);

const themeSummary = (page: Page) => page.locator("[data-theme-switch] summary");
const themeMenu = (page: Page) => page.locator("[data-theme-switch]");
const menuButton = (page: Page) => page.locator("[data-menu-button]");
const languageButton = (page: Page) => page.locator('form[action="/language"] button');

/**
 * The focused element once the page is at rest: something other than the page's body, wholly in
 * the viewport, and not under the sticky bar at the top (unless it is in that bar).
 */
async function expectFocusInView(page: Page, step: string) {
  const problem = await page.evaluate(async () => {
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
    const element = document.activeElement;
    if (!element || element === document.body) return "focus is on the page's body";
    const what = element.outerHTML.slice(0, 100);
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `focus on a hidden element: ${what}`;
    if (box.top < -1 || box.bottom > window.innerHeight + 1 || box.left < -1 || box.right > window.innerWidth + 1) {
      return `out of view (${Math.round(box.top)}-${Math.round(box.bottom)} of ${window.innerHeight}): ${what}`;
    }
    const bar = document.querySelector("header[data-site-header], [data-dashboard-frame] > header");
    // The skip link shows above the bar.
    const aboveBar = bar?.contains(element) || element.getAttribute("href") === "#main";
    if (bar && !aboveBar && box.top < bar.getBoundingClientRect().bottom - 1) {
      return `under the sticky bar: ${what}`;
    }
    return "";
  });
  expect(problem, step).toBe("");
}

async function press(page: Page, key: string, step: string) {
  await page.keyboard.press(key);
  await expectFocusInView(page, `${step} (${key})`);
}

/** Presses Tab (or Shift+Tab) until the target has focus, checking where focus is at every stop. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await press(page, backwards ? "Shift+Tab" : "Tab", `on the way to ${target}`);
  }
  await expect(target).toBeFocused();
}

/** Enter on a control whose form posts: the page that comes back, then where focus is. */
async function pressAndReload(page: Page, step: string) {
  await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
  await page.waitForLoadState("load");
  await expectFocusInView(page, step);
}

/**
 * The theme menu, a disclosure: Escape closes it with focus back on its button, Tab past its
 * last choice closes it, a click elsewhere closes it.
 */
async function exerciseThemeMenu(page: Page, clickAway: Locator, reopen?: () => Promise<void>) {
  await tabTo(page, themeSummary(page));
  await press(page, "Enter", "open the theme menu");
  await expect(themeMenu(page)).toHaveAttribute("open", "");
  await press(page, "Escape", "Escape in the theme menu");
  await expect(themeMenu(page)).not.toHaveAttribute("open");
  await expect(themeSummary(page)).toBeFocused();

  await press(page, "Enter", "open the theme menu again");
  for (const choice of ["system", "light", "dark"]) {
    await press(page, "Tab", `Tab to ${choice}`);
    await expect(themeMenu(page).locator(`button[value=${choice}]`)).toBeFocused();
  }
  await press(page, "Tab", "Tab past the theme menu's last choice");
  await expect(themeMenu(page)).not.toHaveAttribute("open");

  await reopen?.();
  await themeSummary(page).click();
  await expect(themeMenu(page)).toHaveAttribute("open", "");
  // Its top left corner: clear of the open menu.
  await clickAway.click({ position: { x: 4, y: 4 } });
  await expect(themeMenu(page)).not.toHaveAttribute("open");
}

/** Picks the dark theme from the menu by keyboard; the page comes back with focus on the menu's button. */
async function switchThemeToDark(page: Page, { backwards = true } = {}) {
  await tabTo(page, themeSummary(page), { backwards });
  await press(page, "Enter", "open the theme menu");
  await tabTo(page, themeMenu(page).locator("button[value=dark]"));
  await pressAndReload(page, "the page after choosing Dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(themeSummary(page)).toBeFocused();
}

/** The other language by keyboard; the page comes back in it with focus on the switch. */
async function switchLanguage(page: Page, from: Locale) {
  const to: Locale = from === "en" ? "bn" : "en";
  const button = languageButton(page);
  // The button speaks the page's language; only the other language's name is marked as it.
  await expect(button).not.toHaveAttribute("lang");
  await expect(button.locator(`[lang=${to}]`).first()).toBeAttached();
  const name = say(from)("common.language.switchTo", { language: to === "bn" ? "বাংলা" : "English" });
  await expect(button).toHaveAccessibleName(name.replace(/<\/?0>/g, ""));
  await tabTo(page, button, { backwards: true });
  await pressAndReload(page, "the page in the other language");
  await expect(page.locator("html")).toHaveAttribute("lang", to);
  await expect(languageButton(page)).toBeFocused();
}

for (const setup of SETUPS) {
  test.describe(setup.name, () => {
    test.use({ viewport: setup.viewport });

    test("the header's menus and switches, and the rankings from /results", async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await page.context().addCookies([{ name: "lang", value: setup.lang, url: baseURL! }]);
      await page.goto("/results");
      const heading = page.locator("main h1");
      const phone = setup.viewport === PHONE;

      if (phone) {
        // The phone menu: the theme menu inside it closes first, then Tab past its end closes the menu.
        await tabTo(page, menuButton(page));
        await press(page, "Enter", "open the phone menu");
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
        await tabTo(page, themeSummary(page));
        await press(page, "Enter", "open the theme menu");
        await press(page, "Escape", "Escape in the theme menu");
        await expect(themeMenu(page)).not.toHaveAttribute("open");
        await expect(themeSummary(page)).toBeFocused();
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
        await press(page, "Tab", "Tab past the phone menu's last item");
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

        await menuButton(page).click();
        // Tab past the theme menu closes the phone menu too: a click opens it again; a click on Menu is elsewhere.
        await exerciseThemeMenu(page, menuButton(page), () => menuButton(page).click());
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
        await expect(menuButton(page)).toBeFocused();
        await press(page, "Enter", "open the phone menu");
        await switchThemeToDark(page, { backwards: false });
        // On a phone the switch is in the menu: it is open again, as it was.
        await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
        await press(page, "Escape", "Escape closes the phone menu");
        await expect(menuButton(page)).toBeFocused();
      } else {
        await exerciseThemeMenu(page, heading);
        await switchThemeToDark(page);
      }
      await switchLanguage(page, setup.lang);

      // The club's rankings are listed beside the leaderboards, and reached by keyboard.
      const ranking = page.locator('main a[href="/rankings/selection-contests-2026"]');
      await tabTo(page, ranking, { limit: 80 });
      await Promise.all([page.waitForURL(/\/rankings\/selection-contests-2026$/), page.keyboard.press("Enter")]);
      await expect(page.locator("main h1")).toHaveText("Selection contests 2026");
    });

    test("the public forms' answers take focus: the first invalid field, or the message", async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const t = say(setup.lang);
      const account = newAccount("keyboard");
      await ensureAccount(page.request, baseURL!, account);
      await page.context().clearCookies();
      await logIn(page, account);
      await page.context().addCookies([{ name: "lang", value: setup.lang, url: baseURL! }]);

      // /subscribe, a page without React: its answer comes back as a whole page.
      await page.goto("/subscribe");
      const email = page.getByLabel(t("accounts.field.email"));
      await tabTo(page, page.getByRole("button", { name: t("accounts.subscribe.submit") }));
      await pressAndReload(page, "/subscribe with no address");
      await expect(email).toBeFocused();
      await page.keyboard.type(`news-${account.email}`);
      await tabTo(page, page.getByRole("button", { name: t("accounts.subscribe.submit") }));
      await pressAndReload(page, "/subscribe sent");
      await expect(page.getByRole("status").filter({ hasText: t("accounts.subscribe.checkInbox") })).toBeFocused();

      // /join, a hydrated page: the answer arrives without a page load.
      await page.goto("/join");
      const apply = page.getByRole("button", { name: t("accounts.join.apply") });
      await page.locator("main form input[name=name]").fill("");
      await tabTo(page, apply);
      await press(page, "Enter", "/join with errors");
      await expect(page.locator("main form input[name=name]")).toBeFocused();
      await page.keyboard.type(account.name);
      await page.locator("main form input[name=photoURL]").fill("https://example.org/me.png");
      await tabTo(page, apply);
      await press(page, "Enter", "/join sent");
      await expect(page.getByRole("status").filter({ hasText: t("accounts.join.applied") })).toBeFocused();

      // A team's registration with nothing filled in: its first field, with its error, in view.
      await page.goto("/events/programming-contest/rmstu-intra-university-programming-contest-2026");
      await tabTo(page, page.getByRole("button", { name: t("accounts.registration.registerTeam") }), { limit: 80 });
      await pressAndReload(page, "a team's registration with errors");
      await expect(page.locator("#team_name")).toBeFocused();
      await expect(page.locator("#team_name-error")).toBeInViewport();
    });

    test("registering for an event says so once, and that line takes focus", async ({ page, baseURL }) => {
      const t = say(setup.lang);
      const account = newAccount("registers");
      await ensureAccount(page.request, baseURL!, account);
      await page.context().clearCookies();
      await logIn(page, account);
      await page.context().addCookies([{ name: "lang", value: setup.lang, url: baseURL! }]);
      await page.goto("/events/programming-contest/victory-day-programming-contest-2026");
      await tabTo(page, page.getByRole("button", { name: t("accounts.registration.register"), exact: true }), {
        limit: 80,
      });
      await pressAndReload(page, "registered");
      const status = page.locator("#registration").getByText(t("accounts.registration.registered"));
      await expect(status).toBeFocused();
      // Said once: neither the status line twice nor the answer's own words (other words in Bangla) beside it.
      const asPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const either = [t("accounts.registration.registered"), t("messages.registration.registered")].map(asPattern);
      await expect(page.locator("#registration").getByText(new RegExp(`^(${either.join("|")})$`))).toHaveCount(1);
    });

    test("the dashboard's bar: the theme menu, the switches, and room for everything", async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await logInAsAdmin(page, baseURL!);
      if (setup.viewport === PHONE) {
        // Both languages' bars at 390 and 320 px: the club's short name whole at 390, nothing wider
        // than the screen at 320 and the logo clear of the language button; the desk's Check in whole.
        for (const lang of ["en", "bn"] as const) {
          await page.context().addCookies([{ name: "lang", value: lang, url: baseURL! }]);
          await page.setViewportSize(PHONE);
          await page.goto("/dashboard");
          const name = page.locator("[data-dashboard-frame] > header a[href='/'] span:not([aria-hidden])").first();
          expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth), lang).toBe(true);
          await page.setViewportSize({ width: 320, height: 640 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(320);
          const logo = await page.locator("[data-dashboard-frame] > header a[href='/']").boundingBox();
          const language = await languageButton(page).boundingBox();
          expect(logo!.x + logo!.width, lang).toBeLessThanOrEqual(language!.x);
          await page.goto("/dashboard/check-in");
          await page.locator("main a[href$='/check-in']").first().click();
          const checkIn = page.locator("#ticket-code + button");
          await expect(checkIn).toBeVisible();
          expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(320);
          const box = await checkIn.boundingBox();
          expect(box!.x + box!.width, lang).toBeLessThanOrEqual(320);
        }
        await page.setViewportSize(PHONE);
      }
      await page.context().addCookies([{ name: "lang", value: setup.lang, url: baseURL! }]);
      await page.goto("/dashboard");
      await exerciseThemeMenu(page, page.locator("main h1"));
      await switchThemeToDark(page);
      await switchLanguage(page, setup.lang);
    });
  });
}

test("dark standings: a first solve is marked with a star and stands 3:1 apart from a plain solve", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "theme", value: "dark", url: baseURL! }]);
  await page.goto("/results");
  // Other tests add contests of their own to /results: the demo's Codeforces contest has first solves.
  await page.getByRole("link", { name: "RMSTU Weekly Practice Contest #12" }).first().click();
  await expect(page.locator("td span.sr-only", { hasText: "first to solve" }).first()).toBeAttached();
  const measured = await page.evaluate(() => {
    const luminance = (colour: string) => {
      const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const cells = [...document.querySelectorAll("td span.sr-only")].map((spoken) => ({
      first: (spoken.textContent ?? "").includes("first to solve"),
      solved: (spoken.textContent ?? "").includes("solved at"),
      shown: spoken.previousElementSibling as HTMLElement | null,
    }));
    const first = cells.find((cell) => cell.first)?.shown;
    const plain = cells.find((cell) => cell.solved && !cell.first)?.shown;
    if (!first || !plain) return null;
    const [a, b] = [first, plain].map((cell) => luminance(getComputedStyle(cell).backgroundColor));
    return {
      ratio: (Math.max(a!, b!) + 0.05) / (Math.min(a!, b!) + 0.05),
      firstText: first.textContent ?? "",
      plainText: plain.textContent ?? "",
    };
  });
  expect(measured).not.toBeNull();
  expect(measured!.ratio).toBeGreaterThanOrEqual(3);
  expect(measured!.firstText).toContain("★");
  expect(measured!.plainText).not.toContain("★");
});
