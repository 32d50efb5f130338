import crypto from "node:crypto";
import { type APIRequestContext, type Cookie, expect, type Page } from "@playwright/test";
import { verifyEmailAt } from "../../support/email-verification";

/** ADMIN_EMAILS of the shared e2e server lists this address (global-setup.ts). */
export const E2E_ADMIN = { name: "E2E Admin", email: "e2e-admin@example.org", password: "e2e-admin-password" };

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A fresh address per call, so tests never collide on the shared server. */
export function newAccount(prefix = "member"): TestAccount {
  const id = crypto.randomBytes(4).toString("hex");
  return { name: `Member ${id}`, email: `${prefix}-${id}@example.org`, password: `pw-${id}-secret` };
}

/**
 * Creates the account through better-auth's JSON endpoint (an existing account is fine) and
 * proves its address as the mailed link would, unless `verified: false`.
 */
export async function ensureAccount(
  request: APIRequestContext,
  baseURL: string,
  account: TestAccount,
  { verified = true } = {},
) {
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    data: { name: account.name, email: account.email, password: account.password },
    headers: { Origin: baseURL },
  });
  expect([200, 422]).toContain(response.status());
  if (verified) await verifyEmailAt(baseURL, account.email);
}

/** Every page offers it to someone signed in, in the header or the dashboard's top bar. */
const LOG_OUT_FORM = 'form[action="/logout"]';

/** Logs in through the /login form and waits for the LogOut button to be on the page. */
export async function logIn(page: Page, account: Pick<TestAccount, "email" | "password">, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  // On a phone the LogOut button sits in the closed menu: it is there, not necessarily in sight.
  await expect(page.locator(`${LOG_OUT_FORM} button`)).toBeAttached();
}

/**
 * The admin's session cookies, by server: signing in through the form (two password hashes and
 * four page loads) is tested by the accounts spec, so later sign-ins of a worker reuse the session.
 */
const adminSessions = new Map<string, Cookie[]>();

/**
 * Signs in as the e2e admin (registering it on first use) and opens `landing`, the dashboard
 * unless said: a test that starts on a screen loads it once, not the dashboard first.
 */
export async function logInAsAdmin(page: Page, baseURL: string, landing = "/dashboard") {
  const context = page.context();
  await context.clearCookies();
  const saved = adminSessions.get(baseURL);
  if (saved) {
    await context.addCookies(saved);
    await page.goto(landing);
    // A test that signed the admin out ended that session (the page offers no LogOut): sign in afresh.
    if ((await page.locator(LOG_OUT_FORM).count()) > 0) return;
  }
  await ensureAccount(page.request, baseURL, E2E_ADMIN);
  // A sign-up through the page's own request context would leave its cookies behind.
  await context.clearCookies();
  await logIn(page, E2E_ADMIN);
  adminSessions.set(baseURL, await context.cookies());
  if (landing !== "/dashboard") await page.goto(landing);
}

/** React marks the DOM nodes it has hydrated; until then a click is a plain HTML submit. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactFiber"));
  });
}
