import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsLayout, translatedSettingsLayout } from "~/core/settings-form.server";
import { SETTINGS_GROUPS } from "~/core/settings-groups";
import { httpClient } from "../support/http-client";
import { htmlOf, pagesOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

/**
 * The dashboard's tools (check-in, registrations, certificates, membership, standings, rankings,
 * notifications, outbox, jobs, webhooks, API tokens, audit log, settings, backup) in Bangla (a
 * `lang=bn` cookie) and in English, signed in as the demo admin on the production build.
 */
let server: RunningServer;
let admin = "";
let eventId = "";
const { call } = httpClient(() => server.baseUrl);
/** A screen's HTML, signed in as the demo admin. */
const screen = pagesOf(call, { cookie: () => admin });

/** A text as React writes it into HTML. */
const html = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

function expectTexts(page: string, shown: string[], notShown: string[] = []) {
  for (const text of shown) expect(page).toContain(html(text));
  for (const text of notShown) expect(page).not.toContain(html(text));
}

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  admin = await signInDemoAdmin(server);
  const list = await screen("/dashboard/check-in", "en");
  eventId = /\/dashboard\/events\/([0-9a-f-]{36})\/check-in/.exec(list)?.[1] ?? "";
  expect(eventId).not.toBe("");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the check-in desk in Bangla", () => {
  it("lists the events to check people in at, with Bangla dates and counts", async () => {
    const page = await screen("/dashboard/check-in", "bn");
    expect(page).toContain('<html lang="bn"');
    expect(page).toContain(`<title>${bn("tools.checkIn.title")}</title>`);
    expectTexts(page, [bn("tools.checkIn.title"), "চেক-ইন করান", "জন নিশ্চিত"], ["Check people in", " confirmed"]);
    expect(page).toMatch(/[০-৯]+ জন নিশ্চিত/);
  });

  it("the door's page: heading, counts in Bangla digits, the code field and everyone with a ticket", async () => {
    const page = await screen(`/dashboard/events/${eventId}/check-in`, "bn");
    expectTexts(
      page,
      [
        bn("tools.checkIn.codeLabel"),
        bn("tools.checkIn.codeHint"),
        bn("tools.checkIn.scan"),
        bn("tools.checkIn.ready"),
        bn("tools.checkIn.notYet"),
      ],
      [
        en("tools.checkIn.codeLabel"),
        en("tools.checkIn.codeHint"),
        en("tools.checkIn.scan"),
        en("tools.checkIn.notYet"),
      ],
    );
    expect(page).toMatch(/[০-৯]+ জনের মধ্যে ০ জন চেক-ইন করেছেন/);
    expect(page).toMatch(/টিকিট আছে যাঁদের \([০-৯]+\)/);
    expect(page).toMatch(/কোড: [0-9A-F]{5}-/);
  });

  it("a code typed before the page's script runs is answered in Bangla", async () => {
    const page = await screen(`/dashboard/events/${eventId}/check-in`, "bn");
    const code = /কোড: ([0-9A-F-]{23})/.exec(page)?.[1] ?? "";
    expect(code).not.toBe("");
    const posted = await call(`/dashboard/events/${eventId}/check-in`, {
      method: "POST",
      cookie: `${admin}; lang=bn`,
      headers: { Origin: server.baseUrl },
      form: { code },
    });
    expect(posted.status).toBe(200);
    const answered = htmlOf(await posted.text());
    expectTexts(answered, [bn("tools.checkIn.checkedIn")], [en("tools.checkIn.checkedIn")]);
    expect(answered).toMatch(/[০-৯]+ জনের মধ্যে ১ জন চেক-ইন করেছেন/);
  });

  it("registrations and certificates of the event", async () => {
    const registrations = await screen(`/dashboard/events/${eventId}/registrations`, "bn");
    expectTexts(
      registrations,
      [
        bn("tools.registrations.tableCaption"),
        bn("tools.registrations.colTitle"),
        bn("tools.registrations.status.confirmed"),
        bn("tools.registrations.addHeading"),
        bn("tools.registrations.mailHeading"),
        bn("tools.domjudge.download"),
      ],
      [
        en("tools.registrations.tableCaption"),
        en("tools.registrations.colTitle"),
        en("tools.registrations.addHeading"),
        en("tools.domjudge.passwords"),
      ],
    );
    const certificates = await screen(`/dashboard/events/${eventId}/certificates`, "bn");
    expectTexts(
      certificates,
      [bn("tools.certificates.intro"), bn("tools.certificates.empty")],
      [en("tools.certificates.intro"), en("tools.certificates.empty")],
    );
  });
});

