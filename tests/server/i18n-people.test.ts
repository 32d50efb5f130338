import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { pagesOf } from "../support/i18n-pages";
import { bn, en } from "../support/messages";
import { type RunningServer, startServer } from "../support/server";

/**
 * The people and results pages in Bangla (a `lang=bn` cookie) and in English, on the production
 * build with the demo's teachers, students, panels, result sheets, standings and ranking.
 */
let server: RunningServer;
const { call } = httpClient(() => server.baseUrl);
const page = pagesOf(call);

const RANKING = "/rankings/selection-contests-2026";
const MEMBER = "/students/sumaiya-islam";
/** No certificate has it: the not-found page, with its form to type the code again. */
const UNKNOWN_CERTIFICATE = "/certificates/ZZZZ-ZZZZ-ZZZZ";

let leaderboard = "";

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "true" });
  const results = await page("/results", "en");
  leaderboard = /href="(\/results\/[^"#?]+)"/.exec(results)?.[1] ?? "";
  expect(leaderboard).not.toBe("");
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the people pages in Bangla", () => {
  it("teachers: the headings and each card's department line, in a Bangla page", async () => {
    const html = await page("/teachers", "bn");
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain(bn("people.teachers.title"));
    expect(html).toContain(bn("people.teachers.eyebrow"));
    expect(html).toContain(bn("people.teachers.department"));
    expect(html).toMatch(/alt="[^"]+-এর ছবি"/);
    expect(html).not.toContain(en("people.teachers.department"));
    expect(html).not.toContain(en("people.teachers.eyebrow"));
    expect(html).not.toContain('alt="Portrait of ');
  });

  it("students: Jump Batch, batch names and counts with Bangla digits, the cards' lines", async () => {
    const html = await page("/students", "bn");
    expect(html).toContain(bn("people.students.jumpBatch"));
    expect(html).toContain(bn("people.students.all"));
    expect(html).toContain(bn("people.students.batchLabel", { batch: "২" }));
    expect(html).toContain(bn("people.students.count", { count: 25 }));
    expect(bn("people.students.count", { count: 25 })).toContain("২৫");
    expect(html).toContain(bn("people.students.batchLine", { batch: "৩" }));
    expect(html).not.toContain(en("people.students.jumpBatch"));
    expect(html).not.toContain(">Batch-2<");
    expect(html).not.toContain("25 students");

    const batch = await page("/students?batch=3", "bn");
    const name = bn("people.students.batchLabel", { batch: "৩" });
    expect(batch).toContain(`<title>${bn("people.students.titleOfBatch", { batch: name })}`);
    expect(batch).toContain(bn("people.students.batchHeading", { batch: name }));
    expect(batch).toMatch(new RegExp(`${name}-এ [০-৯]+ জন শিক্ষার্থী`));
  });

  it("executive panels: the heading, the sections and an empty panel's message", async () => {
    const html = await page("/executive-panel-2021", "bn");
    expect(html).toContain(bn("people.panel.title", { panel: "2020-2021" }));
    expect(html).toContain(bn("people.panel.eyebrow"));
    expect(html).toContain(bn("people.panel.otherPanels"));
    expect(html).toContain(bn("people.panel.executives"));
    expect(html).not.toContain("Executive Body");
    expect(html).not.toContain(en("people.panel.otherPanels"));
    const empty = await page("/2018-panel", "bn");
    expect(empty).toContain(bn("people.panel.empty", { panel: "2017-2018" }));
    expect(empty).not.toContain(en("people.panel.empty", { panel: "2017-2018" }));
  });

  it("results: the page's headings, the leaderboards and each sheet's date and link", async () => {
    const html = await page("/results", "bn");
    expect(html).toContain(bn("people.results.title"));
    expect(html).toContain(bn("people.results.heading"));
    expect(html).toContain(bn("people.results.leaderboards"));
    expect(html).toContain("প্রকাশিত: <time");
    expect(html).toMatch(/[০-৯]+ [^\s<]+, [০-৯]{4}<\/time>/);
    expect(html).not.toContain(en("people.results.heading"));
    expect(html).not.toContain("Published on");
  });

  it("a leaderboard: its table's headings, the legend, the filter and ranks in Bangla digits", async () => {
    const html = await page(leaderboard, "bn");
    for (const key of [
      "people.standings.rank",
      "people.standings.who",
      "people.standings.solved",
      "people.standings.legend",
      "people.standings.search",
      "people.filter.everyBatch",
      "people.filter.show",
    ] as const) {
      expect(html).toContain(bn(key));
    }
    expect(html).toMatch(/data-label="র‍্যাঙ্ক"[^>]*>১</);
    expect(html).not.toContain(en("people.standings.who"));
    expect(html).not.toContain(en("people.standings.legend"));
    expect(html).not.toContain(`>${en("people.filter.everyBatch")}<`);
  });

  it("a ranking: its rule, the CSV link, points and attendance; the CSV itself stays English", async () => {
    const html = await page(RANKING, "bn");
    expect(html).toContain(bn("people.ranking.eyebrow"));
    expect(html).toContain(bn("people.ranking.rule.rankPoints"));
    expect(html).toContain(bn("people.ranking.csv"));
    expect(html).toContain(bn("people.ranking.contests"));
    expect(html).toMatch(/[০-৯]+ পয়েন্ট/);
    expect(html).not.toContain(en("people.ranking.csv"));
    expect(html).not.toContain(en("people.ranking.eyebrow"));
    const csv = await (await call(`${RANKING}/ranking.csv`, { cookie: "lang=bn" })).text();
    expect(csv.split("\n")[0]).toMatch(/^Rank,Name,Batch,Points,Contests taken part in,Absences,/);
  });

  it("a member's page: its facts, sections and contest history", async () => {
    const html = await page(MEMBER, "bn");
    for (const key of [
      "people.member.eyebrow",
      "people.member.batch",
      "people.member.session",
      "people.member.handles",
      "people.member.events",
      "people.member.certificates",
      "people.member.contests",
    ] as const) {
      expect(html).toContain(bn(key));
    }
    expect(html).toMatch(/র‍্যাঙ্ক [০-৯]+ \([০-৯]+ জনের মধ্যে\)/);
    expect(html).not.toContain(en("people.member.contests"));
    expect(html).not.toContain(en("people.member.events"));
  });

  it("a certificate code nobody has: the not-found page and its form", async () => {
    const html = await page(UNKNOWN_CERTIFICATE, "bn", { status: 404 });
    expect(html).toContain(`<title>${bn("people.certificate.notFound")}</title>`);
    expect(html).toContain(bn("people.certificate.eyebrow"));
    expect(html).toContain(bn("people.certificate.typeCode"));
    expect(html).toContain(bn("people.certificate.check"));
    expect(html).not.toContain(en("people.certificate.notFound"));
    expect(html).not.toContain(en("people.certificate.typeCode"));
  });
});

