import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { dashboardMenu } from "~/wiring/dashboard-menu";
import { en } from "../support/messages";
import { E2E_ADMIN, ensureAccount, logInAsAdmin } from "./support/accounts";
import { dialog, expectNoAxeViolations, fillForm, removeByName, toast, waitForForm } from "./support/dashboard";
import { expect, PHONE, test } from "./support/fixtures";

/**
 * The dashboard on a phone (upright and sideways) and on a laptop: its frame, the lists as
 * cards or tables, bulk actions, CSV, the keyboard, and what a dropped connection does.
 */
const uniqueName = (what: string) => `E2E ${what} ${crypto.randomBytes(3).toString("hex")}`;
const PHONE_SIDEWAYS = { width: 844, height: 390 };
const LAPTOP = { width: 1280, height: 800 };

/**
 * Opens a dashboard screen the way a person does: the drawer below 1024 px (the frame's `lg`),
 * the sidebar from there. Read from the width, not from what is on screen: until the frame has
 * hydrated, its Menu is a link to the dashboard, and a button only after.
 */
async function openScreen(page: Page, label: string) {
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog", { name: "Dashboard menu" }).getByRole("link", { name: label, exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Dashboard menu" })).toBeHidden();
  } else {
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: label, exact: true }).click();
  }
}

async function waitForDashboard(page: Page) {
  await page.waitForFunction(() => {
    const frame = document.querySelector("[data-dashboard-frame]");
    return frame !== null && Object.keys(frame).some((key) => key.startsWith("__reactFiber"));
  });
}

/** The row (a card on a phone) that holds this text. */
const rowOf = (page: Page, text: string) => page.locator("[data-row]").filter({ hasText: text });

