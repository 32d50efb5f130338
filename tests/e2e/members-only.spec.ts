import crypto from "node:crypto";
import { bn, en } from "../support/messages";
import { ensureAccount, logInAsAdmin, newAccount } from "./support/accounts";
import { expectNoAxeViolations, removeByName } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

test.setTimeout(120_000);

test("a members-only event tells a signed-in non-member why they can't register and where to join, in both languages; the API refuses them", async ({
  page,
  browser,
  baseURL,
}) => {
  const id = crypto.randomBytes(3).toString("hex");
  const name = `Members Night ${id}`;
  await logInAsAdmin(page, baseURL!);
  const added = await page.request.post("/api/add-event", {
    headers: { Origin: baseURL! },
    data: {
      eventType: "Seminar",
      name,
      starts_on: "2099-06-01",
      starts_at: "18:00",
      problem_number: 0,
      contest_duration: "2 Hours",
      details: "For members.",
      members_only: true,
    },
  });
  expect(added.status()).toBe(201);
  const { insertedId: eventId } = (await added.json()) as { insertedId: string };

  const account = newAccount("outsider");
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await ensureAccount(context.request, baseURL!, account);
  const phone = await context.newPage();
  const eventPath = `/events/seminar/members-night-${id}`;
  for (const [language, t] of [
    ["en", en],
    ["bn", bn],
  ] as const) {
    await phone.goto(`${eventPath}?lang=${language}`);
    const panel = phone.locator("#registration");
    await expect(panel).toContainText(t("accounts.registration.membersOnly"));
    await expect(panel).toContainText(t("accounts.registration.notMember"));
    await expect(panel.getByRole("link", { name: t("accounts.registration.join") })).toHaveAttribute("href", "/join");
    await expect(panel.getByRole("button", { name: t("accounts.registration.register") })).toHaveCount(0);
    await expectNoAxeViolations(phone, `a members-only event's page for a non-member (${language}, 390 px)`);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }

  // The API refuses them too, with why.
  const refused = await context.request.post(`/api/events/${eventId}/registrations`, {
    headers: { Origin: baseURL! },
    data: {},
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe(en("messages.registration.membersOnly"));
  await context.close();
  await removeByName(page, "events", name);
});
