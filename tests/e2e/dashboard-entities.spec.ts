import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { en } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { dialog, expectNoAxeViolations, fillForm, toast, waitForForm } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

/**
 * Every collection end to end in the browser: add (after a declined dialog that saves
 * nothing), see it on its public page, edit, see the change, delete, see it gone.
 */
interface EntityCase {
  name: string;
  listPath: string;
  addPath: string;
  /** Form values by label, the name field left out (each run names its record). */
  values: Record<string, string>;
  publicPath: string;
  added: (name: string) => string;
  updated: string;
  deleted: string;
}

const cases: EntityCase[] = [
  {
    name: "event",
    listPath: "/dashboard/all-events",
    addPath: "/dashboard/add-event",
    values: {
      "Event type": "Seminar",
      "Start date": "2099-05-01",
      "Start time": "10:00",
      "Problem count": "0",
      Duration: "2 Hours",
      Details: "A seminar on graph algorithms.",
    },
    publicPath: "/events/seminar",
    added: () => "Seminar Event! added",
    updated: "Seminar Event! updated",
    deleted: "Event! Deleted",
  },
  {
    name: "notice",
    listPath: "/dashboard/all-notice",
    addPath: "/dashboard/add-notice",
    values: {
      "Publishing date": "2099-01-02",
      "PDF link": "https://example.org/notice.pdf",
      Description: "Classes resume on Sunday.",
    },
    publicPath: "/notice",
    added: () => "Added notice",
    updated: "Updated notice",
    deleted: "Notice! Deleted",
  },
  {
    name: "student",
    listPath: "/dashboard/students",
    addPath: "/dashboard/add-student",
    values: {
      Batch: "97",
      Email: "student@example.org",
      Photo: "https://example.org/student.png",
      Session: "2096-2097",
    },
    publicPath: "/students?batch=97",
    added: () => "Student! added",
    updated: "Student! updated",
    deleted: "Student! Deleted",
  },
  {
    name: "teacher",
    listPath: "/dashboard/teachers",
    addPath: "/dashboard/add-teacher",
    values: {
      Designation: "Lecturer",
      Email: "teacher@example.org",
      Photo: "https://example.org/teacher.png",
      "Join date": "2024-01-15",
    },
    publicPath: "/teachers",
    added: () => "Teacher Profile! added",
    updated: "Teacher Profile! updated",
    deleted: "teacher! Deleted",
  },
  {
    name: "executive",
    listPath: "/dashboard/all-executive",
    addPath: "/dashboard/add-executive",
    values: {
      Designation: "Finance Secretary",
      Email: "exec@example.org",
      Photo: "https://example.org/exec.png",
      Panel: "2097-2098",
    },
    publicPath: "/panels/2097-2098",
    added: () => "Executive! added",
    updated: "Executive! updated",
    deleted: "executive! Deleted",
  },
  {
    name: "result",
    listPath: "/dashboard/results",
    addPath: "/dashboard/add-new-results",
    values: {
      "Publishing date": "2099-03-04",
      "File link": "https://example.org/result.pdf",
    },
    publicPath: "/results",
    added: () => "Result! added",
    updated: "Result! updated",
    deleted: "Result! Deleted",
  },
  {
    name: "recent event",
    listPath: "/dashboard/recent-events",
    addPath: "/dashboard/add-recent-event",
    values: {
      "Card image": "https://example.org/one.png",
      Details: "What happened at the fair.",
      "Second image": "https://example.org/two.png",
      "Third image": "https://example.org/three.png",
    },
    publicPath: "/",
    added: () => "Recent Event! added",
    updated: "Recent Event! updated",
    deleted: "Recent Event! Deleted",
  },
];

async function submitAndAnswer(page: Page, answer: "Yes" | "No") {
  await page.getByRole("button", { name: /^(Submit|Save changes)$/ }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: answer, exact: true }).click();
  await expect(dialog(page)).toBeHidden();
}

async function expectOnPublicPage(page: Page, path: string, name: string, present: boolean) {
  await page.goto(path);
  const shown = page.getByText(name, { exact: true });
  if (present) await expect(shown.first()).toBeVisible();
  else await expect(shown).toHaveCount(0);
}

for (const entity of cases) {
  test(`${entity.name}: add, edit and delete in the dashboard, seen on the public page`, async ({ page, baseURL }) => {
    const id = crypto.randomBytes(3).toString("hex");
    const name = `E2E ${entity.name} ${id}`;
    const renamed = `${name} renamed`;
    await logInAsAdmin(page, baseURL!, entity.addPath);
    await waitForForm(page);
    await expectNoAxeViolations(page, `${entity.addPath}`);
    await fillForm(page, { Name: name, ...entity.values });

    // No: nothing is saved, the text says so, the typed values stay.
    await submitAndAnswer(page, "No");
    await expect(toast(page, en("dashboard.notSaved"))).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

    // Yes: saved, the spec's text, the form empty again.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(dialog(page)).toBeVisible();
    await expectNoAxeViolations(page, `${entity.addPath} with the confirm dialog open`);
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, entity.added(name))).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
    await expectOnPublicPage(page, entity.publicPath, name, true);

    // Edit from the table: the form shows the stored values, then the saved ones.
    await page.goto(`${entity.listPath}?q=${encodeURIComponent(name)}`);
    await expectNoAxeViolations(page, entity.listPath);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await waitForForm(page);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await page.getByLabel("Name", { exact: true }).fill(renamed);
    await submitAndAnswer(page, "Yes");
    await expect(toast(page, entity.updated)).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(renamed);
    await expectOnPublicPage(page, entity.publicPath, renamed, true);

    // Delete: No keeps the row, Yes removes it.
    await page.goto(`${entity.listPath}?q=${encodeURIComponent(renamed)}`);
    await waitForForm(page);
    const deleteButton = page.getByRole("button", { name: `Delete ${renamed}` });
    await deleteButton.click();
    await expect(dialog(page)).toBeVisible();
    await expectNoAxeViolations(page, `${entity.listPath} with the delete dialog open`);
    await dialog(page).getByRole("button", { name: "No", exact: true }).click();
    await expect(toast(page, en("dashboard.notSaved"))).toBeVisible();
    await expect(deleteButton).toBeVisible();
    await deleteButton.click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, entity.deleted)).toBeVisible();
    await expect(deleteButton).toHaveCount(0);
    await expectOnPublicPage(page, entity.publicPath, renamed, false);
  });
}
