import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { HTML_BYTES, PDF_BYTES, photoWithLocation } from "../support/media-fixtures";
import { logInAsAdmin } from "./support/accounts";
import { dialog, expectNoAxeViolations, fillForm, removeByName, toast, waitForForm } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

/** Uploads in the dashboard forms, seen where visitors see them. */

async function submitConfirmed(page: Page) {
  await page.getByRole("button", { name: "Submit" }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
}

test("a new student's uploaded photo is served on /students as a resized variant", async ({ page, baseURL }) => {
  const name = `E2E Photo ${crypto.randomBytes(3).toString("hex")}`;
  await logInAsAdmin(page, baseURL!, "/dashboard/add-student");
  await waitForForm(page);
  await fillForm(page, { Name: name, Batch: "96", Email: "photo@example.org", Session: "2095-2096" });

  // A refused file says why and leaves everything typed as it was.
  const upload = page.getByLabel(/Or upload an image/);
  await upload.setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: HTML_BYTES });
  await expect(page.getByRole("alert")).toHaveText('"portrait.jpg" is not a JPEG, PNG, WebP, AVIF or GIF image.');
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Photo", { exact: true })).toHaveValue("");

  await upload.setInputFiles({
    name: "portrait.jpg",
    mimeType: "image/jpeg",
    buffer: await photoWithLocation(1600, 1600),
  });
  await expect(page.getByLabel("Photo", { exact: true })).toHaveValue(/^\/media\/[0-9a-f]{24}-1600x1600\.jpg$/);
  await expect(page.getByRole("img", { name: "Preview of portrait.jpg" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expectNoAxeViolations(page, "/dashboard/add-student with an uploaded photo");
  await submitConfirmed(page);
  await expect(toast(page, "Student! added")).toBeVisible();

  await page.goto("/students?batch=96");
  const photo = page.getByRole("img", { name: `Portrait of ${name}` });
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toHaveJSProperty("complete", true);
  // A 112 px round photo on a 1x screen: the smallest variant, in the best format.
  const shown = await photo.evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(new URL(shown).pathname).toMatch(/^\/media\/[0-9a-f]{24}-320\.avif$/);
  const variant = await page.request.get(shown);
  expect(variant.headers()["content-type"]).toBe("image/avif");
  expect((await sharp(await variant.body()).metadata()).width).toBe(320);
  expect(variant.headers()["cache-control"]).toContain("immutable");
  await removeByName(page, "students", name);
});

test("an uploaded notice PDF opens from the notice view", async ({ page, baseURL }) => {
  const name = `E2E PDF notice ${crypto.randomBytes(3).toString("hex")}`;
  await logInAsAdmin(page, baseURL!, "/dashboard/add-notice");
  await waitForForm(page);
  await fillForm(page, { Name: name, "Publishing date": "2099-03-04", Description: "Read the attached PDF." });

  await page.getByLabel(/Or upload a PDF/).setInputFiles({
    name: "exam-routine.pdf",
    mimeType: "application/pdf",
    buffer: PDF_BYTES,
  });
  await expect(page.getByLabel("PDF link", { exact: true })).toHaveValue(/^\/media\/[0-9a-f]{24}\.pdf$/);
  await expect(page.getByRole("link", { name: "exam-routine.pdf" })).toBeVisible();
  await submitConfirmed(page);
  await expect(toast(page, "Added notice")).toBeVisible();

  await page.goto("/notice");
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  const details = page.getByRole("link", { name: /Details/ });
  const href = (await details.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/media\/[0-9a-f]{24}\.pdf$/);

  const downloading = page.waitForEvent("download");
  await details.click();
  const download = await downloading;
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString("latin1"),
  ).toBe("%PDF-");

  const served = await page.request.get(href);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  await removeByName(page, "notices", name);
});

test("a visitor's result form takes an uploaded sheet picture and PDF", async ({ page }) => {
  await page.goto("/result-form");
  await page.waitForFunction(() =>
    Object.keys(document.querySelector("main form") ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
  await page.getByLabel(/Or upload an image/).setInputFiles({
    name: "standings.jpg",
    mimeType: "image/jpeg",
    buffer: await photoWithLocation(900, 1200),
  });
  await expect(page.getByLabel("Image link", { exact: true })).toHaveValue(/^\/media\/[0-9a-f]{24}-900x1200\.jpg$/);
  await expect(page.getByRole("img", { name: "Preview of standings.jpg" })).toBeVisible();
  await page
    .getByLabel(/Or upload a PDF/)
    .setInputFiles({ name: "standings.pdf", mimeType: "application/pdf", buffer: PDF_BYTES });
  await expect(page.getByLabel("PDF link", { exact: true })).toHaveValue(/^\/media\/[0-9a-f]{24}\.pdf$/);
  await expect(page.getByRole("link", { name: "standings.pdf" })).toBeVisible();
  await expectNoAxeViolations(page, "/result-form with uploads");
});
