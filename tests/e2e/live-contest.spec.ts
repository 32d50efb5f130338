import fs from "node:fs";
import path from "node:path";
import { readRecordedFeed, startStandInJudge } from "../support/clics-judge";
import { en } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { expectNoAxeViolations, waitForForm } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

const FEED = path.resolve("tests/fixtures/standings/real/live-v3/euc-2025.zip");

test("a contest connected from the dashboard updates a viewer's page without reload, freezes, and reads without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  const lines = readRecordedFeed(FEED, fs);
  const frozenAt = lines.findIndex((line) => {
    const event = JSON.parse(line) as { type: string; data: Record<string, unknown> };
    return event.type === "state" && Boolean(event.data?.frozen);
  });
  const judge = await startStandInJudge({ lines, contestId: "euc2025", user: "reader", password: "reader-pass-e2e" });
  try {
    judge.release(400);
    await logInAsAdmin(page, baseURL!);
    await page.goto("/dashboard/live-contests");
    await waitForForm(page);
    await page.getByLabel(en("tools.live.name")).fill("EUC 2025");
    await page.getByLabel(en("tools.live.slug")).fill("euc-2025-e2e");
    await page.getByLabel(en("tools.live.judgeApi")).fill(judge.apiUrl);
    await page.getByLabel(en("tools.live.judgeContestId")).fill("euc2025");
    await page.getByLabel(en("tools.live.user")).fill("reader");
    await page.getByLabel(en("tools.live.password")).fill("reader-pass-e2e");
    await page.getByRole("button", { name: en("tools.live.connect") }).click();
    await expect(page.getByText(en("tools.live.connected"))).toBeVisible();

    // A viewer on a phone: the page fills in as the follower stores the events, without a reload.
    const viewing = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const viewer = await viewing.newPage();
    await viewer.goto(`${baseURL}/results/euc-2025-e2e/live`);
    await expect(viewer.locator("[data-team]").first()).toBeAttached({ timeout: 30_000 });
    await expectNoAxeViolations(viewer, "the live page at 390 px");
    await viewer.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    judge.release(frozenAt + 250);
    await expect(viewer.getByText(en("people.live.phase.frozen"))).toBeVisible({ timeout: 30_000 });
    expect(await viewer.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await expect(viewer.locator("[data-pending]").first()).toBeAttached();

    // Without JavaScript: the current board and a reload link.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(`${baseURL}/results/euc-2025-e2e/live`);
    await expect(plain.getByText(en("people.live.phase.frozen"))).toBeVisible();
    await expect(plain.getByRole("link", { name: en("people.live.reload") })).toBeVisible();
    await context.close();
    await viewing.close();
  } finally {
    await judge.stop();
  }
});
