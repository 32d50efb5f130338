import type { Page } from "@playwright/test";
import { dashboardMenu } from "~/wiring/dashboard-menu";
import { en } from "../support/messages";
import { ensureAccount, logIn, logInAsAdmin, newAccount, type TestAccount, waitForHydration } from "./support/accounts";
import { expectNoAxeViolations } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

async function register(page: Page, account: TestAccount, retype = account.password) {
  await page.goto("/register");
  await page.getByLabel("Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Retype password").fill(retype);
  await page.getByRole("button", { name: "Register" }).click();
}

const logOutButton = (page: Page) => page.getByRole("button", { name: /LogOut/ });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("register, log out and log in again with the same account", async ({ page }) => {
  const account = newAccount();
  await register(page, account);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.register") })).toBeVisible();
  await expect(logOutButton(page)).toContainText(account.name);
  await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  await logOutButton(page).click();
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(logOutButton(page)).toHaveCount(0);

  await logIn(page, account);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.login") })).toBeVisible();
});

test("with JavaScript the login form submits without a page load and shows the spinner", async ({ page, baseURL }) => {
  const account = newAccount();
  await ensureAccount(page.request, baseURL!, account);
  await page.context().clearCookies();
  await page.goto("/login");
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  // Hold the answer back until the spinner has been seen.
  let release = () => {};
  const spinnerSeen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/login.data*", async (route) => {
    await spinnerSeen;
    await route.continue();
  });
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: en("accounts.loading") })).toBeVisible();
  release();
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.login") })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("a wrong password shows the error alert of the identity layer", async ({ page, baseURL }) => {
  const account = newAccount();
  await ensureAccount(page.request, baseURL!, account);
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/login/);
  await expect(logOutButton(page)).toHaveCount(0);
});

