import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MessageKey, MessageValues } from "~/i18n/catalogs";
import type { Locale } from "~/i18n/locales";
import { translatorOf } from "~/i18n/translate.server";
import { httpClient } from "../support/http-client";
import { textOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

/**
 * What the standings importers find in a file, and the refusals to issue certificates, in
 * Bangla (a `lang=bn` cookie) and in English, signed in as the demo admin on the production
 * build. Both are worded on the server from catalog messages; the API keeps its English.
 */
let server: RunningServer;
let admin = "";
const { call } = httpClient(() => server.baseUrl);

/** A page's text as the catalogs write it ("<" is an entity in HTML, and a JSON error quotes one). */
const read = async (response: Response) =>
  textOf(await response.text())
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** Bangla letters: a text that holds none was left in English. */
const BANGLA = /[\u0980-\u09FF]{2,}/;
const say = { bn, en };
/** "line 3: …", as the preview and the refusals put a place before what is there. */
const at = (lang: Locale, line: number, key: MessageKey, values?: MessageValues) =>
  say[lang]("tools.standings.at", {
    where: say[lang]("tools.standings.where.line", { line }),
    message: say[lang](key, values),
  });

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  admin = await signInDemoAdmin(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The dashboard's import form as a browser without JavaScript posts it. */
function importFile(lang: Locale, format: string, file?: { text: string; name: string }) {
  const form = new FormData();
  form.set("format", format);
  if (file) form.set("file", new Blob([file.text]), file.name);
  return call("/dashboard/standings", {
    method: "POST",
    cookie: `lang=${lang}; ${admin}`,
    headers: { Origin: server.baseUrl },
    body: form,
  });
}

async function refusal(lang: Locale, format: string, file?: { text: string; name: string }): Promise<string> {
  const response = await importFile(lang, format, file);
  expect(response.status).toBe(400);
  const page = await read(response);
  expect(page).toContain(`<html lang="${lang}"`);
  return page;
}

const CSV_HEADER = "Rank,Name,Members,Handles,Solved,Penalty,A,A time,B,B time";

describe("the standings importers' warnings", () => {
  // Beta says it solved 2 where its columns solve 1, and is ranked below Alpha with more solved;
  // nobody has Alpha's handle.
  const csv = [CSV_HEADER, "1,Alpha,Ana Rahman,nobody-has-this-handle,1,15,1,15,,", "2,Beta,Karim,,2,40,1,20,,"];
  const warnings = (lang: Locale) => [
    at(lang, 3, "tools.standings.warning.solvedMismatch", { name: "Beta", solved: 2, counted: 1 }),
    say[lang]("tools.standings.warning.betterBelow", { below: "Beta", belowRank: 2, above: "Alpha", aboveRank: 1 }),
    say[lang]("tools.standings.warning.unmatched", { people: "nobody-has-this-handle" }),
  ];
  let preview = "";

  beforeAll(async () => {
    // Imported by a Bangla reader: the preview's words are still the reader's own when it is opened.
    const response = await importFile("bn", "csv", { text: csv.join("\n"), name: "weekly.csv" });
    expect(response.status).toBe(302);
    preview = response.headers.get("location") ?? "";
    expect(preview).toMatch(/^\/dashboard\/standings\/[0-9a-f-]{36}$/);
  });

  it("are in Bangla on the preview for a Bangla reader", async () => {
    const response = await call(preview, { cookie: `lang=bn; ${admin}` });
    expect(response.status).toBe(200);
    const page = await read(response);
    expect(page).toContain(bn("tools.standings.warnings"));
    for (const warning of warnings("bn")) {
      expect(warning).toMatch(BANGLA);
      expect(page).toContain(warning);
    }
    for (const warning of warnings("en")) expect(page).not.toContain(warning);
    expect(page).toContain("লাইন ৩: Beta: Solved কলামে আছে ২");
  });

  it("are word for word as before for an English reader", async () => {
    const response = await call(preview, { cookie: `lang=en; ${admin}` });
    const page = await read(response);
    expect(warnings("en")).toEqual([
      "line 3: Beta: Solved says 2, the problem columns have 1 solved",
      "Beta (rank 2) has a better result than Alpha (rank 1) above it",
      "Not matched to a member profile: nobody-has-this-handle",
    ]);
    for (const warning of warnings("en")) expect(page).toContain(warning);
    expect(page).not.toMatch(/লাইন|সদস্য প্রোফাইলের/);
  });

  it("are in English from the API's dry run, whatever the caller's language", async () => {
    const form = new FormData();
    form.set("format", "csv");
    form.set("file", new Blob([csv.join("\n")]), "weekly.csv");
    const response = await call("/api/standings/import?dryRun=1", {
      method: "POST",
      cookie: `lang=bn; ${admin}`,
      headers: { Origin: server.baseUrl },
      body: form,
    });
    expect(response.status).toBe(200);
    const { preview } = (await response.json()) as { preview: { warnings: { message: string; where?: string }[] } };
    expect(preview.warnings).toEqual([
      { message: "Beta: Solved says 2, the problem columns have 1 solved", where: "line 3" },
      { message: "Beta (rank 2) has a better result than Alpha (rank 1) above it" },
      { message: "Not matched to a member profile: nobody-has-this-handle" },
    ]);
  });
});

describe("the standings importers' refusals", () => {
  const notReadable = (lang: Locale, format: "csv" | "vjudge", problem: string) =>
    say[lang]("tools.standings.error.notReadable", {
      format: say[lang](`tools.standings.formatLabel.${format}`),
      problem,
    });
  const files: [format: "csv" | "vjudge", text: string, problem: (lang: Locale) => string, english: string][] = [
    [
      "csv",
      `${CSV_HEADER}\n1,Alpha,Ana\n`,
      (lang) => at(lang, 2, "tools.standings.error.csvColumns", { found: 3, expected: 10 }),
      "This is not a Our CSV template file we can read: line 2: 3 columns where the header has 10",
    ],
    [
      "vjudge",
      "<html>",
      (lang) => say[lang]("tools.standings.error.notJson", { reason: "Unexpected token '<'" }),
      "This is not a vjudge rank (.json) file we can read: not valid JSON (Unexpected token '<')",
    ],
    [
      // The CSV reader's own message, worded by the messages catalog.
      "csv",
      "\n\n",
      (lang) => say[lang]("messages.csv.empty"),
      "This is not a Our CSV template file we can read: The file is empty.",
    ],
  ];

  it.each(files)(
    "of a %s file are in Bangla for a Bangla reader, as before in English: %#",
    async (format, text, problem, english) => {
      const name = format === "csv" ? "standings.csv" : "rank.json";
      const bangla = notReadable("bn", format, problem("bn"));
      expect(notReadable("en", format, problem("en"))).toBe(english);
      expect(problem("bn")).toMatch(BANGLA);
      const inBangla = await refusal("bn", format, { text, name });
      expect(inBangla).toContain(bangla);
      expect(inBangla).not.toContain(english);
      const inEnglish = await refusal("en", format, { text, name });
      expect(inEnglish).toContain(english);
      expect(inEnglish).not.toContain(bangla);
    },
  );

  it("of a form without a file are in Bangla for a Bangla reader", async () => {
    const english = "File: choose the judge's file to import (or, for Codeforces, give the contest's id).";
    expect(en("tools.standings.error.noFile")).toBe(english);
    const inBangla = await refusal("bn", "csv");
    expect(inBangla).toContain(bn("tools.standings.error.noFile"));
    expect(inBangla).not.toContain(english);
    expect(await refusal("en", "csv")).toContain(english);
  });

  it("are in English from the API, whatever the caller's language", async () => {
    const form = new FormData();
    form.set("format", "vjudge");
    form.set("file", new Blob(["<html>"]), "rank.json");
    const response = await call("/api/standings/import?dryRun=1", {
      method: "POST",
      cookie: `lang=bn; ${admin}`,
      headers: { Origin: server.baseUrl },
      body: form,
    });
    expect(response.status).toBe(400);
    const english = "This is not a vjudge rank (.json) file we can read: not valid JSON (Unexpected token '<')";
    expect(await response.json()).toEqual({ message: english, errors: { file: english } });
  });
});

describe("refusing to issue certificates before the event", () => {
  let eventId = "";
  const start = (lang: Locale) => {
    const { format } = translatorOf(lang);
    return `${format.date("2099-06-01")}, ${format.time("10:00")}`;
  };
  const refusedIn = (lang: Locale) => say[lang]("tools.certificates.notStarted", { start: start(lang) });

  beforeAll(async () => {
    const added = await call("/api/add-event", {
      method: "POST",
      cookie: admin,
      headers: { Origin: server.baseUrl },
      body: {
        eventType: "Programming Contest",
        name: "Certificate Cup of the far future",
        starts_on: "2099-06-01",
        starts_at: "10:00",
        problem_number: 8,
        contest_duration: "3 Hours",
        details: "Certificates for everyone who came.",
      },
    });
    expect(added.status).toBe(201);
    eventId = ((await added.json()) as { insertedId: string }).insertedId;
  });

  const issue = (lang: Locale) =>
    call(`/dashboard/events/${eventId}/certificates`, {
      method: "POST",
      cookie: `lang=${lang}; ${admin}`,
      headers: { Origin: server.baseUrl },
      form: { confirmed: "yes" },
    });

  it("is told in Bangla to a Bangla reader who sends the form", async () => {
    const response = await issue("bn");
    expect(response.status).toBe(409);
    const page = await read(response);
    expect(refusedIn("bn")).toMatch(BANGLA);
    expect(refusedIn("bn")).toContain("২০৯৯");
    expect(page).toContain(refusedIn("bn"));
    expect(page).not.toContain(refusedIn("en"));
  });

  it("is word for word as before in English, on the screen and from the API", async () => {
    const english =
      "Certificates are for attendance: they can be issued once the event has started (1 June 2099, 10:00 AM).";
    expect(refusedIn("en")).toBe(english);
    const response = await issue("en");
    expect(response.status).toBe(409);
    expect(await read(response)).toContain(english);
    const api = await call(`/api/events/${eventId}/certificates`, {
      method: "POST",
      cookie: `lang=bn; ${admin}`,
      headers: { Origin: server.baseUrl },
    });
    expect(api.status).toBe(409);
    expect(((await api.json()) as { message: string }).message).toBe(english);
  });

  it("a certificate's PDF that doesn't exist is answered in the reader's language", async () => {
    const path = "/certificates/0000-0000-0000/certificate.pdf";
    const bangla = await call(path, { cookie: "lang=bn" });
    expect(bangla.status).toBe(404);
    expect(await bangla.text()).toBe(bn("people.certificate.notFound"));
    expect(await (await call(path, { cookie: "lang=en" })).text()).toBe("No certificate has this code");
  });
});

describe("refusing a ranking without contests", () => {
  it("names the missing contests in Bangla for a Bangla reader, and as before in English", async () => {
    const create = (lang: Locale) =>
      call("/dashboard/rankings", {
        method: "POST",
        cookie: `lang=${lang}; ${admin}`,
        headers: { Origin: server.baseUrl },
        form: { intent: "create", name: "Semester ranking", rule: "solved-penalty" },
      });
    const english = "Choose at least one contest";
    const inBangla = await read(await create("bn"));
    expect(inBangla).toContain(bn("messages.rankings.chooseContest"));
    expect(inBangla).toContain(bn("messages.form.invalid"));
    expect(inBangla).not.toContain(english);
    const inEnglish = await read(await create("en"));
    expect(inEnglish).toContain(english);
    expect(inEnglish).toContain("Please correct the marked fields.");
  });
});
