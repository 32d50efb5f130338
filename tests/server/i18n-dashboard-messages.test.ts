import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/core/audit";
import { studentInput } from "~/features/members/students";
import type { Locale } from "~/i18n/locales";
import { sayMessage } from "~/i18n/message.server";
import { fieldErrors } from "~/lib/field-errors";
import { httpClient } from "../support/http-client";
import { pagesOf, textOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

/**
 * The dashboard's messages the server writes from the domain's English texts, in Bangla (a
 * `lang=bn` cookie) and in English, signed in as the demo admin on the production build: the
 * CSV import's file errors, the audit log's filter errors and the webhooks' topics.
 */
let server: RunningServer;
let admin = "";
const { call } = httpClient(() => server.baseUrl);
const screen = pagesOf(call, { cookie: () => admin, read: textOf });

/** Bangla letters: a message that still holds none was left in English. */
const BANGLA = /[\u0980-\u09FF]{2,}/;

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  admin = await signInDemoAdmin(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The students' import previewing a file, as a browser without JavaScript posts it. */
async function importFile(lang: Locale, csv: string, status = 400): Promise<string> {
  const form = new FormData();
  form.set("csv", new Blob([csv], { type: "text/csv" }), "students.csv");
  form.set("intent", "preview");
  const response = await call("/dashboard/students/import", {
    method: "POST",
    cookie: `lang=${lang}; ${admin}`,
    headers: { Origin: server.baseUrl },
    body: form,
  });
  expect(response.status).toBe(status);
  return textOf(await response.text());
}

describe("the CSV import's file errors", () => {
  const header = "name,email,photoURL";
  const tooMany = [header, ...Array.from({ length: 2001 }, (_, n) => `Student ${n},s${n}@x.org,/media/s.png`)];
  const files: [csv: string, english: string, bangla: string][] = [
    [
      "name,email\nA,a@x.org",
      "The file has no column for: photoURL. Download the template to see the columns.",
      bn("messages.import.noColumn", { columns: "photoURL" }),
    ],
    [header, "The file has a header row but no rows.", bn("messages.import.noRows")],
    [
      'name,email,photoURL\n"unclosed,a@x.org,/p.png',
      "The file is not valid CSV (line 2).",
      bn("messages.csv.invalidAt", { line: 2 }),
    ],
    ["\n\n", "The file is empty.", bn("messages.csv.empty")],
    [
      tooMany.join("\n"),
      "The file has 2001 rows; import at most 2000 at a time.",
      bn("messages.import.tooManyRows", { rows: 2001, max: 2000 }),
    ],
  ];

  it.each(files)("are in Bangla for a Bangla reader, and as before in English: %#", async (csv, english, bangla) => {
    expect(bangla).toMatch(BANGLA);
    const inBangla = await importFile("bn", csv);
    expect(inBangla).toContain('<html lang="bn"');
    expect(inBangla).toContain(bangla);
    expect(inBangla).not.toContain(english);
    const inEnglish = await importFile("en", csv);
    expect(inEnglish).toContain(english);
    expect(inEnglish).not.toContain(bangla);
  });

  it("counts in Bangla digits, and a preview's row errors are in Bangla too", async () => {
    expect(bn("messages.import.tooManyRows", { rows: 2001, max: 2000 })).toContain("২,০০১");
    const csv = `${header}\nGood One,one@x.org,/media/one.png\nBad Two,not-an-email,/media/two.png`;
    const rowError = sayMessage(
      fieldErrors(studentInput.safeParse({ name: "Bad Two", email: "not-an-email", photoURL: "/media/two.png" }).error!)
        .email!,
      "en",
    );
    const inEnglish = await importFile("en", csv, 200);
    expect(inEnglish).toContain(rowError);
    const inBangla = await importFile("bn", csv, 200);
    expect(inBangla).not.toContain(rowError);
    expect(inBangla).toContain(bn("messages.field.email", { field: bn("messages.fields.email") }));
  });
});

describe("the audit log's filter errors", () => {
  const query = new URLSearchParams({
    person: "x".repeat(201),
    action: "burn",
    from: "yesterday",
    to: "31/12/2026",
    page: "first",
  });
  const english = [
    "Person: at most 200 characters",
    `Action: one of ${AUDIT_ACTIONS.join(", ")}`,
    "From: enter a date as YYYY-MM-DD",
    "To: enter a date as YYYY-MM-DD",
    "Page: a number",
  ];
  const bangla = [
    bn("messages.audit.tooLong", { field: bn("messages.fields.person"), max: 200 }),
    bn("messages.audit.oneOf", { field: bn("messages.fields.action"), choices: AUDIT_ACTIONS.join(", ") }),
    bn("messages.audit.date", { field: bn("messages.fields.from") }),
    bn("messages.audit.date", { field: bn("messages.fields.to") }),
    bn("messages.audit.number", { field: bn("messages.fields.page") }),
  ];

  it("are in Bangla for a Bangla reader, each naming its field in Bangla", async () => {
    const page = await screen(`/dashboard/audit?${query}`, "bn");
    expect(page).toContain('<html lang="bn"');
    for (const text of bangla) expect(page).toContain(text);
    for (const text of english) expect(page).not.toContain(text);
    expect(page).toContain("সর্বোচ্চ ২০০ অক্ষর");
  });

  it("stay the spec's English for an English reader, and in the API", async () => {
    const page = await screen(`/dashboard/audit?${query}`, "en");
    for (const text of english) expect(page).toContain(text);
    for (const text of bangla) expect(page).not.toContain(text);
    const api = await call(`/api/audit?${query}`, { cookie: `lang=bn; ${admin}` });
    expect(api.status).toBe(400);
    expect(JSON.stringify(await api.json())).toContain("From: enter a date as YYYY-MM-DD");
  });
});

describe("the webhooks screen", () => {
  beforeAll(async () => {
    const form = new URLSearchParams({ intent: "create", kind: "discord", name: "Club chat" });
    form.set("url", "https://discord.example/api/webhooks/1/abc");
    for (const topic of ["notices", "events:Seminar", "results"]) form.append("topics", topic);
    const response = await call("/dashboard/webhooks", {
      method: "POST",
      cookie: `lang=en; ${admin}`,
      headers: { Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(en("tools.webhooks.added"));
  });

  it("names a webhook's topics in Bangla for a Bangla reader", async () => {
    const page = await screen("/dashboard/webhooks", "bn");
    const topics = [
      bn("accounts.subscription.topic.notices"),
      bn("accounts.subscription.topic.events", { category: bn("public.events.category.seminar.label") }),
      bn("accounts.subscription.topic.results"),
    ].join(", ");
    expect(topics).toMatch(BANGLA);
    expect(page).toContain(topics);
    expect(page).not.toContain("Notices, Events: Seminar, Contest results");
    // The boxes still send the topics' identifiers.
    expect(page).toContain('value="events:Seminar"');
  });

  it("names them as before for an English reader", async () => {
    const page = await screen("/dashboard/webhooks", "en");
    expect(page).toContain("Notices, Events: Seminar, Contest results");
  });
});
