import crypto from "node:crypto";
import { localDateTimeIn } from "~/lib/zoned-time";
import { logInAsAdmin } from "./support/accounts";
import { dialog, expectNoAxeViolations, fillForm, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

/**
 * An admin on a phone schedules a notice from the dashboard's form: a time in the past is
 * refused beside its field with everything typed kept, a future one is saved, the list says
 * when it will be published, and its private preview shows it as visitors will see it.
 */
test("an admin schedules a notice on a phone, fixes a bad time without retyping, and previews it", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const name = `E2E scheduled notice ${crypto.randomBytes(3).toString("hex")}`;
  const future = localDateTimeIn(new Date(Date.now() + 2 * 86_400_000), "Asia/Dhaka");
  await logInAsAdmin(page, baseURL!, "/dashboard/add-notice");
  await waitForForm(page);
  await expectNoAxeViolations(page, "/dashboard/add-notice");
  await fillForm(page, {
    Name: name,
    "Publishing date": "2099-02-03",
    "PDF link": "https://example.org/scheduled.pdf",
    Description: "Published by the schedule.",
  });
  // The time counts for Schedule only: until it is chosen, the field is off (and not sent).
  await expect(page.getByLabel("Publish at")).toBeDisabled();
  await page.getByRole("radio", { name: "Schedule" }).check();
  await expect(page.getByLabel("Publish at")).toBeEnabled();
  await page.getByLabel("Publish at").fill("2020-01-01T10:00");
  await page.getByRole("button", { name: "Submit" }).click();

  // Refused before the confirm dialog, named at the field; nothing typed is lost.
  await expect(page.getByText("Publish at must be in the future to schedule")).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Description")).toHaveValue("Published by the schedule.");
  await expect(page.getByRole("radio", { name: "Schedule" })).toBeChecked();
  await expect(page.getByLabel("Publish at")).toHaveValue("2020-01-01T10:00");
  await expectNoAxeViolations(page, "/dashboard/add-notice with a field error");

  await page.getByLabel("Publish at").fill(future);
  await page.getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, "Added notice")).toBeVisible();

  // Not public yet; the list says when it will be.
  expect(await (await page.request.get("/api/all-notice")).text()).not.toContain(name);
  await page.goto(`/dashboard/all-notice?q=${encodeURIComponent(name)}`);
  await expect(page.getByText(/^Scheduled for /).first()).toBeVisible();
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await waitForForm(page);
  await expect(page.getByRole("radio", { name: "Schedule" })).toBeChecked();
  await expect(page.getByLabel("Publish at")).toHaveValue(future);

  await page.getByRole("link", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/dashboard\/preview\/notices\//);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText(/visitors cannot see this yet/)).toBeVisible();
  await expectNoAxeViolations(page, "the preview of a scheduled notice");

  const id = new URL(page.url()).pathname.split("/").at(-1);
  const removed = await page.request.delete(`/api/notices/${id}`, { headers: { Origin: baseURL! } });
  expect(removed.status()).toBe(200);
});
