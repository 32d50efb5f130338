import { bn, en } from "../support/messages";
import { ensureAccount, logIn, logInAsAdmin, newAccount } from "./support/accounts";
import { dialog, expectNoAxeViolations, removeByName } from "./support/dashboard";
import { expect, PHONE, screenshotToLookAt, test } from "./support/fixtures";

test.setTimeout(180_000);

test("an admin records a bKash payment on a phone, sees the member paid, and the member downloads the receipt, in both languages", async ({
  page,
  browser,
  baseURL,
}) => {
  const member = { ...newAccount("payer"), name: "ফারহানা ইয়াসমিন" };
  const reference = `TX${Date.now().toString(36).toUpperCase()}`;
  await logInAsAdmin(page, baseURL!);
  const origin = { Origin: baseURL! };
  // The demo's round is open and asks 200 taka; the member applies and is approved.
  const [round] = (await (await page.request.get("/api/membership-rounds")).json()) as { _id: string }[];
  const memberContext = await browser.newContext({ baseURL, viewport: PHONE });
  await ensureAccount(memberContext.request, baseURL!, member);
  // Signed in afresh after the address is proved (what a session shows is read when it starts).
  await memberContext.clearCookies();
  const memberPage = await memberContext.newPage();
  await logIn(memberPage, member);
  const applied = await memberContext.request.post(`/api/membership-rounds/${round?._id}/applications`, {
    headers: origin,
    data: { name: member.name, batch: 9, photoURL: "https://example.org/a.png" },
  });
  expect(applied.status()).toBe(201);
  const { insertedId } = (await applied.json()) as { insertedId: string };
  const approved = await page.request.post(`/api/membership-applications/${insertedId}/approve`, {
    headers: origin,
    data: {},
  });
  expect(approved.status()).toBe(200);

  // On a phone, the admin records the bKash payment.
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/membership?lang=en");
  const record = page.locator("form#record-payment");
  await record.getByLabel(en("tools.dues.payer")).selectOption({ label: member.name });
  await record.getByLabel(en("tools.dues.method")).selectOption({ label: en("tools.dues.methodName.bkash") });
  await record.getByLabel(en("tools.dues.reference")).fill(reference);
  await expect(record.getByLabel(en("tools.dues.amount"))).toHaveValue("200.00");
  await expectNoAxeViolations(page, "the membership screen with its dues (en, 390 px)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshotToLookAt(page, "membership-390-en");
  await record.getByRole("button", { name: en("tools.dues.record") }).click();
  await expect(dialog(page)).toContainText(en("tools.dues.paymentTitle"));
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  const notifications = page.getByRole("region", { name: /Notifications/ });
  await expect(notifications.getByText(new RegExp(`^Payment from ${member.name} recorded: receipt R-`))).toBeVisible();

  // Shown paid under the paid filter.
  await page.getByLabel(en("tools.dues.filter")).selectOption({ label: en("tools.dues.paid") });
  await page
    .getByRole("button", { name: en("tools.membership.show") })
    .last()
    .click();
  await expect(page).toHaveURL(/dues=paid/);
  const duesRows = page.locator("section[aria-labelledby=dues-heading]").getByRole("row");
  const row = duesRows.filter({ hasText: member.name });
  await expect(row).toContainText(en("tools.dues.paid"));
  await expect(row).toContainText("200.00 BDT");

  // In Bangla on a wide screen, the same screen is clean too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/dashboard/membership?lang=bn&dues=paid&round=${round?._id}`);
  await expect(duesRows.filter({ hasText: member.name })).toContainText(bn("tools.dues.paid"));
  await expectNoAxeViolations(page, "the membership screen with its dues (bn, 1280 px)");
  await screenshotToLookAt(page, "membership-1280-bn");

  // The member sees the receipt on their dashboard, in both languages, and downloads it.
  for (const [language, t] of [
    ["en", en],
    ["bn", bn],
  ] as const) {
    await memberPage.goto(`/dashboard?lang=${language}`);
    const receipts = memberPage.getByRole("region", { name: t("dashboard.home.receipts") });
    await expect(receipts).toContainText("200.00 BDT");
    await expect(receipts).toContainText(t("tools.dues.methodName.bkash"));
    await expectNoAxeViolations(memberPage, `the member's dashboard with a receipt (${language}, 390 px)`);
    expect(await memberPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotToLookAt(memberPage, `member-dashboard-390-${language}`);
  }
  const download = memberPage.getByRole("link", { name: /R-[0-9A-Z]{10}/ });
  const href = (await download.getAttribute("href")) ?? "";
  const pdf = await memberContext.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await memberPage.setViewportSize({ width: 1280, height: 800 });
  await memberPage.goto("/dashboard?lang=en");
  await screenshotToLookAt(memberPage, "member-dashboard-1280-en");
  await memberContext.close();
  // The approval made a student record: the reads of the demo's students stay as seeded.
  await removeByName(page, "students", member.name);
});
