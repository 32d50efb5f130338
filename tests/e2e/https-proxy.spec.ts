import crypto from "node:crypto";
import fs from "node:fs";
import { verifyEmailAt } from "../support/email-verification";
import { type RunningProxy, startNginxProxy } from "../support/nginx";
import { freePort, type RunningServer, startServer } from "../support/server";
import { logIn, newAccount } from "./support/accounts";
import { dialog, fillForm, toast, waitForForm } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

/**
 * The production server behind nginx terminating TLS (docs/deploy/nginx.conf), configured as
 * a deployment is: BASE_URL is the https address, the proxy forwards Host and
 * X-Forwarded-Proto. Every kind of form must work through it, with and without JavaScript.
 */
const admin = newAccount("https-admin");
let server: RunningServer;
let proxy: RunningProxy;

test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  const httpsPort = await freePort();
  server = await startServer({
    BASE_URL: `https://127.0.0.1:${httpsPort}`,
    SEED_DEMO: "false",
    ADMIN_EMAILS: admin.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
  });
  proxy = await startNginxProxy(Number(new URL(server.baseUrl).port), httpsPort);
});

test.afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

test("register and log in through https, with and without JavaScript", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ baseURL: proxy.baseUrl, javaScriptEnabled, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const account = javaScriptEnabled ? admin : newAccount("https-member");
    await page.goto("/register");
    await page.getByLabel("Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Retype password").fill(account.password);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("button", { name: /LogOut/ })).toBeVisible();

    await context.clearCookies();
    await logIn(page, account);
    const cookies = await context.cookies();
    expect(cookies.some((cookie) => cookie.secure && cookie.httpOnly)).toBe(true);
    await context.close();
  }
});

test("an admin adds and deletes a notice in the dashboard through https", async ({ page }) => {
  // ADMIN_EMAILS counts once the address registered above is proved, as its mailed link would.
  await verifyEmailAt(server.baseUrl, admin.email);
  await page.context().clearCookies();
  await page.goto(`${proxy.baseUrl}/login`);
  await logIn(page, admin, `${proxy.baseUrl}/login`);
  const name = `Proxied notice ${crypto.randomBytes(3).toString("hex")}`;
  await page.goto(`${proxy.baseUrl}/dashboard/add-notice`);
  await waitForForm(page);
  await fillForm(page, {
    Name: name,
    "Publishing date": "2099-01-02",
    "PDF link": "https://example.org/notice.pdf",
    Description: "Sent through nginx.",
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Added notice")).toBeVisible();

  await page.goto(`${proxy.baseUrl}/dashboard/all-notice?q=${encodeURIComponent(name)}`);
  await waitForForm(page);
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Notice! Deleted")).toBeVisible();
  await expect(page.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
});

test("a visitor without JavaScript submits the public notice form through https", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: proxy.baseUrl,
    javaScriptEnabled: false,
    ignoreHTTPSErrors: true,
  });
  const page = await context.newPage();
  await page.goto("/notice-form");
  await fillForm(page, {
    Name: `Proxied submission ${crypto.randomBytes(3).toString("hex")}`,
    "Publishing date": "2099-04-04",
    "PDF link": "https://example.org/submitted.pdf",
    Description: "Please publish this.",
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toContainText("Notice successfully added.");
  await context.close();
});
