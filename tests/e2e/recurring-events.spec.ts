import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { addDays } from "~/features/events/recurrence";
import { todayIn } from "~/lib/format";
import { bn, en } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { dialog, expectNoAxeViolations, fillForm, removeByName, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, screenshotToLookAt, test } from "./support/fixtures";

test.setTimeout(180_000);

const languages = [
  ["en", en],
  ["bn", bn],
] as const;

interface Occurrence {
  _id: string;
  slug: string;
  starts_on: string;
  status: string;
}

async function occurrencesNamed(page: Page, name: string): Promise<Occurrence[]> {
  const all = (await (await page.request.get("/api/events")).json()) as (Occurrence & { name: string })[];
  return all.filter((event) => event.name === name).sort((a, b) => a.starts_on.localeCompare(b.starts_on));
}

/** The category page's entries of the series: the links to its occurrences' pages. */
const seriesLinks = (page: Page, name: string) => page.locator("main").getByRole("link", { name, exact: true });

/**
 * An admin on a phone adds a weekly session from the dashboard (the form in both languages, axe
 * clean), the category page lists it once, by its first occurrence; the admin cancels that one
 * with the event form, and the page then lists the next, in both languages, at 390 and 1280 px.
 */
test("a weekly session added on a phone is listed by its next occurrence, also after one is cancelled", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const name = `Weekly practice ${crypto.randomBytes(3).toString("hex")}`;
  const firstDay = addDays(todayIn("Asia/Dhaka"), 1);
  const weekday = new Date(`${firstDay}T00:00:00Z`).getUTCDay();
  await logInAsAdmin(page, baseURL!);

  for (const [language, t] of languages) {
    await page.goto(`/dashboard/add-event-series?lang=${language}`);
    await waitForForm(page);
    await expect(page.getByRole("heading", { name: t("dashboard.series.heading") })).toBeVisible();
    await expectNoAxeViolations(page, `/dashboard/add-event-series (${language}, 390 px)`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotToLookAt(page, `series-form-${language}-390`);
  }

  await page.goto("/dashboard/add-event-series?lang=en");
  await waitForForm(page);
  // A weekly rule without its days is refused at the field, before the question.
  await fillForm(page, {
    "Event type": "WorkShop",
    Name: name,
    "First day": firstDay,
    "Start time": "16:00",
    Duration: "2 hours",
    Venue: "CSE Lab 1",
    Details: "Problems in pairs; no registration needed.",
    Occurrences: "4",
  });
  await page.getByRole("button", { name: en("dashboard.series.submit") }).click();
  await expect(page.getByText(en("messages.events.seriesWeekdays"))).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await page.getByRole("checkbox", { name: en(`dashboard.series.weekday.${weekday}` as never) }).check();
  await page.getByRole("button", { name: en("dashboard.series.submit") }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, en("dashboard.series.added", { name, count: 4 }))).toBeVisible();

  const [first, second] = await occurrencesNamed(page, name);
  expect(first?.starts_on).toBe(firstDay);
  expect(second?.starts_on).toBe(addDays(firstDay, 7));
  if (!first || !second) throw new Error("no occurrences");

  await page.goto("/events/workshop?lang=en");
  await expect(seriesLinks(page, name)).toHaveCount(1);
  await expect(seriesLinks(page, name)).toHaveAttribute("href", `/events/workshop/${first.slug}`);

  // Cancel the first occurrence with the ordinary event form: only that one changes.
  await page.goto(`/dashboard/events/${first._id}/edit?lang=en`);
  await waitForForm(page);
  await page.getByRole("radio", { name: en("dashboard.events.option.status.cancelled") }).check();
  await page.getByRole("button", { name: en("dashboard.form.saveChanges") }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expect
    .poll(async () => (await occurrencesNamed(page, name)).map((event) => event.status))
    .toEqual(["cancelled", "published", "published", "published"]);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [language, t] of languages) {
      await page.goto(`/events/workshop?lang=${language}`);
      await expect(seriesLinks(page, name)).toHaveCount(1);
      await expect(seriesLinks(page, name)).toHaveAttribute("href", `/events/workshop/${second.slug}`);
      // One axe run per language: a width changes the layout, not the markup.
      if (width === 390) await expectNoAxeViolations(page, `/events/workshop with a series (${language}, ${width} px)`);
      await screenshotToLookAt(page, `workshop-list-${language}-${width}`);
      await page.goto(`/events/workshop/${first.slug}?lang=${language}`);
      await expect(page.getByRole("heading", { name })).toBeVisible();
      await expect(page.locator("main")).toContainText(t("public.events.cancelled"));
      // A cancelled occurrence's page sends its reader on to the next one.
      await expect(page.locator("main")).toContainText(t("public.events.nextOccurrence"));
      await expect(page.locator(`main a[href="/events/workshop/${second.slug}"]`)).toHaveCount(1);
      await screenshotToLookAt(page, `occurrence-cancelled-${language}-${width}`);
    }
  }
  await page.goto(`/events/workshop/${second.slug}?lang=en`);
  await screenshotToLookAt(page, `occurrence-next-en-1280`);
  await expectNoAxeViolations(page, "an occurrence's page");

  // Editing an occurrence asks which ones the change is for: this and the following ones move room.
  await page.setViewportSize(PHONE);
  await page.goto(`/dashboard/events/${second._id}/edit?lang=en`);
  await waitForForm(page);
  await expect(page.getByRole("radio", { name: en("dashboard.series.scope.this") })).toBeChecked();
  await expectNoAxeViolations(page, "an occurrence's event form (390 px)");
  await page.getByLabel("Venue", { exact: true }).fill("Seminar Room 204");
  await page.getByRole("radio", { name: en("dashboard.series.scope.following") }).check();
  await screenshotToLookAt(page, `occurrence-form-scope-en-390`);
  await page.getByRole("button", { name: en("dashboard.form.saveChanges") }).click();
  await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
  await expect(toast(page, en("dashboard.series.savedFollowing", { name }))).toBeVisible();
  const venues = async () => {
    const all = (await (await page.request.get("/api/events")).json()) as (Occurrence & {
      name: string;
      venue: string;
    })[];
    return all
      .filter((event) => event.name === name)
      .sort((a, b) => a.starts_on.localeCompare(b.starts_on))
      .map((event) => event.venue);
  };
  expect(await venues()).toEqual(["CSE Lab 1", "Seminar Room 204", "Seminar Room 204", "Seminar Room 204"]);

  await removeByName(page, "events", name);
});
