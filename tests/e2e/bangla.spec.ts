import { HTML_BYTES } from "../support/media-fixtures";
import { bn } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import {
  dashboardPathsOnePerKind,
  describeAxeSweep,
  expectNoAxeViolationsInSweep,
  publicPagePaths,
} from "./support/axe-sweep";
import { dialog, expectNoAxeViolationsWithoutScript, fillForm, waitForForm } from "./support/dashboard";
import { expect, PHONE, phoneWithoutScript, test } from "./support/fixtures";
import { withNotice } from "./support/notices";

/**
 * Bangla on a 390 px phone without JavaScript: the switch, the navigation, dates, the login
 * form, the theme, and search for a Bangla notice by part of a word and a member by handle;
 * then axe on the Bangla pages (dark-mode.spec.ts checks the English ones in both themes).
 */
const BANGLA_NOTICE = "ভর্তি পরীক্ষার প্রস্তুতি ক্লাসের সময়সূচি";
/** The middle of প্রস্তুতি. */
const BANGLA_PART = "স্তুত";
const HANDLE_PART = "umaiya_rm";
const BANGLA_DIGITS = /[০-৯]/;

test.describe("Bangla on a phone", () => {
  withNotice({
    name: BANGLA_NOTICE,
    publishing_date: "2026-11-21",
    pdfFile: "https://example.org/routine.pdf",
    description: "প্রতি শুক্রবার সকাল দশটায় প্রস্তুতি ক্লাস।",
  });

  test("without JavaScript: switch to Bangla, read the menu, dates and the login form, switch theme, search", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await phoneWithoutScript(browser, baseURL!, { locale: "en-GB" });
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
    // The member's snippet names the batch in Bangla, its number in Bangla digits.
    await expect(page.locator("main")).toContainText(bn("public.search.snippet.batch", { batch: "৪" }));
    await expect(page.locator("main")).not.toContainText("Batch 4");
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

test.describe("Bangla on hydrated pages", () => {
  test.use({ viewport: PHONE });

  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "bn", url: baseURL! }]);
  });

  test("a refused upload says why in Bangla, the API's JSON staying English", async ({ page }) => {
    await page.goto("/notice-form");
    const upload = page.getByLabel(bn("accounts.upload.pdfOrImage"));
    await expect(upload).toBeVisible();
    const refused = page.waitForResponse((response) => response.url().includes("/api/uploads"));
    await upload.setInputFiles({ name: "routine.pdf", mimeType: "application/pdf", buffer: HTML_BYTES });
    const answer = await refused;
    expect(answer.status()).toBe(400);
    expect((await answer.json()).message).toBe('"routine.pdf" is not a JPEG, PNG, WebP, AVIF or GIF image or a PDF.');
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText(bn("accounts.upload.refusedFile", { fileName: "routine.pdf", what: "either" }));

    // Too large and too many, as the API answers them (the limits themselves are its own tests').
    for (const [status, key] of [
      [413, "accounts.upload.refusedSize"],
      [429, "accounts.upload.refusedBusy"],
    ] as const) {
      await page.route("**/api/uploads*", (route) => route.fulfill({ status, json: { message: "In English" } }));
      await upload.setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: HTML_BYTES });
      await expect(alert).toHaveText(bn(key, { fileName: "big.pdf" }));
      await page.unroute("**/api/uploads*");
    }
  });

  test("a save that can't reach the server says so in Bangla and keeps what was typed", async ({ page, baseURL }) => {
    await logInAsAdmin(page, baseURL!);
    await page.context().addCookies([{ name: "lang", value: "bn", url: baseURL! }]);
    await page.goto("/dashboard/add-notice");
    await waitForForm(page);
    const name = `অফলাইন নোটিশ ${Date.now()}`;
    await fillForm(page, {
      [bn("dashboard.notices.field.name")]: name,
      [bn("dashboard.notices.field.publishing_date")]: "2099-02-02",
      [bn("dashboard.notices.field.pdfFile")]: "https://example.org/a.pdf",
      [bn("dashboard.notices.field.description")]: "নেটওয়ার্ক বন্ধ থাকা অবস্থায় পাঠানো।",
    });
    const submit = page.getByRole("button", { name: bn("dashboard.form.submit"), exact: true });
    const yes = dialog(page).getByRole("button", { name: bn("dashboard.yes"), exact: true });
    const nameField = page.getByLabel(bn("dashboard.notices.field.name"), { exact: true });

    // The question comes from the server; the answer is sent once the browser is offline.
    await submit.click();
    await expect(yes).toBeVisible();
    await page.context().setOffline(true);
    await yes.click();
    await expect(page.getByRole("alert")).toHaveText(bn("messages.form.unreachable"));
    await expect(nameField).toHaveValue(name);
    await page.context().setOffline(false);

    // An answer cut off half way: the router can't read it, and the page says so in Bangla.
    await page.route("**/add-notice.data*", (route) =>
      route.request().postData()?.includes("confirmed=yes")
        ? route.fulfill({ status: 500, headers: { "X-Remix-Response": "yes" }, body: "[{" })
        : route.continue(),
    );
    await submit.click();
    await yes.click();
    await expect(page.getByRole("alert")).toHaveText(bn("messages.form.serverFailed"));
    await expect(nameField).toHaveValue(name);
  });
});

/**
 * A language changes the markup's text, a theme only its colours: the Bangla pages are checked
 * whole in the light theme, and the dark theme's colours on the English pages (dark-mode.spec.ts).
 */
test("axe finds nothing on the Bangla public pages", async ({ browser, baseURL }) => {
  await expectNoAxeViolationsInSweep(browser, baseURL!, { lang: "bn", theme: "light", paths: publicPagePaths });
});

describeAxeSweep("axe finds nothing on the Bangla dashboard screens", {
  lang: "bn",
  theme: "light",
  paths: dashboardPathsOnePerKind,
  signedIn: true,
  check: (page, path) => expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1),
});
