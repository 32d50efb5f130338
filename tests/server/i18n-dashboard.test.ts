import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageKey } from "~/i18n/catalogs";
import { httpClient } from "../support/http-client";
import { pagesOf, textOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

/**
 * The dashboard in Bangla (a `lang=bn` cookie) and in English, signed in as the demo admin, on
 * the production build: the HTML the server renders (and the browser then hydrates), and a
 * form posted as a browser without JavaScript posts it.
 */
let server: RunningServer;
let admin = "";
const { call } = httpClient(() => server.baseUrl);
const page = pagesOf(call, { read: textOf, cookie: () => admin });

function expectBangla(html: string, keys: readonly MessageKey[], values: Record<string, string> = {}) {
  for (const key of keys) expect(html, key).toContain(bn(key, values));
}

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  admin = await signInDemoAdmin(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the dashboard in Bangla", () => {
  it("home: the menu's groups and links, the heading and the profile link; English stays the spec's", async () => {
    const html = await page("/dashboard", "bn");
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain(`<title>${bn("dashboard.title")}</title>`);
    expectBangla(html, [
      "dashboard.title",
      "dashboard.home.rootContent",
      "dashboard.menu.group.events",
      "dashboard.menu.group.department",
      "dashboard.menu.allEvents",
      "dashboard.menu.addStudent",
      "dashboard.menu.makeAdmin",
      "dashboard.menu.review",
      "dashboard.frame.publicSite",
    ]);
    for (const english of ["Start to update your profile", ">All Events<", ">Add Student<", ">Department<"]) {
      expect(html).not.toContain(english);
    }

    const englishHtml = await page("/dashboard", "en");
    expect(englishHtml).toContain('<html lang="en"');
    for (const text of [
      "Start to update your profile",
      ">All Events<",
      ">Add Student<",
      ">Make Admin<",
      "Public site",
    ]) {
      expect(englishHtml).toContain(text);
    }
    expect(englishHtml).not.toContain(bn("dashboard.menu.allEvents"));
  });

  it("a collection's list: heading, buttons, column headers, statuses and the summary in Bangla digits", async () => {
    const html = await page("/dashboard/all-events", "bn");
    expect(html).toContain(`<title>${bn("dashboard.events.list")}</title>`);
    expectBangla(html, [
      "dashboard.events.list",
      "dashboard.events.add",
      "dashboard.exportCsv",
      "dashboard.column.startTimeAndDate",
      "dashboard.column.problemsAndDuration",
      "dashboard.column.status",
      "dashboard.status.published",
      "dashboard.table.action",
      "dashboard.table.search",
      "dashboard.table.newestFirst",
      "dashboard.events.filter.allTypes",
      "dashboard.list.deleteSelected",
      "dashboard.selectAll",
      "dashboard.list.edit",
      "dashboard.list.delete",
    ]);
    // "Showing 1–12 of 12" with Bangla digits, from the formatters.
    expect(html).toMatch(/[০-৯]+টির মধ্যে ১–[০-৯]+ দেখানো হচ্ছে/);
    for (const english of [
      ">All Events<",
      ">Add Programming Contest<",
      ">Export CSV<",
      ">Delete selected<",
      "Showing 1",
    ]) {
      expect(html).not.toContain(english);
    }

    const englishHtml = await page("/dashboard/all-events", "en");
    for (const text of [
      ">All Events<",
      ">Add Programming Contest<",
      ">Start time and date",
      ">Published<",
      "Showing 1–",
    ]) {
      expect(englishHtml).toContain(text);
    }
  });

  it("an add form: breadcrumb, heading, every field's label and hint, the choices and the button", async () => {
    const html = await page("/dashboard/add-event", "bn");
    expectBangla(html, [
      "dashboard.events.add",
      "dashboard.events.field.eventType",
      "dashboard.events.placeholder.eventType",
      "dashboard.events.field.starts_on",
      "dashboard.events.hint.starts_on",
      "dashboard.events.field.problem_number",
      "dashboard.events.option.waitlist.true",
      "dashboard.events.field.status",
      "dashboard.events.option.status.draft",
      "dashboard.events.hint.publish_at",
      "dashboard.form.submit",
      "dashboard.frame.breadcrumb",
    ]);
    for (const english of [">Event type<", ">Start date<", ">Problem count<", ">Save as draft", ">Submit<"]) {
      expect(html).not.toContain(english);
    }

    const englishHtml = await page("/dashboard/add-event", "en");
    for (const text of [
      "<h1",
      ">Add Programming Contest<",
      ">Event type<",
      ">Select One<",
      ">Problem count<",
      ">Submit<",
    ]) {
      expect(englishHtml).toContain(text);
    }
  });

  it("users, review, profile and the CSV import say it in Bangla", async () => {
    const users = await page("/dashboard/users", "bn");
    expectBangla(users, ["dashboard.users.heading", "dashboard.users.number", "dashboard.users.changeRole"]);
    expect(users).toContain(bn("dashboard.users.roleName", { role: "admin" }));
    expect(users).not.toContain(">Change role<");
    expect(await page("/dashboard/users", "en")).toContain(">Change role<");

    const review = await page("/dashboard/review", "bn");
    expectBangla(review, ["dashboard.review.heading", "dashboard.review.intro", "dashboard.review.showEverything"]);
    expect(review).not.toContain("Review queue");
    expect(await page("/dashboard/review", "en")).toContain("Review queue");

    const profile = await page("/dashboard/profile", "bn");
    expectBangla(profile, [
      "dashboard.profile.heading",
      "dashboard.profile.displayName",
      "dashboard.profile.saveName",
      "dashboard.profile.changePassword",
    ]);
    expect(profile).not.toContain(">Change password<");

    const students = await page("/dashboard/students/import", "bn");
    expect(students).toContain(bn("dashboard.import.heading", { list: bn("dashboard.students.list") }));
    expectBangla(students, ["dashboard.import.file", "dashboard.import.preview", "dashboard.import.template"]);
    expect(await page("/dashboard/students/import", "en")).toContain("Import students from CSV");
  });

  it("a delete without JavaScript asks in Bangla first, and a No says so in Bangla", async () => {
    const list = await page("/dashboard/students", "bn");
    const id = list.match(/data-row="([^"]+)"/)?.[1];
    expect(id).toBeDefined();
    const post = (form: Record<string, string>) =>
      call("/dashboard/students", {
        method: "POST",
        cookie: `lang=bn; ${admin}`,
        headers: { Origin: server.baseUrl },
        form,
      });
    const asked = textOf(await (await post({ id: id! })).text());
    expectBangla(asked, ["dashboard.yes", "dashboard.no"]);
    expect(asked).toContain(bn("dashboard.list.deleteTitle", { noun: bn("dashboard.students.noun") }));
    expect(asked).not.toContain("Delete this student?");

    const answeredNo = textOf(await (await post({ id: id!, confirmed: "no" })).text());
    expect(answeredNo).toContain(bn("dashboard.notSaved"));
    // Nothing was deleted: the row is still listed.
    expect(await page("/dashboard/students", "bn")).toContain(`data-row="${id}"`);
  });

  it("a screen for admins only tells check-in staff whose it is, in Bangla", async () => {
    const match = server.output().match(/check-in\s+email:\s+(\S+)\s+password:\s+(\S+)/);
    expect(match).not.toBeNull();
    const signIn = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseUrl },
      body: JSON.stringify({ email: match?.[1], password: match?.[2] }),
    });
    const staff = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const response = await call("/dashboard/users", { cookie: `lang=bn; ${staff}` });
    expect(response.status).toBe(403);
    const html = textOf(await response.text());
    expectBangla(html, [
      "dashboard.permission.manageSite.heading",
      "dashboard.permission.manageSite.text",
      "dashboard.error.backToDashboard",
    ]);
    expect(html).not.toContain("Admins only");
    const english = textOf(await (await call("/dashboard/users", { cookie: `lang=en; ${staff}` })).text());
    expect(english).toContain("Admins only");
    expect(english).toContain(en("dashboard.permission.manageSite.text"));
  });
});
