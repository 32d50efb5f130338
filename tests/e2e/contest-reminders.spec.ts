import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { type StandInJudges, startStandInJudges } from "../support/judges";
import { en } from "../support/messages";
import { type RunningServer, startServer } from "../support/server";
import { E2E_ADMIN, logInAsAdmin } from "./support/accounts";
import { expectNoAxeViolations, toast, waitForForm } from "./support/dashboard";
import { expect, screenshotToLookAt, test } from "./support/fixtures";

/**
 * The contest calendar end to end, on a server of its own that reads the judges from the
 * stand-in (recorded answers; AtCoder's upcoming contests moved to start within the hour) and
 * posts to a local HTTP server standing in for a Discord channel.
 */
interface CalendarSite {
  server: RunningServer;
  judges: StandInJudges;
  chatUrl: string;
  posts: { content?: string }[];
}

const ABC = "Toyota Programming Contest 2023 Spring Qual A（AtCoder Beginner Contest 288）";

const calendarTest = test.extend<object, { site: CalendarSite }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const judges = await startStandInJudges();
      // Within the hour from now: the reminder is due at the next minute's run.
      judges.atcoderUpcomingFrom = new Date(Date.now() + 50 * 60_000);
      const posts: { content?: string }[] = [];
      const chat = http.createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", () => {
          posts.push(JSON.parse(body || "{}"));
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => chat.listen(0, "127.0.0.1", resolve));
      const server = await startServer({
        ADMIN_EMAILS: E2E_ADMIN.email,
        AUTH_RATE_LIMIT_MAX: "10000",
        PUBLIC_FORM_RATE_LIMIT_MAX: "10000",
        CODEFORCES_API_URL: judges.codeforcesApiUrl,
        ATCODER_URL: judges.atcoderUrl,
        ATCODER_PROBLEMS_API_URL: judges.atcoderProblemsApiUrl,
        CODEFORCES_CALL_SECONDS: "0.1",
        ATCODER_CALL_SECONDS: "0.1",
        JOB_RETRY_LIMIT: "1",
        JOB_RETRY_DELAY_SECONDS: "1",
        // The stand-in Discord channel listens on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      });
      const chatUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/webhook`;
      await use({ server, judges, chatUrl, posts });
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await judges.close();
      chat.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.server.baseUrl),
});

/** Nothing wider than the window: a phone never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

calendarTest(
  "an AtCoder contest on /contests at 390 and 1280 px, and its reminder an hour before reaching a Discord webhook once",
  async ({ page, site }) => {
    calendarTest.setTimeout(240_000);
    await logInAsAdmin(page, site.server.baseUrl);

    // A Discord channel that follows contest reminders.
    await page.goto("/dashboard/webhooks");
    await waitForForm(page);
    await page.getByLabel("Kind").selectOption({ label: "Discord webhook" });
    await page.getByLabel("Name", { exact: true }).fill("Contest reminders");
    await page.getByRole("checkbox", { name: en("accounts.subscription.topic.contestReminders") }).check();
    await page.getByLabel("Webhook URL (Discord or Slack-compatible)").fill(site.chatUrl);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(toast(page, "Webhook added. New publications on its topics are posted there.")).toBeVisible();

    // The judges are read now rather than at the next ten minutes.
    await page.goto("/dashboard/practice-sync");
    await waitForForm(page);
    await page.getByRole("button", { name: en("dashboard.practice.readNow") }).click();
    await expect(page.getByText(en("dashboard.practice.asked"))).toBeVisible();
    await expect
      .poll(async () => site.judges.calls.some((call) => call.path.startsWith("/atcoder/contests/")), {
        timeout: 60_000,
      })
      .toBe(true);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(
          async () => {
            await page.goto("/contests");
            return page.getByRole("link", { name: ABC }).count();
          },
          { timeout: 60_000 },
        )
        .toBe(1);
      const judgesList = page.getByRole("region", { name: en("people.contests.judges") });
      await expect(judgesList.getByRole("link", { name: "AtCoder Regular Contest 196 (Div. 1)" })).toBeVisible();
      await expect(judgesList.getByText(/^AtCoder · .* · 1\.7 hours$/)).toBeVisible();
      await expect(page.getByRole("link", { name: en("people.contests.subscribe") })).toHaveAttribute(
        "href",
        "/subscribe",
      );
      await expectNoSidewaysScroll(page, width);
      // One axe run: a width changes the layout, not the markup.
      if (width === 390) await expectNoAxeViolations(page, `/contests at ${width} px`);
      await screenshotToLookAt(page, `contests-${width}`);
    }

    // The calendar feed has it too.
    const feed = await (await page.request.get("/contests.ics")).text();
    expect(feed).toContain("UID:atcoder-abc288@contests");

    // The reminder job runs every minute: the channel gets the contest once.
    const reminders = () => site.posts.filter((post) => post.content?.startsWith(`Contest in an hour: ${ABC}`));
    await expect.poll(() => reminders().length, { timeout: 150_000 }).toBe(1);
    // Its link: the demo's install knew the contest already, from AtCoder's own page.
    expect(reminders()[0]?.content).toMatch(/\/contests\/abc288$/);
  },
);