describe("the same pages in English keep the spec's texts", () => {
  it.each([
    ["/teachers", ["Teachers", "CSE Department", "Department of CSE"]],
    ["/students", ["Students", "Jump Batch", ">All<", ">Batch-2<", "25 students"]],
    ["/students?batch=3", ["Students of Batch-3", "Batch: 3", " in Batch-3"]],
    ["/executive-panel-2021", ["Executive Body 2020-2021", "Executive committee", "Other panels", "Executives"]],
    ["/2018-panel", ["No executives have been added to the 2017-2018 panel yet."]],
    ["/results", ["Contest Results", "Leader Board", "Leaderboards", "Published on"]],
    [RANKING, ["Club ranking", "Rank points: ceil(1600 / (rank + 7)) per contest", "Download CSV", " points"]],
    [MEMBER, ["Member", "Judges and links", "Events attended", "Contest history", "Selection contests 2026"]],
  ])("%s", async (path, texts) => {
    // Asked for in Bangla first: the page cache must keep the languages apart.
    await page(path, "bn");
    for (const lang of ["en", null] as const) {
      const html = await page(path, lang);
      expect(html).toContain('<html lang="en"');
      for (const text of texts) expect(html, `${path} (${lang ?? "no cookie"})`).toContain(text);
    }
  });

  it("a leaderboard and an unknown certificate code", async () => {
    const board = await page(leaderboard, "en");
    for (const text of ["Rank", "Team or person", "Solved", "Penalty", "Search by name", "Every batch"]) {
      expect(board).toContain(text);
    }
    expect(board).toMatch(/data-label="Rank"[^>]*>1</);
    const certificate = await page(UNKNOWN_CERTIFICATE, "en", { status: 404 });
    expect(certificate).toContain("<title>No certificate has this code</title>");
    expect(certificate).toContain("Certificate code");
  });
});
