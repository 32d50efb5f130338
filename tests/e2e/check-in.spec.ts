import crypto from "node:crypto";
import type { Browser } from "@playwright/test";
import { en } from "../support/messages";
import { E2E_ADMIN, ensureAccount, logIn, logInAsAdmin, newAccount } from "./support/accounts";
import { codeOf, outcome, typeCode } from "./support/check-in";
import { expectNoAxeViolations, removeByName, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

/** Someone signed up in a browser of their own who registers for the event. */
async function registeredMember(browser: Browser, baseURL: string, eventId: string) {
  const account = newAccount("door");
  const context = await browser.newContext({ baseURL });
  await ensureAccount(context.request, baseURL, account);
  const registered = await context.request.post(`/api/events/${eventId}/registrations`, {
    headers: { Origin: baseURL },
    data: { members: [] },
  });
  expect(registered.status()).toBe(201);
  return { name: account.name, context };
}

test.setTimeout(120_000);

test("an admin checks people in at the door on a phone, online and offline", async ({ page, browser, baseURL }) => {
  const id = crypto.randomBytes(3).toString("hex");
  const name = `Door Cup ${id}`;
  await page.setViewportSize(PHONE);
  await logInAsAdmin(page, baseURL!);
  const added = await page.request.post("/api/add-event", {
    headers: { Origin: baseURL! },
    data: {
      eventType: "Programming Contest",
      name,
      starts_on: "2099-06-01",
      starts_at: "10:00",
      problem_number: 8,
      contest_duration: "3 Hours",
      details: "Bring your student card.",
    },
  });
  expect(added.status()).toBe(201);
  const { insertedId: eventId } = (await added.json()) as { insertedId: string };
  const first = await registeredMember(browser, baseURL!, eventId);
  const second = await registeredMember(browser, baseURL!, eventId);

  await page.goto(`/dashboard/events/${eventId}/check-in`);
  await waitForForm(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("tools.checkIn.heading", { event: name }));
  await expect(page.getByText(en("tools.checkIn.counts", { checkedIn: 0, expected: 2 }))).toBeVisible();
  const firstCode = await codeOf(page, first.name);
  const secondCode = await codeOf(page, second.name);

  // Typed in lower case with spaces; the outcome shows at once, and the field keeps the focus.
  await typeCode(page, firstCode.toLowerCase().replace(/-/g, " "), "click");
  await expect(outcome(page)).toContainText(en("tools.checkIn.checkedIn"));
  await expect(outcome(page)).toContainText(first.name);
  await expect(page.getByLabel(en("tools.checkIn.codeLabel"))).toBeFocused();
  await expect(page.getByLabel(en("tools.checkIn.codeLabel"))).toHaveValue("");
  await expect(page.getByText(en("tools.checkIn.allSent"))).toBeVisible();
  await expect(page.getByText(en("tools.checkIn.counts", { checkedIn: 1, expected: 2 }))).toBeVisible();

  // Offline: the second person is checked in on the device, and the check-in waits there.
  await page.context().setOffline(true);
  await typeCode(page, secondCode, "enter");
  await expect(outcome(page)).toContainText(second.name);
  await expect(page.getByText(en("tools.checkIn.offline", { count: 1 }))).toBeVisible();
  await expect(page.getByText(en("tools.checkIn.counts", { checkedIn: 2, expected: 2 }))).toBeVisible();
  // Meanwhile another device (the API, outside this browser's network) checks the second person in first.
  const elsewhere = await page.request.post(`/api/events/${eventId}/check-ins`, {
    headers: { Origin: baseURL! },
    data: { check_ins: [{ code: secondCode }] },
  });
  expect(await elsewhere.json()).toMatchObject({ results: [{ status: "checked_in", name: second.name }] });

  await page.context().setOffline(false);
  await expect(page.getByText(en("tools.checkIn.allSent"))).toBeVisible();
  const duplicates = page.getByRole("region", { name: en("tools.checkIn.duplicatesHeading") });
  await expect(duplicates).toContainText(second.name);
  await expect(outcome(page)).toContainText(/Already checked in at \d\d:\d\d/);

  const listed = await page.request.get(`/api/events/${eventId}/registrations`);
  const people = ((await listed.json()) as { people: { name: string; checked_in_at: string | null }[] }[]).flatMap(
    (registration) => registration.people,
  );
  expect(people.map((person) => [person.name, person.checked_in_at !== null]).sort()).toEqual(
    [first.name, second.name].map((person) => [person, true]).sort(),
  );

  await typeCode(page, firstCode, "enter");
  await expect(outcome(page)).toContainText(/Already checked in at \d\d:\d\d/);
  await expect(outcome(page)).toContainText(first.name);
  await typeCode(page, "not a ticket", "enter");
  await expect(page.getByRole("alert").filter({ hasText: en("tools.checkIn.notACode", { count: 20 }) })).toBeVisible();

  // A reload keeps what the device knows: the counts, and the duplicates reported.
  await page.reload();
  await waitForForm(page);
  await expect(page.getByText(en("tools.checkIn.counts", { checkedIn: 2, expected: 2 }))).toBeVisible();
  await expect(duplicates).toContainText(second.name);

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await typeCode(page, firstCode, "enter");
    await expect(outcome(page)).toContainText(first.name);
    // One axe run per state: a width changes the layout, not the markup.
    if (width === 390) await expectNoAxeViolations(page, `the check-in page at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  // Before the page's script runs (or without it), a typed code is checked in by the server.
  const withoutScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plainPage = await withoutScript.newPage();
  await logIn(plainPage, E2E_ADMIN);
  await plainPage.goto(`/dashboard/events/${eventId}/check-in`);
  await typeCode(plainPage, secondCode.toLowerCase(), "click");
  await expect(outcome(plainPage)).toContainText(/Already checked in at \d\d:\d\d/);
  await expect(outcome(plainPage)).toContainText(second.name);
  await withoutScript.close();

  // The API: admins only, for an event that exists, with a body that names the check-ins.
  const asMember = await first.context.request.post(`/api/events/${eventId}/check-ins`, {
    headers: { Origin: baseURL! },
    data: { check_ins: [{ code: firstCode }] },
  });
  expect(asMember.status()).toBe(403);
  const unknown = await page.request.post(`/api/events/${crypto.randomUUID()}/check-ins`, {
    headers: { Origin: baseURL! },
    data: { check_ins: [{ code: firstCode }] },
  });
  expect(unknown.status()).toBe(404);
  const empty = await page.request.post(`/api/events/${eventId}/check-ins`, {
    headers: { Origin: baseURL! },
    data: { check_ins: [] },
  });
  expect(empty.status()).toBe(400);

  await first.context.close();
  await second.context.close();
  await removeByName(page, "events", name);
});
