import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { computeScoreboard, type FeedEvent, stateOfFeed } from "~/features/standings/importers/clics-event-feed";
import { juryOrder, readRecordedFeed, startStandInJudge } from "../support/clics-judge";
import { en } from "../support/messages";
import { logInAsAdmin, waitForHydration } from "./support/accounts";
import { expectNoAxeViolations, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

const FEED = path.resolve("tests/fixtures/standings/real/live-v3/euc-2025.zip");
const SLUG = "euc-2025-e2e";

/** The reveal's step a page shows. */
const stepOn = (page: Page) => page.locator("[data-reveal-step]").getAttribute("data-reveal-step");

test("a live contest: a viewer's page updates and freezes, the reveal runs on the projector and a second viewer and stops on an award, and the finalized standings are the judge's", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The follower reads with a jury's account: each verdict comes as it is given, the freeze's too.
  const lines = juryOrder(readRecordedFeed(FEED, fs));
  const indexOfState = (key: string) =>
    lines.findIndex((line) => {
      const event = JSON.parse(line) as { type: string; data: Record<string, unknown> };
      return event.type === "state" && Boolean(event.data?.[key]);
    });
  const judge = await startStandInJudge({ lines, contestId: "euc2025", user: "reader", password: "reader-pass-e2e" });
  try {
    judge.release(400);
    await logInAsAdmin(page, baseURL!, "/dashboard/live-contests");
    await waitForForm(page);
    await page.getByLabel(en("tools.live.name")).fill("EUC 2025");
    await page.getByLabel(en("tools.live.slug")).fill(SLUG);
    await page.getByLabel(en("tools.live.judgeApi")).fill(judge.apiUrl);
    await page.getByLabel(en("tools.live.judgeContestId")).fill("euc2025");
    await page.getByLabel(en("tools.live.user")).fill("reader");
    await page.getByLabel(en("tools.live.password")).fill("reader-pass-e2e");
    await page.getByRole("button", { name: en("tools.live.connect") }).click();
    await expect(page.getByText(en("tools.live.connected"))).toBeVisible();

    // A viewer on a phone: the page fills in as the follower stores the events, without a reload.
    const viewing = await browser.newContext({ viewport: PHONE });
    const viewer = await viewing.newPage();
    await viewer.goto(`${baseURL}/results/${SLUG}/live`);
    await expect(viewer.locator("[data-team]").first()).toBeAttached({ timeout: 30_000 });
    await expectNoAxeViolations(viewer, "the live page at 390 px");
    await viewer.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    // Frozen: tries after the freeze are pending, although the jury's account has their verdicts.
    judge.release(indexOfState("frozen") + 250);
    await expect(viewer.getByText(en("people.live.phase.frozen"))).toBeVisible({ timeout: 30_000 });
    await expect(viewer.locator("[data-pending]").first()).toBeAttached();

    // Without JavaScript: the current board and a reload link.
    const plainContext = await browser.newContext({ javaScriptEnabled: false });
    const plain = await plainContext.newPage();
    await plain.goto(`${baseURL}/results/${SLUG}/live`);
    await expect(plain.getByText(en("people.live.phase.frozen"))).toBeVisible();
    await expect(plain.getByRole("link", { name: en("people.live.reload") })).toBeVisible();
    await plainContext.close();

    // Ended, still frozen: the admin sets the medals (a bronze for every team that solved something, so
    // the reveal stops early) and runs the reveal with the keyboard; the projector and the viewer follow.
    judge.release(indexOfState("thawed"));
    await expect(viewer.getByText(en("people.live.phase.ended"))).toBeVisible({ timeout: 30_000 });
    // Ours among the live contests (the demo seed has its own recorded one).
    const ours = page.getByRole("row").filter({ hasText: judge.apiUrl });
    await ours.getByRole("link", { name: en("tools.live.reveal.heading") }).click();
    await waitForHydration(page);
    await page.getByLabel(en("tools.live.medals.gold")).fill("0");
    await page.getByLabel(en("tools.live.medals.silver")).fill("0");
    await page.getByLabel(en("tools.live.medals.bronze")).fill("200");
    await page.getByRole("button", { name: en("tools.live.medals.save") }).click();
    await expect(page.getByText(en("tools.live.medals.saved"))).toBeVisible();
    await page.getByRole("button", { name: en("tools.live.reveal.start") }).click();
    await expect.poll(() => stepOn(page)).toBe("0");
    const projecting = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const projector = await projecting.newPage();
    await projector.goto(`${baseURL}/results/${SLUG}/live/projector`);
    // The projector fits its screen: no column cut off.
    expect(await projector.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    for (let step = 1; step <= 40 && !(await page.locator("[data-award]").isVisible()); step++) {
      await page.keyboard.press("Space");
      await expect.poll(() => stepOn(page)).toBe(String(step));
    }
    const award = page.locator("[data-award]");
    await expect(award).toBeVisible();
    const team = (await award.getByRole("heading").textContent()) ?? "";
    const stop = (await stepOn(page)) ?? "";
    await expect(award).toContainText(en("people.live.award.bronze"));
    for (const follower of [projector, viewer]) {
      await expect.poll(() => stepOn(follower), { timeout: 10_000 }).toBe(stop);
      await expect(follower.locator("[data-award]").getByRole("heading")).toHaveText(team);
    }
    await expectNoAxeViolations(projector, "the projector's award card");
    await expectNoAxeViolations(page, "the reveal with an award");
    await page.keyboard.press("Backspace");
    await expect.poll(() => stepOn(projector), { timeout: 10_000 }).toBe(String(Number(stop) - 1));
    await expect(projector.locator("[data-award]")).toHaveCount(0);

    // The rest at once, then finalize: published standings equal to the judge's final scoreboard.
    await page.getByRole("button", { name: en("tools.live.reveal.finish") }).click();
    await expect(viewer.getByText(en("people.live.phase.ended"))).toBeVisible();
    await expect(viewer.locator("[data-pending]")).toHaveCount(0, { timeout: 10_000 });
    judge.release(lines.length);
    await page.getByRole("button", { name: en("tools.live.finalize.button") }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
    await expect(page.getByText(en("tools.live.finalize.done"), { exact: true })).toBeVisible();
    const published = viewer.getByRole("link", { name: en("people.live.publishedLink") });
    const publishedPath = await published.getAttribute("href", { timeout: 10_000 });
    // A click only starts the navigation: on a busy machine the rows read next were the live page's.
    await published.click();
    await viewer.waitForURL(`**${publishedPath}`);
    const state = stateOfFeed(lines.map((line) => JSON.parse(line) as FeedEvent));
    const judges = computeScoreboard(state).rows.map((row) => {
      const entry = state.teams.get(row.teamId);
      return [entry?.displayName || entry?.name, row.rank, row.solved, row.penalty];
    });
    await expect(viewer.locator("tbody tr")).toHaveCount(judges.length);
    const shown = await viewer.locator("tbody tr").evaluateAll((rows) =>
      rows.map((row) => {
        const cells = row.querySelectorAll("td");
        const number = (index: number) => Number(cells[index]?.textContent?.replace(/\D/g, ""));
        return [cells[1]?.querySelector("span")?.textContent, number(0), number(2), number(3)];
      }),
    );
    expect(shown).toEqual(judges);
    await projecting.close();
    await viewing.close();
  } finally {
    await judge.stop();
  }
});