describe("the other tools in Bangla", () => {
  it("membership, standings and rankings", async () => {
    const membership = await screen("/dashboard/membership", "bn");
    expectTexts(
      membership,
      [bn("tools.membership.title"), bn("tools.membership.openRoundSummary"), bn("tools.membership.colStudentId")],
      [en("tools.membership.openRoundSummary"), en("tools.membership.selectAll")],
    );
    const standings = await screen("/dashboard/standings", "bn");
    expectTexts(
      standings,
      [bn("tools.standings.intro"), bn("tools.standings.importHeading"), bn("tools.standings.formatLabel.csv")],
      [en("tools.standings.intro"), en("tools.standings.formatLabel.csv"), "No judge file?"],
    );
    expect(standings).toContain("সর্বোচ্চ ১০ MB");
    const rankings = await screen("/dashboard/rankings", "bn");
    expectTexts(
      rankings,
      [bn("tools.rankings.intro"), bn("tools.rankings.ruleLabel.solved-penalty")],
      [en("tools.rankings.intro"), en("tools.rankings.ruleLabel.solved-penalty")],
    );
  });

  it("notifications, outbox, failed jobs, webhooks and API tokens", async () => {
    const notifications = await screen("/dashboard/notifications", "bn");
    expectTexts(
      notifications,
      [bn("tools.notifications.title"), bn("tools.notifications.none")],
      [en("tools.notifications.none")],
    );
    const outbox = await screen("/dashboard/outbox", "bn");
    expectTexts(outbox, [bn("tools.outbox.heading")], ["Every mail the site", "No SMTP server is set"]);
    const jobs = await screen("/dashboard/jobs", "bn");
    expectTexts(jobs, [bn("tools.jobs.intro"), bn("tools.jobs.empty")], [en("tools.jobs.empty")]);
    const webhooks = await screen("/dashboard/webhooks", "bn");
    expectTexts(
      webhooks,
      [bn("tools.webhooks.intro"), bn("tools.webhooks.kindLabel.telegram"), bn("tools.webhooks.add")],
      [en("tools.webhooks.add"), en("tools.webhooks.kindLabel.telegram")],
    );
    const tokens = await screen("/dashboard/api-tokens", "bn");
    expectTexts(tokens, [bn("tools.apiTokens.intro"), bn("tools.apiTokens.empty")], [en("tools.apiTokens.empty")]);
    expect(tokens).toContain("<code");
    expect(tokens).toContain("Authorization: Bearer &lt;token&gt;</code> হিসেবে পাঠান।");
  });

  it("an action answers in Bangla: a new API token", async () => {
    const response = await call("/dashboard/api-tokens", {
      method: "POST",
      cookie: `${admin}; lang=bn`,
      headers: { Origin: server.baseUrl },
      form: { intent: "create", name: "Bangla script" },
    });
    expect(response.status).toBe(200);
    const page = htmlOf(await response.text());
    expectTexts(page, [bn("tools.apiTokens.created"), bn("tools.apiTokens.newToken")], [en("tools.apiTokens.created")]);
  });

  it("the audit log: filters, action and entity names, the count in Bangla digits", async () => {
    const page = await screen("/dashboard/audit", "bn");
    expectTexts(
      page,
      [
        bn("tools.audit.intro"),
        bn("tools.audit.everyAction"),
        bn("tools.audit.actionLabel.import"),
        bn("tools.audit.entityLabel.students"),
      ],
      [en("tools.audit.everyAction"), "Every entity"],
    );
    expect(page).toMatch(/[০-৯]+টি এন্ট্রি।/);
    // The filter still sends the recorded names.
    expect(page).toContain('<option value="import">');
  });

  it("settings: tabs, field labels, help texts and list rows; backup", async () => {
    const club = await screen("/dashboard/settings", "bn");
    expectTexts(
      club,
      [
        bn("tools.settings.headingGroup", { group: bn("tools.settings.group.club.label") }),
        bn("tools.settings.group.home.label"),
        bn("tools.settings.field.clubName"),
        bn("tools.settings.hint.clubShortName"),
        bn("tools.settings.save"),
      ],
      [en("tools.settings.save"), en("tools.settings.hint.clubShortName"), ">Club name<"],
    );
    const home = await screen("/dashboard/settings/home", "bn");
    expectTexts(
      home,
      [bn("tools.settings.field.carouselSlides"), bn("tools.settings.hint.markdown"), "স্লাইড ১"],
      ["Slide 1", en("tools.settings.hint.markdown")],
    );
    const backup = await screen("/dashboard/backup", "bn");
    expectTexts(
      backup,
      [bn("tools.backup.intro"), bn("tools.backup.holds.uploads"), "npm run restore -- club-backup.tar"],
      [en("tools.backup.intro"), en("tools.backup.holds.uploads")],
    );
  });

  it("every settings field has its Bangla label, and the English layout is the schema's", () => {
    for (const { key } of SETTINGS_GROUPS) {
      expect(translatedSettingsLayout(key, en)).toEqual(settingsLayout(key));
      const english = settingsLayout(key);
      translatedSettingsLayout(key, bn).forEach((part, index) => {
        expect(part.label, `${key} ${part.name}`).not.toBe(english[index]?.label);
        expect(part.label).toMatch(/[\u0980-\u09FF]/);
        if (part.input === "list") {
          for (const field of part.fields) expect(field.label, `${part.name}.${field.name}`).toMatch(/[\u0980-\u09FF]/);
        }
      });
    }
  });
});

describe("the same screens in English keep the spec's texts", () => {
  it("check-in, registrations, audit log and settings", async () => {
    const desk = await screen(`/dashboard/events/${eventId}/check-in`, "en");
    expect(desk).toContain('<html lang="en"');
    expectTexts(desk, ["Ticket code", "Scan a ticket", "Case, spaces and dashes don't matter."], ["টিকিট"]);
    expect(desk).toMatch(/\d+ of \d+ checked in/);
    const registrations = await screen(`/dashboard/events/${eventId}/registrations`, "en");
    expectTexts(registrations, ["Registrations, in order of arrival", "Team or person", "Email everyone registered"]);
    const audit = await screen("/dashboard/audit", "en");
    expectTexts(audit, ["Audit log", "Every action", "Export CSV"], ["অডিট"]);
    expect(audit).toMatch(/\d+ entries\./);
    const settings = await screen("/dashboard/settings", "en");
    expectTexts(settings, [
      "Settings: Club",
      "Club name",
      "Save settings",
      "Shown on phones, where the full name does not fit",
    ]);
    const backup = await screen("/dashboard/backup", "en");
    expectTexts(backup, ["Download backup", "What the file holds"]);
  });
});
