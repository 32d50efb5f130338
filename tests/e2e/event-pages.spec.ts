import crypto from "node:crypto";
import { en } from "../support/messages";
import { logInAsAdmin } from "./support/accounts";
import { expectNoAxeViolations, removeByName } from "./support/dashboard";
import { expect, test } from "./support/fixtures";

/** Each event has its own page under its category; drafts have none until published. */
test("an event's page shows its facts, is linked from its category page, and a draft has no page", async ({
  page,
  baseURL,
}) => {
  const id = crypto.randomBytes(3).toString("hex");
  const name = `Team contest ${id}`;
  const draftName = `Draft contest ${id}`;
  await logInAsAdmin(page, baseURL!);
  const add = (body: Record<string, unknown>) =>
    page.request.post("/api/add-event", {
      headers: { Origin: baseURL! },
      data: {
        eventType: "Programming Contest",
        starts_on: "2099-06-01",
        starts_at: "10:00",
        problem_number: 8,
        contest_duration: "3 Hours",
        details: "Bring your laptop.",
        ...body,
      },
    });
  expect(
    (
      await add({
        name,
        venue: "CSE Lab 2, Academic Building",
        ends_at: "2099-06-01T13:00",
        team_size_min: 2,
        team_size_max: 3,
        capacity: 40,
        eligible_batches: [7, 8],
      })
    ).status(),
  ).toBe(201);
  const draftAdded = await add({ name: draftName, status: "draft" });
  expect(draftAdded.status()).toBe(201);
  const { insertedId: draftId } = (await draftAdded.json()) as { insertedId: string };

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/events/programming-contest");
    await expect(page.getByRole("link", { name: draftName })).toHaveCount(0);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/events/programming-contest/team-contest-${id}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const facts = page.locator("dl");
    await expect(facts).toContainText("CSE Lab 2, Academic Building");
    await expect(facts).toContainText("2 to 3 people");
    await expect(facts).toContainText("40");
    await expect(facts).toContainText("7, 8");
    await expect(facts).toContainText("1 June 2099, 1:00 PM");
    // One axe run per state: a width changes the layout, not the markup.
    if (width === 390) await expectNoAxeViolations(page, `an event's page at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/events/programming-contest/team-contest-${id}</loc>`);
  expect(sitemap).not.toContain(`draft-contest-${id}`);

  const draft = await page.goto(`/events/programming-contest/draft-contest-${id}`);
  expect(draft?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("common.error.pageNotFound"));

  await removeByName(page, "events", name);
  // Drafts are in no public list: removed by id.
  expect((await page.request.delete(`/api/event/${draftId}`, { headers: { Origin: baseURL! } })).status()).toBe(200);
});