for (const viewport of [PHONE, PHONE_SIDEWAYS, LAPTOP]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("a list keeps each row's Edit and Delete in sight, and neither it nor its form scrolls sideways", async ({
      page,
      baseURL,
    }) => {
      await logInAsAdmin(page, baseURL!, "/dashboard/students");
      await waitForDashboard(page);
      const row = page.locator("[data-row]").first();
      // Edit and Delete are on screen, not scrolled off to the side (a card on a phone, a table's row wider).
      for (const control of [
        row.getByRole("link", { name: /^Edit / }),
        row.getByRole("button", { name: /^Delete / }),
      ]) {
        await expect(control).toBeVisible();
        const box = await control.boundingBox();
        expect(box && box.x + box.width <= viewport.width, String(control)).toBe(true);
      }
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await pageWidth()).toBeLessThanOrEqual(viewport.width);
      // One axe run per state: a width changes the layout, not the markup.
      if (viewport === PHONE) await expectNoAxeViolations(page, `students list at ${viewport.width}`);
      await openScreen(page, "Add Student");
      await waitForForm(page);
      await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
      expect(await pageWidth()).toBeLessThanOrEqual(viewport.width);
    });

    test("the drawer (or sidebar) reaches every dashboard screen, and axe finds nothing in it", async ({
      page,
      baseURL,
    }) => {
      await logInAsAdmin(page, baseURL!, "/dashboard/students");
      await waitForDashboard(page);
      const menu = page.getByRole("button", { name: "Menu" });
      const links = dashboardMenu.flatMap((group) => group.links.map((link) => en(link.label)));
      if (viewport.width >= 1024) {
        await expect(menu).toBeHidden();
        const sidebar = page.getByRole("navigation", { name: "Dashboard" });
        for (const label of links) await expect(sidebar.getByRole("link", { name: label, exact: true })).toBeVisible();
        return;
      }
      await menu.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
      await expect(drawer).toBeVisible();
      if (viewport === PHONE) await expectNoAxeViolations(page, `the open drawer at ${viewport.width}`);
      // Every link can be scrolled into the drawer's view, even on a phone held sideways.
      for (const label of links) {
        const link = drawer.getByRole("link", { name: label, exact: true });
        await link.scrollIntoViewIfNeeded();
        await expect(link).toBeInViewport();
      }
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(menu).toBeFocused();
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("an admin adds, edits and deletes a student and a notice", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await logInAsAdmin(page, baseURL!);
    await waitForDashboard(page);
    // The dashboard's own frame: no public navigation or footer.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("button", { name: /LogOut E2E Admin/ })).toBeVisible();

    const student = uniqueName("phone student");
    await openScreen(page, "Add Student");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Students");
    await waitForForm(page);
    await fillForm(page, { Name: student, Batch: "3", Email: "phone@x.org", Photo: "https://example.org/p.png" });
    await page.getByRole("button", { name: "Submit" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "Student! added")).toBeVisible();

    await openScreen(page, "Students");
    await page.getByRole("searchbox", { name: "Search" }).fill(student);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    // The new student is on the unsearched first page too: wait for the searched list.
    await expect(page).toHaveURL(/[?&]q=/);
    const row = rowOf(page, student);
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: `Edit ${student}` }).click();
    await waitForForm(page);
    await fillForm(page, { Session: "2021-2022" });
    await page.getByRole("button", { name: "Save changes" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "Student! updated")).toBeVisible();
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Students" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(student);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rowOf(page, student)).toContainText("2021-2022");
    await rowOf(page, student)
      .getByRole("button", { name: `Delete ${student}` })
      .click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "Student! Deleted")).toBeVisible();
    await expect(rowOf(page, student)).toHaveCount(0);

    const notice = uniqueName("phone notice");
    await openScreen(page, "Add Notice");
    await waitForForm(page);
    await fillForm(page, {
      Name: notice,
      "Publishing date": "2099-03-03",
      "PDF link": "https://example.org/n.pdf",
      Description: "Added from a phone.",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "Added notice")).toBeVisible();
    await openScreen(page, "All Notice");
    await expect(rowOf(page, notice)).toBeVisible();
    await rowOf(page, notice)
      .getByRole("link", { name: `Edit ${notice}` })
      .click();
    await waitForForm(page);
    await fillForm(page, { Description: "Edited on a phone." });
    await page.getByRole("button", { name: "Save changes" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "Updated notice")).toBeVisible();
    await openScreen(page, "All Notice");
    await rowOf(page, notice)
      .getByRole("button", { name: `Delete ${notice}` })
      .click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(rowOf(page, notice)).toHaveCount(0);
  });

  test("select rows and delete them in bulk with one confirmation", async ({ page, baseURL }) => {
    await logInAsAdmin(page, baseURL!);
    const prefix = uniqueName("bulk");
    for (const index of [1, 2, 3]) {
      const response = await page.request.post("/api/add-teacher", {
        headers: { Origin: baseURL! },
        data: {
          name: `${prefix} ${index}`,
          designation: "Lecturer",
          email: `bulk${index}@x.org`,
          photoURL: "https://example.org/t.png",
          joinDate: "2020-01-01",
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto(`/dashboard/teachers?q=${encodeURIComponent(prefix)}`);
    await waitForDashboard(page);
    await expect(page.locator("[data-row]")).toHaveCount(3);
    await page.getByLabel(`Select ${prefix} 1`).check();
    await page.getByLabel(`Select ${prefix} 3`).check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await expect(dialog(page)).toContainText("Delete 2 teachers?");
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "2 teachers deleted.")).toBeVisible();
    await expect(page.locator("[data-row]")).toHaveCount(1);
    await expect(page.locator("[data-row]")).toContainText(`${prefix} 2`);

    // Select all, then No: nothing goes.
    await page.getByLabel("Select all on this page").check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await dialog(page).getByRole("button", { name: "No", exact: true }).click();
    await expect(page.locator("[data-row]")).toHaveCount(1);
    await removeByName(page, "teachers", `${prefix} 2`);
  });

  test("export the current view as CSV; import a file, see its bad row, save nothing until Import", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await logInAsAdmin(page, baseURL!, "/dashboard/students");
    await waitForDashboard(page);
    await page.getByLabel("Batch").selectOption("5");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/batch=5/);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const exported = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(exported).toString("utf8");
    // A byte order mark first, so spreadsheets read Bangla names right.
    expect(text.startsWith("\uFEFF_id,name,batch,email,photoURL,session\r\n")).toBe(true);
    const lines = text.trimEnd().split("\r\n");
    const shown = await page.locator("[data-row]").count();
    expect(lines.length - 1).toBe(shown);
    expect(lines.slice(1).every((line) => line.split(",")[2] === "5")).toBe(true);
    // The users table and the review queue export their views too.
    const users = await (await page.request.get("/dashboard/users.csv?q=e2e-admin")).text();
    expect(users).toMatch(/^\uFEFF_id,displayName,email,role\r\n[\w-]+,E2E Admin,e2e-admin@example\.org,admin\r\n$/);
    const review = await page.request.get("/dashboard/review.csv?show=notices");
    expect(review.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await review.text()).split("\r\n")[0]).toBe(
      "\uFEFF_id,name,publishing_date,pdfFile,description,status,publish_at",
    );
    expect((await page.request.get("/dashboard/review.csv?show=nothing")).status()).toBe(400);

    const good = uniqueName("imported");
    const csv = [
      "name,batch,email,photoURL,session",
      `${good},9,imported@x.org,https://example.org/i.png,2024-2025`,
      `${good} bad,9,not-an-email,https://example.org/i.png,2024-2025`,
    ].join("\n");
    await page.getByRole("link", { name: "Import CSV" }).click();
    const template = await page.request.get(
      (await page.getByRole("link", { name: "Download the template" }).getAttribute("href")) ?? "",
    );
    expect(await template.text()).toBe("\uFEFF_id,name,batch,email,photoURL,session\r\n");
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "students.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("heading", { name: /^Preview: 2 rows, 1 ready, 1 with errors/ });
    await expect(preview).toBeFocused();
    await expect(page.getByText("Email must be a valid email address")).toBeVisible();
    await expectNoAxeViolations(page, "the import preview on a phone");
    // Nothing is saved by the preview.
    const before = await page.request.get(`/api/students?limit=100&page=1`);
    expect(JSON.stringify(await before.json())).not.toContain(good);

    await page.getByRole("button", { name: "Import 1 student" }).click();
    await expect(page.getByText("1 student added. 1 row with errors skipped.")).toBeVisible();
    await page.getByRole("link", { name: "See Students" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(good);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.locator("[data-row]")).toHaveCount(1);
    await expect(page.locator("[data-row]")).not.toContainText("bad");
    await removeByName(page, "students", good);
  });
});