test.describe("mismatched passwords", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`show the alert and create no account (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled, baseURL });
      const page = await context.newPage();
      const account = newAccount("mismatch");
      await register(page, account, `${account.password}-typo`);
      await expect(page.getByRole("alert")).toHaveText(en("accounts.register.passwordMismatch"));
      await expect(logOutButton(page)).toHaveCount(0);
      await context.close();

      // Logging in proves whether the account exists.
      const check = await request.post(`${baseURL}/api/auth/sign-in/email`, {
        data: { email: account.email, password: account.password },
      });
      expect(check.status()).toBe(401);
    });
  }
});

test("login and register work without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const account = newAccount("nojs");
  await register(page, account);
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.register") })).toBeVisible();
  await logOutButton(page).click();
  await expect(logOutButton(page)).toHaveCount(0);
  await logIn(page, account);
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.login") })).toBeVisible();
  await context.close();
});

test("without JavaScript a password change keeps the person signed in, and a common password is refused with why", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const common = newAccount("common");
  await register(page, { ...common, password: "iloveyou" });
  await expect(page.getByRole("alert")).toHaveText(en("accounts.password.common"));
  await expect(page.getByLabel("Email")).toHaveValue(common.email);

  const account = newAccount("nojs-password");
  await register(page, account);
  await page.goto("/dashboard/profile");
  const changePassword = async (next: string) => {
    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password", { exact: true }).fill(next);
    await page.getByLabel("Retype new password").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
  };
  await changePassword(account.email);
  await expect(page.getByRole("alert")).toHaveText(en("accounts.password.personal"));
  await changePassword("another-long-secret-7");
  await expect(page).toHaveURL("/dashboard/profile");
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.password-changed") })).toBeVisible();
  await expect(logOutButton(page)).toBeVisible();
  await page.reload();
  await expect(logOutButton(page)).toBeVisible();
  await context.close();
});

test("login from a public page returns there", async ({ page, baseURL }) => {
  const account = newAccount();
  await ensureAccount(page.request, baseURL!, account);
  await page.context().clearCookies();
  await page.goto("/teachers");
  await mainNav(page).getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL("/login?redirectTo=%2Fteachers");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL("/teachers");
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.login") })).toBeVisible();
});

test("an open redirect target is ignored", async ({ page, baseURL }) => {
  const account = newAccount();
  await ensureAccount(page.request, baseURL!, account);
  await page.context().clearCookies();
  await logIn(page, account, "/login?redirectTo=//evil.example/steal");
  await expect(page).toHaveURL("/");
});

test("an admin lands on /dashboard, sees the grouped menu, and the Dashboard link on public pages", async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL!);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("link", { name: en("dashboard.home.rootContent") })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  for (const group of dashboardMenu) {
    await expect(sidebar.getByRole("heading", { name: en(group.heading) })).toBeVisible();
    for (const link of group.links) {
      await expect(sidebar.locator(`a[href="/dashboard/${link.to}"]`)).toHaveCount(1);
    }
  }
  // The dashboard's top bar leads back to the public site, whose navigation leads to the dashboard.
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Public site/ })
    .click();
  await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
});

test("the dashboard asks for a login and comes back", async ({ page, baseURL }) => {
  const account = newAccount();
  await ensureAccount(page.request, baseURL!, account);
  await page.context().clearCookies();
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL("/login?redirectTo=%2Fdashboard%2Fprofile");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL("/dashboard/profile");
});

test("a General user sees Coming Soon, can rename and change the password, and is kept out of admin screens", async ({
  page,
  baseURL,
}) => {
  const account = newAccount();
  await ensureAccount(page.request, baseURL!, account);
  await page.context().clearCookies();
  await logIn(page, account);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("dashboard.home.comingSoonHeading"));
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toHaveCount(0);
  await expectNoAxeViolations(page, "the Coming Soon panel");

  await page.getByRole("link", { name: "Update your profile" }).click();
  await expect(page).toHaveURL("/dashboard/profile");
  await expectNoAxeViolations(page, "the profile page");
  await page.getByLabel("Display name").fill("Renamed Member");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status").filter({ hasText: en("dashboard.profile.nameSaved") })).toBeVisible();
  await expect(logOutButton(page)).toContainText("Renamed Member");

  await page.getByLabel("Current password").fill(account.password);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("Retype new password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.password-changed") })).toBeVisible();
  await logOutButton(page).click();
  // Signed out before signing in again: a logout still in flight would clear the new session's cookie.
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await logIn(page, { email: account.email, password: "a-brand-new-password" });

  const forbidden = await page.goto("/dashboard/users");
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admins only");
});

test("the login and register screens pass axe; Google without configuration says so", async ({ page }) => {
  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("accounts.register.heading"));
  await expect(page.getByRole("link", { name: en("accounts.register.toLogin") })).toHaveAttribute("href", "/login");
  await expectNoAxeViolations(page, "/register");

  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("accounts.login.heading"));
  await expect(page.getByRole("link", { name: en("accounts.login.toRegister") })).toHaveAttribute("href", "/register");
  await expectNoAxeViolations(page, "/login");
  await page.getByRole("button", { name: en("accounts.login.google") }).click();
  await expect(page.getByRole("alert")).toHaveText(en("accounts.login.googleNotConfigured"));
  await expectNoAxeViolations(page, "/login with an error alert");
});

test("admins promote and revoke from the users table after confirming", async ({ page, baseURL }) => {
  const member = newAccount("promote");
  await ensureAccount(page.request, baseURL!, member);
  await logInAsAdmin(page, baseURL!, "/dashboard/users");
  // Oldest accounts come first, 25 a page: a new member is found by searching.
  await page.getByRole("searchbox", { name: "Search" }).fill(member.email);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page.getByText(`Showing 1–1 of 1 matching “${member.email}”`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row.getByRole("cell").nth(3)).toHaveText("General");

  await row.getByRole("button", { name: "Make Admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "No" }).click();
  await expect(page.getByRole("status").filter({ hasText: en("dashboard.notSaved") })).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("General");

  await row.getByRole("button", { name: "Make Admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("status").filter({ hasText: en("dashboard.users.madeAdmin") })).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("admin");

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("status").filter({ hasText: en("dashboard.users.revokedAdmin") })).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("General");
  await expectNoAxeViolations(page, "the users table");
});

test("without JavaScript the users table asks on a second step, then promotes", async ({ browser, baseURL }) => {
  const member = newAccount("promote-plain");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await ensureAccount(page.request, baseURL!, member);
  await logInAsAdmin(page, baseURL!, `/dashboard/users?q=${encodeURIComponent(member.email)}`);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await row.getByRole("button", { name: "Make Admin" }).click();
  await expect(page.getByRole("heading", { name: "Make admin?" })).toBeVisible();
  await page.getByRole("button", { name: "No", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: en("dashboard.notSaved") })).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("General");

  await row.getByRole("button", { name: "Make Admin" }).click();
  await page.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: en("dashboard.users.madeAdmin") })).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toHaveText("admin");
  await context.close();
});

test("the make-admin page promotes by email", async ({ page, baseURL }) => {
  const member = newAccount("make-admin");
  await ensureAccount(page.request, baseURL!, member);
  await logInAsAdmin(page, baseURL!, "/dashboard/make-admin");
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Make Admin" }).click();
  // Like every admin action, it asks first; No changes nothing.
  const question = page.getByRole("dialog");
  await expect(question).toContainText(member.email);
  await question.getByRole("button", { name: "No" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(member.email);
  await page.getByRole("button", { name: "Make Admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("status").filter({ hasText: en("dashboard.users.madeAdmin") })).toBeVisible();

  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Make Admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is already an admin" })).toBeVisible();
  await expectNoAxeViolations(page, "the make-admin page");

  await page.context().clearCookies();
  await logIn(page, member);
  await expect(page).toHaveURL("/dashboard");
});

test("an unknown dashboard screen is the normal 404", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL!);
  const response = await page.goto("/dashboard/no-such-screen");
  expect(response?.status()).toBe(404);
});

/**
 * A new account's banner at this width: axe finds nothing in it, and the keyboard reaches "send
 * the link again" in the page's order and sends it with Enter.
 */
async function resendByKeyboard(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  const account = newAccount("verify");
  await register(page, account);
  const banner = page.getByRole("region", { name: en("accounts.verify.region") });
  await expect(banner).toContainText(account.email);
  await expectNoAxeViolations(page, `the banner at ${viewport.width} px`);
  const resend = banner.getByRole("button", { name: en("accounts.verify.resend") });
  await page.locator("body").focus();
  for (let presses = 0; presses < 60 && !(await resend.evaluate((button) => button === document.activeElement)); ) {
    await page.keyboard.press("Tab");
    presses++;
  }
  await expect(resend).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.verification-sent") })).toBeVisible();
  return { account, banner };
}

test(`a new account proves its address from the mailed link; the banner works by keyboard at ${PHONE.width} px`, async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { account, banner } = await resendByKeyboard(page, PHONE);

  // Without SMTP the mails wait in the outbox: an admin reads the link there.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await logInAsAdmin(admin, baseURL!);
  const subject = "Confirm your email address for RMSTU Programming Club";
  await expect(async () => {
    await admin.goto("/dashboard/outbox");
    await expect(admin.getByRole("link", { name: `Read ${subject} to ${account.email}` })).toHaveCount(2, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await admin
    .getByRole("link", { name: `Read ${subject} to ${account.email}` })
    .first()
    .click();
  const action = await admin.getByText(/Confirm my email address: http/).textContent();
  const link = /https?:\/\/\S+/.exec(action ?? "")?.[0];
  expect(link, "the mail's link").toBeDefined();
  await admin.context().close();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.email-verified") })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto("/");
  // Still signed in (on a phone the LogOut button sits in the closed menu).
  await expect(page.locator('form[action="/logout"] button')).toBeAttached();
  await expect(banner).toHaveCount(0);
});

test("a new account's banner works by keyboard at 1280 px", async ({ page }) => {
  await resendByKeyboard(page, { width: 1280, height: 800 });
});
