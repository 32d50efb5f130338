import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/dashboard";
import { expect, PHONE, phoneWithoutScript, test } from "./support/fixtures";
import { withNotice } from "./support/notices";

/**
 * Site search on a 390 px phone: from the header's search link to the results, with and
 * without JavaScript, for a Bangla notice found by part of a word and a demo member found by
 * part of a judge handle (the demo's Sumaiya Islam is `sumaiya_rmstu` on Codeforces).
 */
const BANGLA_NOTICE = "বার্ষিক প্রোগ্রামিং প্রতিযোগিতা ২০২৬";
/** The middle of প্রোগ্রামিং. */
const BANGLA_PART = "গ্রামি";
const HANDLE_PART = "umaiya_rm";

/** The page's own box (the header's is out of sight below 1536 px). */
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search the site" });

test.describe("site search at 390 px", () => {
  test.use({ viewport: PHONE });
  withNotice({
    name: BANGLA_NOTICE,
    publishing_date: "2026-11-20",
    pdfFile: "https://example.org/notice.pdf",
    description: "সকল শিক্ষার্থীর জন্য উন্মুক্ত প্রোগ্রামিং প্রতিযোগিতা।",
  });

  test("without JavaScript: the header's link, the form, a Bangla notice by part of a word, then a handle", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await phoneWithoutScript(browser, baseURL!);
    await page.goto("/about");
    await page.getByRole("banner").getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByText(/Type a word or part of one/)).toBeVisible();

    await searchBox(page).fill(BANGLA_PART);
    await page.getByRole("button", { name: "Search", exact: true }).last().click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(BANGLA_PART)}`));
    const result = page.getByRole("link", { name: BANGLA_NOTICE });
    await expect(result).toBeVisible();
    await expect(result.locator("mark")).toHaveText(BANGLA_PART);

    await searchBox(page).fill(HANDLE_PART);
    await searchBox(page).press("Enter");
    await expect(page.getByRole("link", { name: "Sumaiya Islam" })).toBeVisible();
    await page.getByRole("link", { name: "Sumaiya Islam" }).click();
    await expect(page).toHaveURL(/\/students\//);
    await context.close();
  });

  test("with JavaScript: the same search finds the notice and the member, and the page has no axe violations", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Search", exact: true }).click();
    await searchBox(page).fill(BANGLA_PART);
    await searchBox(page).press("Enter");
    await expect(page.getByRole("link", { name: BANGLA_NOTICE })).toBeVisible();
    await expect(page.getByText(/^1 result for/)).toBeVisible();
    await expectNoAxeViolations(page, "/search with a Bangla result");

    await searchBox(page).fill(HANDLE_PART);
    await searchBox(page).press("Enter");
    const member = page.getByRole("link", { name: "Sumaiya Islam" });
    await expect(member).toBeVisible();
    await expect(page.getByText("Codeforces: sumaiya_rmstu")).toBeVisible();
    await expectNoAxeViolations(page, "/search with a member");

    await searchBox(page).fill("x");
    await searchBox(page).press("Enter");
    await expect(page.getByText(/Type at least 2 letters or digits/)).toBeVisible();
  });
});
