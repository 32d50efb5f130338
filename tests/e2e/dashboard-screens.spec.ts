import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { dashboardMenu } from "~/content/accounts";
import { NETWORK_ERROR_MESSAGE } from "~/lib/dashboard-action";
import { E2E_ADMIN, ensureAccount, logInAsAdmin } from "./support/accounts";
import {
  dialog,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutScript,
  fillForm,
  removeByName,
  toast,
  waitForForm,
} from "./support/dashboard";

const uniqueName = (what: string) => `E2E ${what} ${crypto.randomBytes(3).toString("hex")}`;

test("every dashboard screen has zero axe violations", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await logInAsAdmin(page, baseURL!);
  const paths = ["/dashboard", ...dashboardMenu.flatMap((group) => group.links.map((link) => `/dashboard/${link.to}`))];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectNoAxeViolations(page, path);
  }
});

test("the add-event form is 'Add Programming Contest' and refuses 'Select One'", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL!);
  await page.goto("/dashboard/add-event");
  await waitForForm(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add Programming Contest");
  await expect(page.getByLabel("Event type")).toHaveValue("");
  await expect(page.getByLabel("Event type").locator("option").first()).toHaveText("Select One");
  await fillForm(page, { Name: "No type", "Start time": "10:00", "Problem count": "5", Duration: "1 Hour" });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByText(/^Event type must be one of/)).toBeVisible();
  await expect(page.getByText("Details is required")).toBeVisible();
  await expect(page.getByLabel("Event type")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("No type");
});

test("a failed call shows a clear message and keeps what was typed", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL!);
  await page.goto("/dashboard/add-notice");
  await waitForForm(page);
  const name = uniqueName("offline notice");
  await fillForm(page, {
    Name: name,
    "Publishing date": "2099-02-02",
    "PDF link": "https://example.org/a.pdf",
    Description: "Sent while the network is down.",
  });
  // Only the confirmed save fails; the server's check before the dialog and the pages' data still load.
  await page.route("**/add-notice.data*", (route) =>
    route.request().method() === "POST" && route.request().postData()?.includes("confirmed=yes")
      ? route.abort("internetdisconnected")
      : route.continue(),
  );
  await page.getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(NETWORK_ERROR_MESSAGE);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

  // The server's own message: a link the server refuses (the browser check is bypassed here).
  await page.unroute("**/add-notice.data*");
  await page.getByLabel("PDF link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("PDF link must be an http(s) link or an uploaded file (/media/…)")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
});

test("the teachers table shows a loading spinner while it loads", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL!);
  await page.goto("/dashboard");
  await page.waitForFunction(() => Object.keys(document.querySelector("nav[aria-label=Dashboard]") ?? {}).length > 0);
  await page.route("**/dashboard/teachers.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Teachers" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Teachers" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Position" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add asks on a second step, No saves nothing, Yes saves; delete asks the same way", async ({
    page,
    browser,
    baseURL,
  }) => {
    await ensureAccount(page.request, baseURL!, E2E_ADMIN);
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByRole("button", { name: /LogOut/ })).toBeVisible();

    const name = uniqueName("plain notice");
    await page.goto("/dashboard/add-notice");
    await fillForm(page, {
      Name: name,
      "Publishing date": "2099-02-03",
      "PDF link": "https://example.org/b.pdf",
      Description: "Sent without JavaScript.",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Add this notice?" })).toBeVisible();
    await expectNoAxeViolationsWithoutScript(browser, baseURL!, await page.content(), "the confirm step");
    await page.getByRole("button", { name: "No", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes are not saved" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added notice" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

    await page.goto(`/dashboard/all-notice?q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(page.getByRole("heading", { name: "Delete this notice?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Notice! Deleted" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Delete ${name}` })).toHaveCount(0);
  });
});

test("public forms: a submission waits in the review queue until approved or rejected", async ({
  page,
  browser,
  baseURL,
}) => {
  // A visitor without an account (and without JavaScript) sends a notice and a result.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const form = await visitor.newPage();
  const noticeName = uniqueName("submitted notice");
  await form.goto("/notice-form");
  await expectNoAxeViolationsWithoutScript(browser, baseURL!, await form.content(), "/notice-form");
  const honeypot = form.locator("input[name=website]");
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await fillForm(form, {
    Name: noticeName,
    "Publishing date": "2099-04-04",
    "PDF link": "https://example.org/submitted.pdf",
    Description: "Please publish this.",
  });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("status")).toContainText("Notice successfully added.");
  await expect(form.getByRole("status")).toContainText("reviewed");

  const resultName = uniqueName("submitted result");
  await form.goto("/result-form");
  await expectNoAxeViolationsWithoutScript(browser, baseURL!, await form.content(), "/result-form");
  await fillForm(form, {
    Name: resultName,
    "Publishing date": "2099-04-05",
    "Image link": "https://example.org/sheet.png",
    "PDF link": "https://example.org/sheet.pdf",
  });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("status")).toContainText("reviewed");
  await form.goto("/notice");
  await expect(form.getByText(noticeName)).toHaveCount(0);
  await visitor.close();

  await logInAsAdmin(page, baseURL!);
  await page.goto("/dashboard/review");
  const reviewLink = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /Review queue/ });
  await expect(reviewLink).toContainText(/\d+ waiting/);
  await waitForForm(page);
  await page.getByRole("button", { name: `Approve ${noticeName}` }).click();
  await expect(dialog(page)).toBeVisible();
  await expectNoAxeViolations(page, "the review dialog");
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Approved! It is public now.")).toBeVisible();
  await page.getByRole("button", { name: `Reject ${resultName}` }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Rejected! The submission is removed.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Reject ${resultName}` })).toHaveCount(0);

  await page.goto("/notice");
  await expect(page.getByText(noticeName).first()).toBeVisible();
  await page.goto("/results");
  await expect(page.getByText(resultName)).toHaveCount(0);
  await removeByName(page, "notices", noticeName);
});
