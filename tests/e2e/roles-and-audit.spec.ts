import type { Page } from "@playwright/test";
import { ensureAccount, logIn, logInAsAdmin, newAccount } from "./support/accounts";
import { dialog, expectNoAxeViolations, fillForm, removeByName, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

/**
 * On a phone: an admin makes someone an editor from the users table; the editor's menu holds
 * content only, their notice is public at once, the admins' screens answer 403 to them (pages
 * and form posts); the audit log shows the role change and the notice, filtered by person.
 */
test.use({ viewport: PHONE });

/** Opens the phone's dashboard menu and returns its navigation. */
async function dashboardMenu(page: Page) {
  await page.getByRole("button", { name: "Menu" }).click();
  return page.getByRole("navigation", { name: "Dashboard" });
}

test("an admin makes an editor, who adds a notice but may not touch users, settings or tokens", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const editor = newAccount("editor");
  const notice = `Notice by an editor ${editor.email.slice(7, 15)}`;
  await ensureAccount(page.request, baseURL!, editor);

  await logInAsAdmin(page, baseURL!, `/dashboard/users?q=${encodeURIComponent(editor.email)}`);
  await waitForForm(page);
  await expectNoAxeViolations(page, "/dashboard/users with the role menu");
  await page.getByLabel(`Role of ${editor.email}`, { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: `Change role of ${editor.email}` }).click();
  await expect(dialog(page)).toContainText("will edit content, events and standings");
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, `${editor.email} is now Editor.`)).toBeVisible();
  const record = await page.request.get(`/api/users/${editor.email}`);
  expect(await record.json()).toMatchObject({ role: "editor" });

  await page.context().clearCookies();
  await logIn(page, editor);
  await page.goto("/dashboard");
  const menu = await dashboardMenu(page);
  await expect(menu.getByRole("link", { name: "Add Notice" })).toBeVisible();
  for (const hidden of ["Users", "Settings", "API tokens", "Audit log"]) {
    await expect(menu.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
  }
  await menu.getByRole("link", { name: "Add Notice" }).click();
  await waitForForm(page);
  await fillForm(page, {
    Name: notice,
    "Publishing date": "2099-04-05",
    "PDF link": "https://example.org/editor.pdf",
    Description: "Added by an editor.",
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Added notice")).toBeVisible();
  expect(await (await page.request.get("/api/all-notice")).text()).toContain(notice);

  for (const path of ["/dashboard/users", "/dashboard/settings", "/dashboard/api-tokens", "/dashboard/audit"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admins only");
  }
  const origin = { Origin: baseURL! };
  const tokenPost = await page.request.post("/dashboard/api-tokens", {
    form: { intent: "create", name: "not mine to make" },
    headers: origin,
  });
  expect(tokenPost.status()).toBe(403);
  const settingsPut = await page.request.put("/api/settings", { data: { clubName: "Taken over" }, headers: origin });
  expect(settingsPut.status()).toBe(403);

  await page.context().clearCookies();
  await logInAsAdmin(page, baseURL!, "/dashboard/audit");
  await page.getByLabel("Person").fill(editor.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/person=/);
  await expect(page.getByText(notice, { exact: true })).toBeVisible();
  await page.getByLabel("Person").fill("");
  await page.getByLabel("Action").selectOption("role-change");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText(editor.email).first()).toBeVisible();
  await expectNoAxeViolations(page, "/dashboard/audit filtered");

  await removeByName(page, "notices", notice);
});

test("check-in staff see only Check-in, and reach an event's check-in page from it", async ({ page, baseURL }) => {
  const door = newAccount("door");
  await ensureAccount(page.request, baseURL!, door);
  await logInAsAdmin(page, baseURL!);
  const made = await page.request.put(`/api/users/${door.email}`, {
    data: { role: "check-in" },
    headers: { Origin: baseURL! },
  });
  expect(made.status()).toBe(200);

  await page.context().clearCookies();
  await logIn(page, door);
  await page.goto("/dashboard");
  const menu = await dashboardMenu(page);
  await expect(menu.getByRole("link")).toHaveText(["Dashboard", "Check-in", "My email notifications"]);
  await menu.getByRole("link", { name: "Check-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check-in" })).toBeVisible();
  await expectNoAxeViolations(page, "/dashboard/check-in");
  await page
    .getByRole("link", { name: /^Check people in/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/events\/[^/]+\/check-in$/);
  expect((await page.goto("/dashboard/all-events"))?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admins and editors only");
});
