import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { en } from "../support/messages";
import { type RunningServer, startServer } from "../support/server";
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from "../support/smtp";
import { E2E_ADMIN, ensureAccount, logInAsAdmin, newAccount } from "./support/accounts";
import { dialog, expectNoAxeViolations, fillForm, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

/**
 * Email subscriptions end to end, on a server of its own that sends through a real SMTP server
 * the test starts, with a local HTTP server standing in for a Discord channel. Jobs retry once
 * after a second, so a failing webhook shows as failed quickly.
 */
interface MailSite {
  server: RunningServer;
  smtp: TestSmtpServer;
  chatUrl: string;
  /** What the stand-in Discord channel was sent; `status` is what it answers next. */
  chat: { posts: { content?: string }[]; status: number };
}

async function startChatServer(chat: MailSite["chat"]) {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      chat.posts.push(JSON.parse(body || "{}"));
      res.writeHead(chat.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook` };
}

const mailTest = test.extend<object, { site: MailSite }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const smtp = await startTestSmtpServer();
      const chat = { posts: [] as { content?: string }[], status: 200 };
      const chatServer = await startChatServer(chat);
      const server = await startServer({
        ADMIN_EMAILS: E2E_ADMIN.email,
        AUTH_RATE_LIMIT_MAX: "10000",
        PUBLIC_FORM_RATE_LIMIT_MAX: "10000",
        SMTP_URL: smtp.url,
        MAIL_FROM: "RMSTU Programming Club <club@example.org>",
        SMTP_RATE_PER_MINUTE: "6000",
        JOB_RETRY_LIMIT: "1",
        JOB_RETRY_DELAY_SECONDS: "1",
        // The stand-in Discord channel listens on 127.0.0.1.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      });
      await use({ server, smtp, chat, chatUrl: chatServer.url });
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await smtp.close();
      chatServer.server.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.server.baseUrl),
});

mailTest.describe.configure({ mode: "serial" });

const mailsTo = (smtp: TestSmtpServer, email: string) => smtp.received.filter((mail) => mail.to.includes(email));

function linkIn(mail: ReceivedMail, path: string): string {
  const link = new RegExp(`http://127\\.0\\.0\\.1:\\d+${path}/\\S+`).exec(mail.parsed.text ?? "")?.[0];
  if (!link) throw new Error(`No ${path} link in: ${mail.parsed.text}`);
  return link;
}

async function subscribe(page: Page, email: string) {
  await page.goto("/subscribe");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText(en("accounts.subscribe.checkInbox"))).toBeVisible();
}

async function confirmFromMail(page: Page, smtp: TestSmtpServer, email: string) {
  // An account's own address also gets the mail that proves it: the subscription's is the one with its link.
  const mail = await smtp.waitFor(
    (received) => received.to.includes(email) && (received.parsed.text ?? "").includes("/subscribe/confirm/"),
  );
  expect(mail.parsed.subject).toBe("Confirm your subscription to RMSTU Programming Club");
  await page.goto(linkIn(mail, "/subscribe/confirm"));
  await expect(page.getByText(en("accounts.subscription.confirmed"))).toBeVisible();
}

async function publishNotice(page: Page, name: string) {
  await page.goto("/dashboard/add-notice");
  await waitForForm(page);
  await fillForm(page, {
    Name: name,
    "Publishing date": "2099-01-02",
    "PDF link": "https://example.org/notice.pdf",
    Description: `About ${name}.`,
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Added notice")).toBeVisible();
}

mailTest(
  "subscribe, confirm from the mail, get a published notice, unsubscribe from its link, get nothing after",
  async ({ page, browser, site }) => {
    const { smtp } = site;
    mailTest.setTimeout(180_000);
    const id = crypto.randomBytes(3).toString("hex");
    const reader = `reader-${id}@example.org`;
    // Stays subscribed: once the second notice reaches it, the reader's mail would have too.
    const control = `control-${id}@example.org`;

    // A second person, in a browser context of their own (axe needs a context, not a bare page).
    const visitor = await (await browser.newContext({ baseURL: site.server.baseUrl })).newPage();
    await subscribe(visitor, reader);
    await subscribe(visitor, control);
    await confirmFromMail(visitor, smtp, reader);
    await confirmFromMail(visitor, smtp, control);

    await logInAsAdmin(page, site.server.baseUrl);
    const first = `Lab hours ${id}`;
    await publishNotice(page, first);
    const notice = await smtp.waitFor(
      (mail) => mail.to.includes(reader) && mail.parsed.subject === `New notice: ${first}`,
    );
    expect(notice.parsed.text).toContain(`About ${first}.`);
    expect(notice.parsed.html).toContain(`About ${first}.`);
    const headers = notice.raw.slice(0, notice.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const unsubscribeUrl = /^List-Unsubscribe: <(\S+)>$/m.exec(headers)?.[1] ?? "";
    expect(unsubscribeUrl).toBe(linkIn(notice, "/unsubscribe"));

    // The preferences page from the mail needs no account.
    await visitor.goto(linkIn(notice, "/subscriptions"));
    await expect(visitor.getByText(reader)).toBeVisible();
    await expect(visitor.getByRole("checkbox", { name: "Notices" })).toBeChecked();
    await expectNoAxeViolations(visitor, "the preferences page");

    await visitor.goto(unsubscribeUrl);
    await expectNoAxeViolations(visitor, "the unsubscribe page");
    await visitor.getByRole("button", { name: "Unsubscribe", exact: true }).click();
    await expect(visitor.getByText(en("accounts.unsubscribe.done"))).toBeVisible();

    const second = `Exam week ${id}`;
    await publishNotice(page, second);
    await smtp.waitFor((mail) => mail.to.includes(control) && mail.parsed.subject === `New notice: ${second}`);
    expect(mailsTo(smtp, reader).map((mail) => mail.parsed.subject)).toEqual([
      "Confirm your subscription to RMSTU Programming Club",
      `New notice: ${first}`,
    ]);
    // The links of an unsubscribed address lead nowhere.
    await visitor.goto(linkIn(notice, "/subscriptions"));
    await expect(visitor.getByText(en("accounts.subscription.badLink"))).toBeVisible();

    // A mail app's one-click unsubscribe (RFC 8058): a form POST to the List-Unsubscribe address,
    // without cookies or an Origin.
    const controlMail = await smtp.waitFor(
      (mail) => mail.to.includes(control) && mail.parsed.subject === `New notice: ${second}`,
    );
    const oneClick = await fetch(linkIn(controlMail, "/unsubscribe"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await visitor.goto(linkIn(controlMail, "/subscriptions"));
    await expect(visitor.getByText(en("accounts.subscription.badLink"))).toBeVisible();
  },
);

mailTest(
  "the subscribe form names a bad field, keeps what was typed, and says the same for a known address",
  async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/subscribe");
    await expectNoAxeViolations(page, "/subscribe at 390 px");
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("checkbox", { name: "Notices" }).uncheck();
    await page.getByRole("checkbox", { name: "Contest results" }).check();
    await page.getByRole("radio", { name: /weekly digest/ }).check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Email must be an address such as name@example.org")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("not an email");
    await expect(page.getByRole("checkbox", { name: "Contest results" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Notices" })).not.toBeChecked();
    await expect(page.getByRole("radio", { name: /weekly digest/ })).toBeChecked();
    await expectNoAxeViolations(page, "/subscribe with an error");
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);

    // No topic at all is named too.
    await page.getByLabel("Email").fill("someone@example.org");
    await page.getByRole("checkbox", { name: "Contest results" }).uncheck();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Topics: choose at least one")).toBeVisible();
  },
);

mailTest(
  "a member subscribes from the dashboard; the address is confirmed from the mail first",
  async ({ page, site }) => {
    const member = newAccount("subscriber");
    // Signing up signs the browser in. The address is not proved yet (a proved one is subscribed at once).
    await ensureAccount(page.request, site.server.baseUrl, member, { verified: false });
    await page.goto("/dashboard/notifications");
    await waitForForm(page);
    await expectNoAxeViolations(page, "/dashboard/notifications");
    await page.getByRole("checkbox", { name: "Events: Workshop" }).check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText(`We sent a link to ${member.email}`)).toBeVisible();
    await expect(page.getByText("Waiting for you to open the confirmation link we mailed.")).toBeVisible();
    await confirmFromMail(page, site.smtp, member.email);
    await page.goto("/dashboard/notifications");
    await expect(page.getByText("Subscribed.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Events: Workshop" })).toBeChecked();

    // Unsubscribing asks first.
    await waitForForm(page);
    await page.getByRole("button", { name: "Unsubscribe from everything" }).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, en("tools.notifications.unsubscribed"))).toBeVisible();
    await expect(page.getByText("You get no mail from the club now.")).toBeVisible();
  },
);

mailTest(
  "an admin adds a Discord webhook: new events are posted, a failing post shows as failed with Retry",
  async ({ page, site }) => {
    const { chat, chatUrl } = site;
    mailTest.setTimeout(120_000);
    const id = crypto.randomBytes(3).toString("hex");
    await logInAsAdmin(page, site.server.baseUrl, "/dashboard/webhooks");
    await waitForForm(page);
    // Only the chosen kind's fields show.
    await page.getByLabel("Kind").selectOption({ label: "Telegram bot" });
    await expect(page.getByLabel("Webhook URL (Discord or Slack-compatible)")).toHaveCount(0);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Bot token is required")).toBeVisible();
    await expect(page.getByText("Chat ID is required")).toBeVisible();
    await page.getByLabel("Kind").selectOption({ label: "Discord webhook" });
    await expect(page.getByLabel("Bot token (Telegram)")).toHaveCount(0);
    await page.getByLabel("Name", { exact: true }).fill(`Club Discord ${id}`);
    await page.getByRole("checkbox", { name: "Events: Seminar" }).check();
    // A user name or password in the address is refused, even where private networks are allowed.
    await page.getByLabel("Webhook URL (Discord or Slack-compatible)").fill(chatUrl.replace("//", "//user:pass@"));
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Webhook URL must not hold a user name or password")).toBeVisible();
    await page.getByLabel("Webhook URL (Discord or Slack-compatible)").fill(chatUrl);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(toast(page, "Webhook added. New publications on its topics are posted there.")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(`Club Discord ${id}`) });
    await expect(row.getByText("Address saved (hidden)")).toBeVisible();
    // Never shown again, not even in the page's data.
    expect(await page.content()).not.toContain(chatUrl);
    await expectNoAxeViolations(page, "/dashboard/webhooks");

    const addEvent = async (name: string) => {
      await page.goto("/dashboard/add-event");
      await waitForForm(page);
      await fillForm(page, {
        Name: name,
        "Event type": "Seminar",
        "Start date": "2099-05-01",
        "Start time": "10:00",
        "Problem count": "0",
        Duration: "2 Hours",
        Details: "Room 301.",
      });
      await page.getByRole("button", { name: "Submit" }).click();
      await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
      await expect(toast(page, "Seminar Event! added")).toBeVisible();
    };
    await addEvent(`Graphs ${id}`);
    await expect
      .poll(() => chat.posts.some((post) => post.content?.includes(`Graphs ${id}`)), { timeout: 60_000 })
      .toBe(true);

    chat.status = 500;
    await addEvent(`Broken ${id}`);
    await page.goto("/dashboard/jobs");
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(`Club Discord ${id} (discord) answered 500`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expectNoAxeViolations(page, "/dashboard/jobs");
    chat.status = 200;
    await waitForForm(page);
    await page.getByRole("button", { name: `Retry: Club Discord ${id} (discord) answered 500` }).click();
    await expect(toast(page, "Sent back to its queue: it runs again in a moment.")).toBeVisible();
    await expect
      .poll(() => chat.posts.some((post) => post.content?.includes(`Broken ${id}`)), { timeout: 60_000 })
      .toBe(true);
  },
);