/** Presses Tab until the locator has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

// Below 1024 px a phone held sideways has the same drawer and focus order as one held upright.
for (const viewport of [PHONE, LAPTOP]) {
  test.describe(`with the keyboard alone at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("log in, then jump to a batch of students", async ({ page, baseURL }) => {
      await ensureAccount(page.request, baseURL!, E2E_ADMIN);
      await page.context().clearCookies();
      await page.goto("/login");
      await tabTo(page, page.getByLabel("Email"));
      await page.keyboard.type(E2E_ADMIN.email);
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("Password")).toBeFocused();
      await page.keyboard.type(E2E_ADMIN.password);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/dashboard");

      await page.goto("/students");
      const batch = page.getByRole("navigation", { name: "Jump Batch" }).getByRole("link", { name: "Batch-5" });
      await tabTo(page, batch);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/batch=5/);
      await expect(
        page.getByRole("navigation", { name: "Jump Batch" }).getByRole("link", { name: "Batch-5" }),
      ).toHaveAttribute("aria-current", "page");
    });

    test("menu, add with confirm, delete: focus is where the person is after each step", async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      await logInAsAdmin(page, baseURL!);
      if (viewport.width < 1024) {
        // Before the page's script runs (held here, as a slow network holds it), Menu is a link
        // to the dashboard's home; the person reaches it by keyboard (the skip link, then Menu).
        // The button that replaces it once the page runs keeps the focus.
        let runScripts = () => {};
        const scriptsHeld = new Promise<void>((resolve) => {
          runScripts = resolve;
        });
        const scripts = /\.js(\?|$)/;
        await page.route(scripts, async (route) => {
          await scriptsHeld;
          await route.fallback();
        });
        await page.goto("/dashboard", { waitUntil: "commit" });
        await expect(page.getByRole("link", { name: "Menu" })).toBeVisible();
        await page.keyboard.press("Tab");
        await page.keyboard.press("Tab");
        await expect(page.getByRole("link", { name: "Menu" })).toBeFocused();
        runScripts();
        await waitForDashboard(page);
        await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();
        await page.unroute(scripts);
        await page.keyboard.press("Enter");
        const drawer = page.getByRole("dialog", { name: "Dashboard menu" });
        await tabTo(page, drawer.getByRole("link", { name: "Add Teacher" }), 20);
      } else {
        await page.goto("/dashboard");
        await waitForDashboard(page);
        await tabTo(
          page,
          page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add Teacher" }),
        );
      }
      await page.keyboard.press("Enter");
      await waitForForm(page);

      const name = uniqueName("keyboard teacher");
      for (const [label, value] of [
        ["Name", name],
        ["Designation", "Lecturer"],
        ["Email", "keys@x.org"],
        ["Photo", "https://example.org/k.png"],
        ["Join date", "01022020"],
      ] as const) {
        await tabTo(page, page.getByLabel(label, { exact: true }));
        await page.keyboard.type(value);
      }
      const submit = page.getByRole("button", { name: "Submit" });
      await tabTo(page, submit);
      await page.keyboard.press("Enter");
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(submit).toBeFocused();
      await page.keyboard.press("Enter");
      // Focus starts on the dialog's first button (No); Tab reaches Yes.
      await tabTo(page, dialog(page).getByRole("button", { name: "Yes", exact: true }), 3);
      await page.keyboard.press("Enter");
      await expect(toast(page, "Teacher Profile! added")).toBeVisible();
      // The emptied form is a new one: focus is on the success message, not lost at the top.
      await expect(page.locator("[data-feedback-focus]")).toBeFocused();

      // Two rows; the first is deleted: focus moves to the next row's Delete.
      const second = `${name} second`;
      await page.request.post("/api/add-teacher", {
        headers: { Origin: baseURL! },
        data: {
          name: second,
          designation: "Lecturer",
          email: "k2@x.org",
          photoURL: "https://example.org/k.png",
          joinDate: "2020-01-01",
        },
      });
      await page.goto(`/dashboard/teachers?q=${encodeURIComponent(name)}&sort=name`);
      await waitForDashboard(page);
      await tabTo(page, page.getByRole("button", { name: `Delete ${name}`, exact: true }));
      await page.keyboard.press("Enter");
      await tabTo(page, dialog(page).getByRole("button", { name: "Yes", exact: true }), 3);
      await page.keyboard.press("Enter");
      await expect(page.locator("[data-row]")).toHaveCount(1);
      await expect(page.getByRole("button", { name: `Delete ${second}` })).toBeFocused();
      await removeByName(page, "teachers", second);
    });
  });
}

test.describe("a dropped connection", () => {
  test.use({ viewport: PHONE });

  test("saving offline keeps the typed data and the signed-in frame; back online it saves", async ({
    page,
    context,
    baseURL,
  }) => {
    await logInAsAdmin(page, baseURL!, "/dashboard/add-notice");
    await waitForForm(page);
    const name = uniqueName("offline save");
    await fillForm(page, {
      Name: name,
      "Publishing date": "2099-04-04",
      "PDF link": "https://example.org/o.pdf",
      Description: "Typed before the network dropped.",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(dialog(page)).toBeVisible();
    await context.setOffline(true);
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(en("messages.form.unreachable"));
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Description")).toHaveValue("Typed before the network dropped.");
    await expect(page.getByRole("button", { name: /LogOut E2E Admin/ })).toBeAttached();
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);

    await context.setOffline(false);
    await page.getByRole("button", { name: "Submit" }).click();
    await dialog(page).getByRole("button", { name: "Yes", exact: true }).click();
    await expect(toast(page, "Added notice")).toBeVisible();
    await removeByName(page, "notices", name);
  });

  test("a list whose data fails shows Retry inside the frame; Retry loads it", async ({ page, baseURL }) => {
    await logInAsAdmin(page, baseURL!);
    await waitForDashboard(page);
    await page.route("**/dashboard/students.data*", (route) => route.abort("internetdisconnected"));
    await openScreen(page, "Students");
    await expect(page.getByRole("heading", { name: en("dashboard.error.failedHeading") })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: /LogOut/ })).toBeAttached();
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page, "a failed screen");
    await page.unroute("**/dashboard/students.data*");
    await page.getByRole("button", { name: en("dashboard.error.retry") }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  });

  test("a screen whose code fails to load says so with Reload, instead of reloading silently", async ({
    page,
    baseURL,
  }) => {
    await logInAsAdmin(page, baseURL!);
    // The code of the list screens can't be fetched from the start.
    const listModule = /\/assets\/collection-list-[\w-]+\.js$/;
    await page.route(listModule, (route) => route.abort("internetdisconnected"));
    await page.goto("/dashboard/add-student");
    await waitForDashboard(page);
    let reloads = 0;
    page.on("load", () => reloads++);
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("dialog", { name: "Dashboard menu" })
      .getByRole("link", { name: "Students", exact: true })
      .click();
    await expect(page.getByRole("alert").filter({ hasText: en("dashboard.frame.unreachable") })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/add-student$/);
    expect(reloads).toBe(0);
    await page.unroute(listModule);
    await page.getByRole("link", { name: en("dashboard.frame.reload") }).click();
    await expect(page).toHaveURL(/\/dashboard\/students$/);
    await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  });

  test("while the screens' code is still arriving, a download link downloads and the screen stays", async ({
    page,
    baseURL,
  }) => {
    await logInAsAdmin(page, baseURL!);
    // One screen's code is held, as a slow network holds it: the frame's fetch of every
    // screen's code is not complete, so the frame takes its links' clicks until it is.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const auditModule = /\/assets\/audit-[\w-]+\.js$/;
    await page.route(auditModule, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto("/dashboard/students");
    await waitForDashboard(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/students$/);
    release();
    await page.unroute(auditModule);
  });

  test("a dashboard address or record that doesn't exist says the spec's 'Page not found' in the frame", async ({
    page,
    baseURL,
  }) => {
    await logInAsAdmin(page, baseURL!);
    for (const path of [
      "/dashboard/all-events/123/edit",
      "/dashboard/students/00000000-0000-4000-8000-000000000000/edit",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("common.error.pageNotFound"));
      await expect(page.getByText("Please try again in a moment.")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    }
  });
});

