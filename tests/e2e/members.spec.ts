import { verifyEmailAt } from "../support/email-verification";
import { en } from "../support/messages";
import { ensureAccount, logIn, logInAsAdmin, newAccount, type TestAccount } from "./support/accounts";
import { dialog, expectNoAxeViolations, removeByName, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, phoneWithoutScript, test } from "./support/fixtures";

/**
 * Members: a new person registers, claims the student record an admin made with their email,
 * keeps their profile and handles, and hides their email from every public place. On a phone,
 * where members mostly are; the member page is measured on a laptop too.
 */
test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("register, claim the seeded record, edit the profile and handles, hide the email", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const person = newAccount("claimer");
    const studentName = `Claimed ${person.name}`;
    await logInAsAdmin(page, baseURL!);
    const added = await page.request.post("/api/add-student", {
      headers: { Origin: baseURL! },
      data: { name: studentName, email: person.email, photoURL: "https://example.org/c.png", batch: 7 },
    });
    expect(added.status()).toBe(201);
    await page.context().clearCookies();

    await page.goto("/register");
    await page.getByLabel("Name").fill(person.name);
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    await page.getByLabel("Retype password").fill(person.password);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.locator('form[action="/logout"] button')).toBeAttached();

    // The dashboard offers the record; the profile page claims it.
    await page.goto("/dashboard");
    await expect(page.getByRole("complementary", { name: en("dashboard.home.claimHeading") })).toContainText(
      studentName,
    );
    await page.getByRole("link", { name: "Claim it" }).click();
    // Not before the address is proved: anyone may register any address.
    await page.getByRole("button", { name: en("accounts.profile.claimButton") }).click();
    await expect(page.getByText(en("accounts.verify.required", { email: person.email }))).toBeVisible();
    await verifyEmailAt(baseURL!, person.email);
    await page.getByRole("button", { name: en("accounts.profile.claimButton") }).click();
    await expect(page.getByText(en("dashboard.profile.claimed"))).toBeVisible();
    const form = page.locator("form", { has: page.getByRole("button", { name: "Save profile" }) });
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(studentName);

    // A bad link and a bad handle are named; what was typed stays.
    await form.getByLabel("GitHub").fill("ftp://example.org/me");
    await form.getByLabel("Codeforces handle").fill("no spaces allowed");
    await form.getByLabel("Bio").fill("Competitive programmer from Rangamati.");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("GitHub must be an http(s) link")).toBeVisible();
    await expect(page.getByText(/^Codeforces handle must be/)).toBeVisible();
    await expect(form.getByLabel("Bio")).toHaveValue("Competitive programmer from Rangamati.");

    const handle = `cf_${person.email.split("@")[0]!.replace(/\W/g, "_")}`.slice(0, 24);
    await form.getByLabel("GitHub").fill("https://github.com/example");
    await form.getByLabel("Session", { exact: true }).fill("2021-2022");
    await form.getByLabel("Codeforces handle").fill(handle);
    await form.getByLabel(/^Show my email/).uncheck();
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText(en("dashboard.profile.saved"))).toBeVisible();
    await expectNoAxeViolations(page, `the member profile at 390`);

    // Seen by anyone: no email on /students, the member page or /api/students.
    const visitor = await browser.newContext({ baseURL, viewport: PHONE });
    const anonymous = await visitor.newPage();
    await anonymous.goto("/students?batch=7");
    const card = anonymous.getByRole("article").filter({ hasText: studentName });
    await expect(card).toBeVisible();
    expect(await anonymous.content()).not.toContain(person.email);
    await card.getByRole("link", { name: studentName }).click();
    await expect(anonymous.getByRole("heading", { level: 1 })).toHaveText(studentName);
    await expect(anonymous.getByText(en("people.member.emailHidden"))).toBeVisible();
    await expect(anonymous.getByRole("link", { name: `Codeforces: ${handle}` })).toHaveAttribute(
      "href",
      `https://codeforces.com/profile/${handle}`,
    );
    await expect(anonymous.getByText("Competitive programmer from Rangamati.")).toBeVisible();
    expect(await anonymous.content()).not.toContain(person.email);
    await expectNoAxeViolations(anonymous, `a member page at 390`);
    await anonymous.setViewportSize({ width: 1280, height: 800 });
    expect(await anonymous.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const api = await anonymous.request.get("/api/students");
    expect(await api.text()).not.toContain(person.email);
    await visitor.close();

    await logInAsAdmin(page, baseURL!);
    await removeByName(page, "students", studentName);
  });
});

