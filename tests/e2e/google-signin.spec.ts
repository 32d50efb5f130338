import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import Provider from "oidc-provider";
import { googleErrorText } from "~/features/accounts/account-messages.server";
import { en } from "../support/messages";
import { freePort, type RunningServer, startServer } from "../support/server";
import { ensureAccount, newAccount } from "./support/accounts";
import { expect, test } from "./support/fixtures";

const ALLOWED_DOMAIN = "rmstu.ac.bd";
const CLIENT = { id: "club-website-test", secret: "club-website-test-secret" };

/**
 * A local OpenID Connect provider stands in for Google. Its development login form takes
 * any login and password; the login typed there becomes the account's email. Its port is
 * bound before the site's is chosen, so the two never collide.
 */
async function startOidcProvider() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    /** Registers the test client for the site's callback address and starts answering. */
    serve(redirectUri: string) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ["authorization_code"],
            response_types: ["code"],
          },
        ],
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        // A login starting "unverified" is an address the provider has not verified.
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({
            sub,
            email: sub,
            email_verified: !sub.startsWith("unverified"),
            name: `Google ${sub.split("@")[0]}`,
          }),
        }),
        features: { devInteractions: { enabled: true } },
      });
      server.on("request", provider.callback());
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let site: RunningServer;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  oidc = await startOidcProvider();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  oidc.serve(`${baseUrl}/api/auth/oauth2/callback/google`);
  site = await startServer({
    PORT: String(port),
    SEED_DEMO: "false",
    GOOGLE_CLIENT_ID: CLIENT.id,
    GOOGLE_CLIENT_SECRET: CLIENT.secret,
    OIDC_DISCOVERY_URL: `${oidc.issuer}/.well-known/openid-configuration`,
    OIDC_ALLOWED_DOMAIN: ALLOWED_DOMAIN,
  });
});

test.afterAll(async () => {
  await site?.stop();
  if (site) fs.rmSync(site.dataDir, { recursive: true, force: true });
  await oidc?.close();
});

/** Clicks 'Google Sign In' on our /login and signs in at the provider as `email`. */
async function signInWithGoogle(page: Page, email: string, from = "/login", on = site, provider = oidc) {
  await page.goto(`${on.baseUrl}${from}`);
  await page.getByRole("button", { name: en("accounts.login.google") }).click();
  await page.waitForURL(`${provider.issuer}/**`);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

const logOutButton = (page: Page) => page.getByRole("button", { name: /LogOut/ });

test("Google Sign In goes through the OIDC provider and comes back signed in", async ({ page }) => {
  await signInWithGoogle(page, `student@${ALLOWED_DOMAIN}`, "/login?redirectTo=%2Fabout");
  await expect(page).toHaveURL(`${site.baseUrl}/about`);
  await expect(page.getByRole("status").filter({ hasText: en("common.flash.login") })).toBeVisible();
  await expect(logOutButton(page)).toContainText("Google student");

  const record = await page.request.get(`${site.baseUrl}/api/users/student@${ALLOWED_DOMAIN}`);
  expect(await record.json()).toMatchObject({ email: `student@${ALLOWED_DOMAIN}`, displayName: "Google student" });
});

test("an address outside OIDC_ALLOWED_DOMAIN is refused", async ({ page }) => {
  await signInWithGoogle(page, "someone@gmail.com");
  await expect(page).toHaveURL(/\/login\?.*error=domain_not_allowed/);
  await expect(page.getByRole("alert")).toHaveText(googleErrorText(en, "domain_not_allowed", ALLOWED_DOMAIN));
  await expect(logOutButton(page)).toHaveCount(0);
  const me = await page.request.get(`${site.baseUrl}/api/users/someone@gmail.com`);
  expect(me.status()).toBe(401);
});

test("Google Sign In never joins an existing password account", async ({ page }) => {
  const account = { ...newAccount(), email: `linked-${Date.now()}@${ALLOWED_DOMAIN}` };
  await ensureAccount(page.request, site.baseUrl, account);
  await page.context().clearCookies();
  await signInWithGoogle(page, account.email);
  await expect(page.getByRole("alert")).toHaveText(googleErrorText(en, "account_not_linked"));
  await expect(logOutButton(page)).toHaveCount(0);
});

test("an address the provider has not verified is refused where OIDC_ALLOWED_DOMAIN asks for verified ones", async ({
  page,
}) => {
  await signInWithGoogle(page, `unverified-student@${ALLOWED_DOMAIN}`);
  await expect(page).toHaveURL(/\/login\?.*error=domain_not_allowed/);
  await expect(logOutButton(page)).toHaveCount(0);
});

test.describe("without OIDC_ALLOWED_DOMAIN, the provider's email_verified says whether the address is proved", () => {
  let openSite: RunningServer;
  let openOidc: Awaited<ReturnType<typeof startOidcProvider>>;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    openOidc = await startOidcProvider();
    const port = await freePort();
    openOidc.serve(`http://127.0.0.1:${port}/api/auth/oauth2/callback/google`);
    openSite = await startServer({
      PORT: String(port),
      SEED_DEMO: "false",
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      OIDC_DISCOVERY_URL: `${openOidc.issuer}/.well-known/openid-configuration`,
    });
  });

  test.afterAll(async () => {
    await openSite?.stop();
    if (openSite) fs.rmSync(openSite.dataDir, { recursive: true, force: true });
    await openOidc?.close();
  });

  const banner = (page: Page) => page.getByRole("region", { name: en("accounts.verify.region") });
  /** What the server says of the signed-in address when asked for a new link: already proved, or a link sent. */
  const askForLink = async (page: Page) => {
    const answer = await page.request.post(`${openSite.baseUrl}/email-verification`, {
      form: { redirectTo: "/about" },
      headers: { Origin: openSite.baseUrl },
      maxRedirects: 0,
    });
    return /flash=([\w-]+)/.exec(answer.headers()["set-cookie"] ?? "")?.[1];
  };

  test("email_verified true: proved at once, no banner", async ({ page }) => {
    await signInWithGoogle(page, "proved@gmail.com", "/login?redirectTo=%2Fabout", openSite, openOidc);
    await expect(page).toHaveURL(`${openSite.baseUrl}/about`);
    await expect(logOutButton(page)).toContainText("Google proved");
    await expect(banner(page)).toHaveCount(0);
    expect(await askForLink(page)).toBe("email-verified");
  });

  test("email_verified false: signed in, but the banner asks to confirm the address", async ({ page }) => {
    await signInWithGoogle(page, "unverified-someone@gmail.com", "/login?redirectTo=%2Fabout", openSite, openOidc);
    await expect(page).toHaveURL(`${openSite.baseUrl}/about`);
    await expect(logOutButton(page)).toContainText("Google unverified-someone");
    await expect(banner(page)).toContainText("unverified-someone@gmail.com");
    expect(await askForLink(page)).toBe("verification-sent");
  });
});
