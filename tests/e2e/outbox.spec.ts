import crypto from "node:crypto";
import { en } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { expectNoAxeViolations } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

/** Without SMTP_URL (the shared e2e server, as a fresh install) mail waits in the outbox for admins to read. */
test("a confirmation mail lands in the outbox, where an admin reads it", async ({ page, browser, baseURL }) => {
  const email = `outbox-${crypto.randomBytes(3).toString("hex")}@example.org`;
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto("/subscribe");
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByRole("button", { name: "Subscribe" }).click();
  await expect(visitor.getByText(en("accounts.subscribe.checkInbox"))).toBeVisible();

  await logInAsAdmin(page, baseURL!);
  await expect(async () => {
    await page.goto("/dashboard/outbox");
    await expect(page.getByRole("row", { name: new RegExp(email) }).getByText("Kept here (no SMTP)")).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000 });
  await expectNoAxeViolations(page, "/dashboard/outbox");
  await page
    .getByRole("link", { name: `Read Confirm your subscription to RMSTU Programming Club to ${email}` })
    .click();
  await expect(
    page.getByRole("heading", { name: "Confirm your subscription to RMSTU Programming Club" }),
  ).toBeVisible();
  await expect(
    page.getByText(/Confirm my subscription: http:\/\/127\.0\.0\.1:\d+\/subscribe\/confirm\//),
  ).toBeVisible();
  await expectNoAxeViolations(page, "a mail in the outbox");
});