test.describe("on a laptop", () => {
  test.use({ viewport: LAPTOP });

  test("headers sort the table both ways on the server; the header row stays in sight while scrolling", async ({
    page,
    baseURL,
  }) => {
    await logInAsAdmin(page, baseURL!, "/dashboard/students");
    await waitForDashboard(page);
    const names = () => page.locator("[data-row] td:nth-child(3) span span:first-child").allTextContents();
    const header = page.getByRole("columnheader", { name: /Name and batch/ });
    await header.getByRole("link").click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    const ascending = await names();
    // The database's collation decides ties of case and punctuation; the first letters agree with any.
    const initials = ascending.map((name) => name[0]);
    expect(initials).toEqual([...initials].sort());
    expect(new Set(initials).size).toBeGreaterThan(3);
    await header.getByRole("link").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    expect(await names()).toEqual([...ascending].reverse());

    await page.mouse.wheel(0, 1500);
    await expect(async () => {
      const top = await page.locator("thead").evaluate((head) => head.getBoundingClientRect().top);
      expect(top).toBe(56);
    }).toPass();
  });
});

for (const width of [1024, 1280]) {
  test.describe(`the public header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("is one row, LogOut included, for an admin", async ({ page, baseURL }) => {
      await logInAsAdmin(page, baseURL!, "/about");
      const header = page.getByRole("banner");
      const logOut = header.getByRole("button", { name: /LogOut E2E Admin/ });
      const links = header.getByRole("navigation", { name: "Main" }).getByRole("link");
      const tops = new Set<number>();
      for (const box of [
        await logOut.boundingBox(),
        ...(await Promise.all((await links.all()).map((link) => link.boundingBox()))),
      ]) {
        if (box && box.height > 0) tops.add(Math.round(box.y + box.height / 2));
      }
      // Every item is centred on the same line, and the header is one row high.
      expect(tops.size).toBe(1);
      expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
      const logOutBox = await logOut.boundingBox();
      expect(logOutBox && logOutBox.x + logOutBox.width <= width).toBe(true);
      // The logo alone stands for the name here; the link still says it.
      await expect(header.getByRole("link", { name: /RMSTU Programming Club/ })).toBeVisible();
    });
  });
}
