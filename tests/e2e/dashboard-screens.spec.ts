import crypto from "node:crypto";
import { en } from "../support/messages";
import { E2E_ADMIN, ensureAccount, logInAsAdmin } from "./support/accounts";
import { dashboardMenuPaths, describeAxeSweep } from "./support/axe-sweep";
import {
  dialog,
  expectNoAxeViolations,
  expectNoAxeViolationsWithoutScript,
  fillForm,
  removeByName,
  toast,
  waitForForm,
} from "./support/dashboard";
import { expect, test } from "./support/fixtures";

const uniqueName = (what: string) => `E2E ${what} ${crypto.randomBytes(3).toString("hex")}`;

/** The English dashboard whole, in the light theme (dark-mode.spec.ts checks its colours in the dark one). */
describeAxeSweep("every dashboard screen has zero axe violations and nothing wider than the screen", {
  lang: "en",
  theme: "light",
  paths: dashboardMenuPaths,
  signedIn: true,
  check: async (page, path) => {
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(1280);
  },
});

test("the add-event form is 'Add Programming Contest' and refuses 'Select One'", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL!, "/dashboard/add-event");
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
  await logInAsAdmin(page, baseURL!, "/dashboard/add-notice");
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
  await expect(page.getByRole("alert")).toHaveText(en("messages.form.unreachable"));
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
  await page.waitForFunction(() => Object.keys(document.querySelector("nav[aria-label=Dashboard]") ?? {}).length > 0);
  // Hold the answer back until the spinner has been seen.
  let release = () => {};
  const spinnerSeen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/dashboard/teachers.data*", async (route) => {
    await spinnerSeen;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Teachers" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeVisible();
  release();
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
    // The answer comes after every field: on a page still arriving, an answer above the fields
    // would send only those the browser had read (seen once here: the last two came back empty).
    const answerAfterFields = await page.locator("#entity-form").evaluate((form) => {
      const answers = [...document.querySelectorAll("button[name=confirmed]")];
      const fields = [...form.querySelectorAll("input:not([type=hidden]), textarea, select")];
      const [first] = answers;
      return (
        first !== undefined &&
        answers.length === 2 &&
        answers.every((answer) => answer.closest("form") === form) &&
        fields.every((field) => field.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING)
      );
    });
    expect(answerAfterFields).toBe(true);
    await page.getByRole("link", { name: "Check the form, then answer Yes or No at its end." }).click();
    await expect(page.getByRole("group", { name: "Add this notice?" })).toBeInViewport();
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

  await logInAsAdmin(page, baseURL!, "/dashboard/review");
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

