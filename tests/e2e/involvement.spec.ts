import crypto from "node:crypto";
import { bn, en } from "../support/messages";
import { ensureAccount, logIn, logInAsAdmin, newAccount } from "./support/accounts";
import { expectNoAxeViolations, removeByName, waitForForm } from "./support/dashboard";
import { expect, PHONE, screenshotToLookAt, test } from "./support/fixtures";

test.setTimeout(180_000);

/** Today on the club's clocks (Asia/Dhaka), where the check-in screen's week is counted. */
const clubToday = () => new Date(Date.now() + 6 * 3600_000).toISOString().slice(0, 10);

test("door staff take attendance offline on a phone, it syncs, and the member sees their involvement", async ({
  page,
  browser,
  baseURL,
}) => {
  const id = crypto.randomBytes(3).toString("hex");
  const eventName = `Friday practice ${id}`;
  const person = newAccount("sheet");
  const memberName = `Sheet Member ${id}`;
  await page.setViewportSize(PHONE);
  await logInAsAdmin(page, baseURL!);
  const origin = { Origin: baseURL! };
  const event = await page.request.post("/api/add-event", {
    headers: origin,
    data: {
      eventType: "WorkShop",
      name: eventName,
      starts_on: clubToday(),
      starts_at: "16:00",
      problem_number: 0,
      contest_duration: "2 Hours",
      details: "The weekly practice.",
    },
  });
  expect(event.status()).toBe(201);
  const student = await page.request.post("/api/add-student", {
    headers: origin,
    data: { name: memberName, email: person.email, photoURL: "https://example.org/s.png", batch: 41 },
  });
  expect(student.status()).toBe(201);
  const { insertedId: studentId } = (await student.json()) as { insertedId: string };

  // The member's own browser: their account takes the record an admin made for their address.
  const memberContext = await browser.newContext({ baseURL, viewport: PHONE });
  await ensureAccount(memberContext.request, baseURL!, person);
  // A session that starts after the address is proved (sign-up's own session predates it).
  await memberContext.clearCookies();
  const memberPage = await memberContext.newPage();
  await logIn(memberPage, person);
  const claimed = await memberPage.request.post("/dashboard/profile", {
    headers: origin,
    form: { intent: "claim", studentId },
  });
  expect(claimed.status()).toBe(200);

  // At the door: the check-in screen lists the event's attendance sheet.
  await page.goto("/dashboard/check-in");
  await page
    .getByRole("link", { name: en("tools.attendance.takeAt", { event: eventName }).replace(/<\/?0>/g, "") })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    en("tools.attendance.heading", { event: eventName }),
  );
  await waitForForm(page);
  const box = page.getByRole("checkbox", { name: new RegExp(memberName) });
  await expect(box).toBeEnabled();

  // No network: the tick shows at once and waits on the phone.
  await page.context().setOffline(true);
  await page.getByLabel(en("tools.attendance.search")).fill(`sheet member ${id}`);
  await expect(page.getByRole("checkbox")).toHaveCount(1);
  await box.check();
  await expect(page.getByTestId("attendance-sync")).toHaveText(en("tools.attendance.offline", { count: 1 }));
  await expect(box).toBeChecked();
  await page.context().setOffline(false);
  await expect(page.getByTestId("attendance-sync")).toHaveText(en("tools.attendance.allSent"));

  // The server kept it: after a reload the box is still ticked.
  await page.reload();
  await waitForForm(page);
  await page.getByLabel(en("tools.attendance.search")).fill(memberName);
  await expect(box).toBeChecked();
  await expectNoAxeViolations(page, "the attendance sheet at 390 px");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshotToLookAt(page, "attendance-390", { fullPage: false });

  // An admin marks the member a volunteer of the event.
  await page.getByLabel(en("tools.attendance.volunteerLabel"), { exact: true }).selectOption(studentId);
  await page.getByRole("button", { name: en("tools.attendance.addVolunteer") }).click();
  await expect(page.getByRole("status").filter({ hasText: en("tools.attendance.volunteerAdded") })).toBeVisible();
  const volunteers = page.getByRole("region", { name: en("tools.attendance.volunteersHeading") });
  await expect(volunteers).toContainText(memberName);

  // The term's table: one event attended (2 points) and one role held (3 points), by default weights.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/dashboard/involvement?batch=41");
    const row = page.locator("tr", { hasText: memberName });
    await expect(row).toContainText("5");
    if (width === 390) await expectNoAxeViolations(page, "the involvement table at 390 px");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshotToLookAt(page, `involvement-${width}`);
  }
  const csv = await page.request.get("/dashboard/involvement.csv?batch=41");
  expect(await csv.text()).toContain(`${memberName},41,0,1,0,no,1,1,5`);

  // The member, in Bangla: their dashboard shows it; they agree to show it on their page.
  await memberContext.addCookies([{ name: "lang", value: "bn", url: baseURL! }]);
  await memberPage.goto("/dashboard");
  const yours = memberPage.getByRole("region", { name: bn("tools.involvement.yours") });
  await expect(yours).toContainText(bn("tools.involvement.points", { score: 5 }));
  await expectNoAxeViolations(memberPage, "the member's dashboard in Bangla at 390 px");
  await screenshotToLookAt(memberPage, "member-dashboard-bn-390");
  const certificate = await memberPage.request.get(`/dashboard/involvement/${studentId}/certificate.pdf`);
  expect(certificate.headers()["content-type"]).toBe("application/pdf");

  await memberPage.goto("/dashboard/profile");
  await memberPage.getByLabel(bn("accounts.profile.involvementPublic")).check();
  await memberPage.getByRole("button", { name: bn("accounts.profile.save") }).click();
  await expect(memberPage.getByText(bn("dashboard.profile.saved"))).toBeVisible();
  await memberPage.getByRole("link", { name: bn("accounts.profile.publicPage") }).click();
  const shown = memberPage.getByRole("region", { name: bn("tools.involvement.publicHeading") });
  await expect(shown).toContainText(bn("tools.involvement.points", { score: 5 }));
  await expectNoAxeViolations(memberPage, "the member's public page in Bangla at 390 px");
  await screenshotToLookAt(memberPage, "member-page-bn-390");

  await memberContext.close();
  await removeByName(page, "students", memberName);
  await removeByName(page, "events", eventName);
});