test.describe("an admin on a phone", () => {
  test.use({ viewport: PHONE });

  test("links a student record to an account and unlinks it, each after a Yes", async ({ page, baseURL }) => {
    const person = newAccount("linked");
    await ensureAccount(page.request, baseURL!, person);
    await logInAsAdmin(page, baseURL!);
    const name = `Linked ${person.name}`;
    const added = await page.request.post("/api/add-student", {
      headers: { Origin: baseURL! },
      data: { name, email: "someone-else@example.org", photoURL: "https://example.org/l.png" },
    });
    const { insertedId } = await added.json();
    await page.goto(`/dashboard/students/${insertedId}/edit`);
    await page.getByRole("link", { name: "Account", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Account of ${name}`);
    await expect(page.getByText("No account is linked")).toBeVisible();
    await waitForForm(page);

    await page.getByLabel("Email of the account").fill("nobody-registered@example.org");
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(page.getByText("No account has this email: the person registers first.")).toBeVisible();

    await page.getByLabel("Email of the account").fill(person.email);
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await expect(dialog(page)).toContainText("Link this account?");
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "The account is linked.")).toBeVisible();
    await expect(page.getByText(`Linked to ${person.name}`)).toBeVisible();
    await expectNoAxeViolations(page, "the student's account screen");

    await page.getByRole("button", { name: "Unlink the account" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "The account is unlinked.")).toBeVisible();
    await expect(page.getByText("No account is linked")).toBeVisible();
    await removeByName(page, "students", name);
  });
});

test.describe("membership on a phone", () => {
  test.use({ viewport: PHONE });

  test("without JavaScript, opening a round asks at the form's end, and No keeps what was typed", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await phoneWithoutScript(browser, baseURL!);
    await logInAsAdmin(page, baseURL!, "/dashboard/membership");
    await page.getByText("Open a membership round").click();
    await page.getByLabel("Session").fill("2098-2099");
    await page.getByLabel("Opens on").fill("2098-01-01");
    await page.getByLabel("Closes on").fill("2098-02-01");
    await page.getByRole("button", { name: "Open the round" }).click();
    // The form's section stays open on the question: its answer is at the form's end.
    const answer = page.getByRole("group", { name: en("tools.membership.roundTitle") });
    await answer.getByRole("button", { name: "No", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: en("dashboard.notSaved") })).toBeVisible();
    await expect(page.getByLabel("Session")).toHaveValue("2098-2099");
    await expect(page.getByLabel("Closes on")).toHaveValue("2098-02-01");
    await context.close();
  });

  test("an admin opens a round; one applicant is approved onto /students, another rejected with a reason", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const session = `20${Math.floor(Math.random() * 80) + 10}-next`.slice(0, 9);
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await logInAsAdmin(page, baseURL!, "/dashboard/membership");
    await waitForForm(page);
    await page.getByText("Open a membership round").click();
    await page.getByLabel("Session").fill(session);
    await page.getByLabel("Opens on").fill(today);
    await page.getByLabel("Closes on").fill(later);
    await page.getByRole("button", { name: "Open the round" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, en("tools.membership.roundOpened"))).toBeVisible();

    const batch = String(Math.floor(Math.random() * 9000) + 1000);
    const applicants = [newAccount("approved"), newAccount("rejected")];
    for (const applicant of applicants) {
      // Each applicant in a browser of their own (a sign-up in the admin's would sign the admin out).
      const context = await browser.newContext({ baseURL, viewport: PHONE });
      await ensureAccount(context.request, baseURL!, applicant);
      await context.clearCookies();
      const own = await context.newPage();
      await logIn(own, applicant);
      await own.goto("/join");
      await expect(own.getByText(`Applications for the ${session} session are open`)).toBeVisible();
      await own.getByLabel("Batch").fill(batch);
      await own.getByLabel("Photo").fill("https://example.org/applicant.png");
      await own.getByRole("button", { name: "Apply" }).click();
      await expect(own.getByText(en("accounts.join.applied"))).toBeVisible();
      await own.goto("/join");
      await expect(own.getByText(en("accounts.join.appliedTwice"))).toBeVisible();
      await context.close();
    }

    await page.goto(`/dashboard/membership?status=pending&batch=${batch}`);
    await waitForForm(page);
    await expect(page.locator("[data-row]")).toHaveCount(2);
    await expectNoAxeViolations(page, "the membership screen on a phone");
    const [approved, rejected] = applicants as [TestAccount, TestAccount];
    await page.getByRole("button", { name: `Approve ${approved.name}` }).click();
    await expect(dialog(page)).toContainText("Approve 1 application?");
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, en("tools.membership.approvedMany", { count: 1 }))).toBeVisible();
    await page.getByLabel(`Select ${rejected.name}`).check();
    await page.getByLabel(/^Reason/).fill("Not a CSE student");
    await page.getByRole("button", { name: "Reject selected" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, en("tools.membership.rejectedMany", { count: 1 }))).toBeVisible();

    const visitor = await browser.newContext({ baseURL });
    const anonymous = await visitor.newPage();
    await anonymous.goto(`/students?batch=${batch}`);
    await expect(anonymous.getByRole("heading", { name: approved.name })).toBeVisible();
    await expect(anonymous.getByText(rejected.name)).toHaveCount(0);
    await visitor.close();

    const rejectedContext = await browser.newContext({ baseURL, viewport: PHONE });
    const own = await rejectedContext.newPage();
    await logIn(own, rejected);
    await own.goto("/dashboard");
    await expect(own.getByRole("region", { name: "Your membership applications" })).toContainText(
      `Session ${session}: Rejected (Not a CSE student)`,
    );
    await rejectedContext.close();
    // Later specs of this worker see the demo's students as seeded.
    await removeByName(page, "students", approved.name);
  });
});
