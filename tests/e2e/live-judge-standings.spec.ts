import { en } from "../support/messages";
import { startStandInStandingsJudges, VJUDGE_ID } from "../support/standings-judges";
import { logInAsAdmin } from "./support/accounts";
import { expectNoAxeViolations, waitForForm } from "./support/dashboard";
import { expect, PHONE, screenshotToLookAt, test } from "./support/fixtures";

test("on a phone, an admin connects a vjudge contest (a Codeforces id refused by name first) and its board goes live", async ({
  page,
  baseURL,
}) => {
  const judges = await startStandInStandingsJudges();
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInAsAdmin(page, baseURL!, "/dashboard/live-contests");
    await waitForForm(page);
    await screenshotToLookAt(page, `connect-form-1280`);
    await page.setViewportSize(PHONE);

    // A Codeforces contest id that is not a number: the field says so.
    await page.getByLabel(en("tools.live.name")).fill("SCUT training");
    await page.getByLabel(en("tools.live.slug")).fill("scut-training-e2e");
    await page.getByLabel(en("tools.live.source")).selectOption("codeforces");
    await page.getByLabel(en("tools.live.judgeContestId")).fill("gym-104491");
    await page.getByRole("button", { name: en("tools.live.connect") }).click();
    await expect(page.getByText(en("tools.live.error.codeforcesContestId"))).toBeVisible();
    await screenshotToLookAt(page, `connect-form-390-refused`);
    await expectNoAxeViolations(page, "the connect form at 390 px with an error");

    await page.getByLabel(en("tools.live.source")).selectOption("vjudge");
    await page.getByLabel(en("tools.live.judgeApi")).fill(judges.vjudgeUrl);
    await page.getByLabel(en("tools.live.judgeContestId")).fill(VJUDGE_ID);
    await page.getByLabel(en("tools.live.pollSeconds")).fill("5");
    await page.getByRole("button", { name: en("tools.live.connect") }).click();
    await expect(page.getByText(en("tools.live.connected"))).toBeVisible();
    await screenshotToLookAt(page, `connect-form-390`);

    // The server's follower reads the rank once (the contest ended): the board is there.
    await page.goto("/results/scut-training-e2e/live");
    await expect(page.locator("[data-team]").first()).toBeAttached({ timeout: 30_000 });
    await expect(page.getByText("SCUT_我拿buff").first()).toBeVisible();
    await screenshotToLookAt(page, `vjudge-live-390`);
  } finally {
    await judges.close();
  }
});