test("the review queue: newest first, paged, and rejecting many at once with and without JavaScript", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const flood = uniqueName("flood");
  const names = Array.from({ length: 27 }, (_, index) => `${flood} ${String(index).padStart(2, "0")}`);
  for (const name of names) {
    const sent = await request.post("/api/add-notice", {
      data: { name, publishing_date: "2099-05-05", pdfFile: "https://example.org/spam.pdf", description: "Spam" },
    });
    expect(sent.status()).toBe(201);
  }
  await logInAsAdmin(page, baseURL!, "/dashboard/review");
  await waitForForm(page);
  const notices = page.getByRole("region", { name: /^Notices waiting \(\d+\)$/ });
  await expect(notices.getByRole("row").nth(1)).toContainText(names[26]!);
  await expect(notices.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
  await expect(notices.getByRole("navigation", { name: /pages/ })).toBeVisible();

  await notices.getByRole("checkbox", { name: `Select ${names[26]}` }).check();
  await notices.getByRole("checkbox", { name: `Select ${names[25]}` }).check();
  await notices.getByRole("button", { name: "Reject selected" }).click();
  await expect(dialog(page)).toContainText("Reject 2 submissions?");
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Rejected! 2 submissions are removed.")).toBeVisible();
  await expect(notices.getByText(names[26]!)).toHaveCount(0);
  await expect(notices.getByRole("row").nth(1)).toContainText(names[24]!);

  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto("/dashboard/review");
  const plainNotices = plain.getByRole("region", { name: /^Notices waiting/ });
  for (const name of names.slice(22, 25)) await plainNotices.getByRole("checkbox", { name: `Select ${name}` }).check();
  await plainNotices.getByRole("button", { name: "Reject selected" }).click();
  await expect(plain.getByRole("heading", { name: "Reject 3 submissions?" })).toBeVisible();
  await plain.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(plain.getByText("Rejected! 3 submissions are removed.")).toBeVisible();
  await expect(plain.getByRole("checkbox", { name: `Select ${names[24]}` })).toHaveCount(0);
  await noScript.close();

  // Approve in bulk too; "Show" narrows the queue to one collection.
  await page.reload();
  await waitForForm(page);
  for (const name of names.slice(20, 22)) await notices.getByRole("checkbox", { name: `Select ${name}` }).check();
  await notices.getByRole("button", { name: "Approve selected" }).click();
  await expect(dialog(page)).toContainText("Approve 2 submissions?");
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Approved! 2 submissions are public now.")).toBeVisible();
  for (const name of names.slice(20, 22)) await removeByName(page, "notices", name);
  await page.getByLabel("Show").selectOption("results");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/show=results/);
  await expect(page.getByRole("region", { name: /^Notices waiting/ })).toHaveCount(0);

  const queue = await (await page.request.get("/api/review?limit=500")).json();
  const left = (queue.notices as { _id: string; name: string }[]).filter((notice) => notice.name.startsWith(flood));
  expect(left.map((notice) => notice.name)).toEqual(names.slice(0, 20).reverse());
  for (const notice of left) {
    expect((await page.request.post(`/api/review/notices/${notice._id}/reject`)).status()).toBe(200);
  }
});

test("an admin creates an API token, sees it once, and revokes it after confirming", async ({ page, baseURL }) => {
  await logInAsAdmin(page, baseURL!, "/dashboard/api-tokens");
  await waitForForm(page);
  const name = uniqueName("token");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create token" }).click();
  const token = page.getByLabel("Your new token");
  await expect(token).toHaveValue(/^club_[A-Za-z]{64}$/);
  const value = await token.inputValue();
  expect((await page.request.get("/api/users", { headers: { Authorization: `Bearer ${value}` } })).status()).toBe(200);
  await expectNoAxeViolations(page, "the new token");

  await page.reload();
  await expect(page.getByLabel("Your new token")).toHaveCount(0);
  await waitForForm(page);
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(dialog(page)).toContainText("Revoke this token?");
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Token revoked. Calls with it are refused from now on.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Revoke ${name}` })).toHaveCount(0);
  expect((await page.request.get("/api/users", { headers: { Authorization: `Bearer ${value}` } })).status()).toBe(401);
});

test("after a dialog, focus goes back to the control that opened it, or to the outcome when that is gone", async ({
  page,
  baseURL,
}) => {
  await logInAsAdmin(page, baseURL!);
  const name = uniqueName("focus notice");
  await page.goto("/dashboard/add-notice");
  await waitForForm(page);
  await fillForm(page, {
    Name: name,
    "Publishing date": "2099-03-04",
    "PDF link": "https://example.org/f.pdf",
    Description: "Focus after dialogs.",
  });
  const submit = page.getByRole("button", { name: "Submit" });
  await submit.focus();
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(submit).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Added notice" })).toBeVisible();
  // The saved form starts over empty: focus is on the outcome, read out once.
  await expect(page.locator("[data-feedback-focus]")).toBeFocused();

  // Deleting a row removes the button that asked: focus moves to the outcome.
  await page.goto(`/dashboard/all-notice?q=${encodeURIComponent(name)}`);
  await waitForForm(page);
  const remove = page.getByRole("button", { name: new RegExp(`^Delete ${name}`) });
  await remove.focus();
  await page.keyboard.press("Enter");
  await dialog(page).getByRole("button", { name: "No", exact: true }).press("Enter");
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Notice! Deleted" })).toBeVisible();
  await expect(page.locator("[data-feedback-focus]")).toBeFocused();
});
