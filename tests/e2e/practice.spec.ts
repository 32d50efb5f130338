import type { Page } from "@playwright/test";
import { periodStart } from "~/features/practice/practice";
import { formatDate } from "~/lib/format";
import { en } from "../support/messages";
import { expectNoAxeViolations } from "./support/dashboard";
import { expect, screenshotToLookAt, test } from "./support/fixtures";

/** Nothing wider than the window: a phone never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// The demo's members' practice comes from recorded judge answers dated just before the install
// (app/seed/demo-practice.server.ts): Sumaiya's Codeforces history is 15 rated contests.
test("a member's rating chart and weeks, /practice by period and batch, and /contests, at 390 and 1280 px, by keyboard", async ({
  page,
}) => {
  // Two widths of four pages each, by keyboard: 67 s at load 20 against the default 60.
  test.setTimeout(150_000);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });

    // The member page: the chart, its table for screen readers (opened by keyboard), the weeks with visible dates.
    await page.goto("/students/sumaiya-islam");
    const practice = page.getByRole("region", { name: en("people.practice.title") });
    await expect(practice.getByRole("img", { name: /Codeforces rating over 15 rated contests/ })).toBeVisible();
    await practice.getByText(en("people.practice.table")).focus();
    await page.keyboard.press("Enter");
    const table = practice.getByRole("table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(16);
    const weeks = practice.getByRole("list", { name: en("people.practice.weeks") });
    await expect(weeks.getByRole("listitem")).toHaveCount(12);
    const thisWeek = formatDate(periodStart("week", new Date()).toISOString().slice(0, 10));
    const label = weeks.getByRole("listitem").last().getByText(thisWeek, { exact: true });
    await expect(label).toBeVisible();
    const box = await label.boundingBox();
    expect((box?.x ?? width) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page, width);
    // One axe run per page: a width changes the layout, not the markup.
    if (width === 390) await expectNoAxeViolations(page, `a member page with practice at ${width} px`);
    await screenshotToLookAt(page, `member-${width}`);

    // From the results page to the leaderboard, by keyboard.
    await page.goto("/results");
    await page.getByRole("link", { name: en("people.board.title") }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/practice$/);
    const solved = page.getByRole("region", { name: /Problems solved/ });
    await expect(solved.getByRole("heading")).toHaveText(
      en("people.board.solvedTitle", { period: en("people.board.week") }),
    );
    await expect(solved.getByRole("link", { name: "Sumaiya Islam" })).toBeVisible();

    // Another period and a batch: the form is sent by keyboard; each line stays a card on a phone.
    for (const period of ["month", "term"] as const) {
      await page.getByLabel(en("people.board.period")).selectOption(period);
      await page.getByRole("button", { name: en("people.filter.show") }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`period=${period}`));
      await expect(solved.getByRole("heading")).toHaveText(
        en("people.board.solvedTitle", { period: en(`people.board.${period}`) }),
      );
    }
    await page.getByLabel(en("people.filter.batch")).selectOption("2");
    await page.getByRole("button", { name: en("people.filter.show") }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/batch=2/);
    const ratings = page.getByRole("region", { name: en("people.board.ratingsTitle") });
    await expect(ratings.getByRole("link", { name: "Tanvir Ahmed" })).toBeVisible();
    await expect(ratings.getByRole("link", { name: "Sumaiya Islam" })).toHaveCount(0);
    await page.getByLabel(en("people.filter.batch")).selectOption("");
    await page.getByRole("button", { name: en("people.filter.show") }).click();
    await expect(ratings.getByRole("link", { name: "Sumaiya Islam" })).toBeVisible();
    const card = solved.getByRole("listitem").first();
    const cardBox = await card.boundingBox();
    expect(cardBox?.width ?? width).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page, width);
    if (width === 390) await expectNoAxeViolations(page, `/practice at ${width} px`);
    await screenshotToLookAt(page, `practice-${width}`);

    // The contest calendar from the events page: the demo's Codeforces contests ahead.
    await page.goto("/events");
    await page.getByRole("link", { name: en("public.events.judgesContests") }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/contests$/);
    await expect(page.getByRole("link", { name: "Codeforces Round 885 (Div. 2)" })).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    if (width === 390) await expectNoAxeViolations(page, `/contests at ${width} px`);
    await screenshotToLookAt(page, `practice-contests-${width}`);
  }
});
