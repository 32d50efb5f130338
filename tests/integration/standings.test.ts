import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Importing standings (preview, publish, replace), the leaderboard pages and a member's history,
 * against the production build on PGlite, or on TEST_DATABASE_URL's server. Every /api answer
 * is checked against the OpenAPI contract.
 */
const ADMIN = { name: "Standings Admin", email: "standings-admin@example.org", password: "admin-password-1" };
const MEMBER = { name: "Alice Khan", email: "alice.khan@example.org", password: "member-password-1" };
const FIXTURES = path.resolve("tests/fixtures/standings");

let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
let server: RunningServer;
const cookies = { admin: "", member: "" };
const { call, signUp } = httpClient(() => server.baseUrl);

/** The contests the tests below publish, for the ranking that combines them. */
const published: { contestId: string; slug: string }[] = [];

const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

function clicsPackage(): Uint8Array {
  const folder = path.join(FIXTURES, "clics/2026-01");
  const files = Object.fromEntries(
    fs.readdirSync(folder).map((name) => [`contest/${name}`, new Uint8Array(fs.readFileSync(path.join(folder, name)))]),
  );
  return zipSync(files);
}

function importForm(format: string, file: Uint8Array, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("format", format);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(file)]), fileName);
  return form;
}

const importCall = (form: FormData, query = "", cookie = cookies.admin) =>
  call(`/api/standings/import${query}`, { method: "POST", body: form, cookie });

/** Codeforces' API, played by a local server: contest 104321 is the fixture, any other is unknown. */
let codeforces: http.Server;

async function startCodeforces(): Promise<string> {
  codeforces = http.createServer((req, res) => {
    const known = new URL(req.url ?? "/", "http://x").searchParams.get("contestId") === "104321";
    res.writeHead(known ? 200 : 400, { "Content-Type": "application/json" });
    res.end(
      known
        ? fixture("codeforces/icpc.json")
        : JSON.stringify({ status: "FAILED", comment: "contestId: Contest with id 999 not found" }),
    );
  });
  await new Promise<void>((resolve) => codeforces.listen(0, "127.0.0.1", resolve));
  const address = codeforces.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
}

beforeAll(async () => {
  running = await startServerOnTestDatabase({
    ADMIN_EMAILS: ADMIN.email,
    TRUSTED_PROXY_HEADER: "x-real-ip",
    CODEFORCES_API_URL: await startCodeforces(),
  });
  server = running.server;
  cookies.admin = await signUp(ADMIN);
  cookies.member = await signUp(MEMBER);
  // An admin adds the student; the member claims the record and names their Codeforces handle.
  const added = await call("/api/add-student", {
    method: "POST",
    cookie: cookies.admin,
    body: { name: MEMBER.name, batch: 7, email: MEMBER.email, photoURL: "https://example.org/alice.png" },
  });
  const { insertedId } = (await added.json()) as { insertedId: string };
  const claimed = await call("/dashboard/profile", {
    method: "POST",
    cookie: cookies.member,
    form: { intent: "claim", studentId: insertedId },
  });
  expect(claimed.status).toBe(200);
  const saved = await call("/api/members/me", {
    method: "PUT",
    cookie: cookies.member,
    body: {
      name: MEMBER.name,
      batch: 7,
      photoURL: "https://example.org/alice.png",
      codeforces: "alice_k",
      listed: true,
    },
  });
  expect(saved.status, await saved.clone().text()).toBeLessThan(300);
}, 120_000);

afterAll(async () => {
  await running?.close();
  codeforces?.close();
});

describe("POST /api/standings/import", () => {
  it("previews a Codeforces file without saving, matching handles to member profiles", async () => {
    const preview = await importCall(
      importForm("codeforces", fixture("codeforces/icpc.json"), "standings.json"),
      "?dryRun=1",
    );
    expect(preview.status).toBe(200);
    const { preview: body } = (await preview.json()) as {
      preview: { name: string; rows: { name: string; matchedMembers: number }[]; warnings: { message: string }[] };
    };
    expect(body.name).toBe("Club Selection Contest 2031");
    expect(body.rows.find((row) => row.name === "Alpha")?.matchedMembers).toBe(1);
    expect(body.warnings.map((warning) => warning.message).join("\n")).toContain(
      "Not matched to a member profile: bob_m",
    );
    const list = await call("/results");
    expect(await list.text()).not.toContain("Club Selection Contest 2031");
  });

  it("fetches a Codeforces contest by its id instead of a file, and says why when Codeforces refuses", async () => {
    const byId = (contest: string) => {
      const form = new FormData();
      form.set("format", "codeforces");
      form.set("codeforces_contest", contest);
      return importCall(form, "?dryRun=1");
    };
    const fetched = await byId("104321");
    expect(fetched.status).toBe(200);
    expect(((await fetched.json()) as { preview: { name: string } }).preview.name).toBe("Club Selection Contest 2031");
    const unknown = await byId("999");
    expect(unknown.status).toBe(502);
    expect(((await unknown.json()) as { message: string }).message).toContain("Contest with id 999 not found");
    const notANumber = await byId("abc");
    expect(notANumber.status).toBe(400);
    expect(((await notANumber.json()) as { errors: Record<string, string> }).errors.codeforces_contest).toBeDefined();
  });

  it("refuses anonymous and General callers, a wrong format choice naming where, and a file over 10 MB", async () => {
    const form = () => importForm("codeforces", fixture("codeforces/icpc.json"), "standings.json");
    expect((await importCall(form(), "", "")).status).toBe(401);
    expect((await importCall(form(), "", cookies.member)).status).toBe(403);
    const wrong = await importCall(importForm("vjudge", fixture("codeforces/icpc.json"), "standings.json"));
    expect(wrong.status).toBe(400);
    const refusal = (await wrong.json()) as { message: string; errors: Record<string, string> };
    expect(refusal.message).toMatch(/^This is not a vjudge rank \(\.json\) file we can read: /);
    expect(refusal.errors.file).toBe(refusal.message);
    const badFormat = await importCall(importForm("excel", fixture("codeforces/icpc.json"), "x.json"));
    expect(((await badFormat.json()) as { errors: Record<string, string> }).errors.format).toContain(
      "Format must be one of",
    );
    const huge = await importCall(importForm("csv", new Uint8Array(11 * 1024 * 1024), "huge.csv"));
    expect(huge.status).toBe(413);
  });

  it("publishes a CLICS package as a leaderboard; importing again with `replaces` keeps its address", async () => {
    const first = await importCall(importForm("clics", clicsPackage(), "package.zip", { held_on: "2031-03-02" }));
    expect(first.status).toBe(201);
    const { contestId, slug } = (await first.json()) as { contestId: string; slug: string };
    const standings = (await (await call(`/api/standings/${contestId}`)).json()) as {
      rows: { name: string; rank: number | null }[];
    };
    expect(standings.rows.map((row) => row.name)).toContain("Off By One");
    const page = await call(`/results/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Off By One");
    expect(html).toContain("Segfault Sisters");
    const list = await (await call("/results")).text();
    expect(list).toContain(`href="/results/${slug}"`);
    expect(list).toContain("Leader Board");

    // Corrected standings replace the first ones, linked to the contest's event and result sheet.
    const added = async (path: string, body: Record<string, unknown>) =>
      ((await (await call(path, { method: "POST", cookie: cookies.admin, body })).json()) as { insertedId: string })
        .insertedId;
    const eventId = await added("/api/add-event", {
      eventType: "Programming Contest",
      name: "Club Cup 2031",
      starts_on: "2031-03-02",
      starts_at: "10:00",
      problem_number: 6,
      contest_duration: "5 Hours",
      details: "The club's cup.",
    });
    const resultId = await added("/api/add-result", {
      name: "Club Cup 2031 results",
      publishing_date: "2031-03-03",
      pdfFile: "https://example.org/cup.pdf",
    });
    const unknownEvent = await importCall(
      importForm("clics", clicsPackage(), "package.zip", { event_id: "00000000-0000-4000-8000-000000000000" }),
      "?dryRun=1",
    );
    expect(((await unknownEvent.json()) as { errors: Record<string, string> }).errors.event_id).toBe(
      "Event: no such event",
    );
    const again = await importCall(
      importForm("clics", clicsPackage(), "package.zip", {
        name: "Club Cup, corrected",
        replaces: contestId,
        event_id: eventId,
        result_id: resultId,
      }),
    );
    const replaced = (await again.json()) as { contestId: string; slug: string };
    published.push(replaced);
    expect(replaced.slug).toBe(slug);
    expect((await call(`/api/standings/${contestId}`)).status).toBe(404);
    const corrected = (await (await call(`/results/${slug}`)).text()).replaceAll("<!-- -->", "");
    expect(corrected).toContain("Club Cup, corrected");
    expect(corrected).toContain('href="/events/programming-contest/club-cup-2031"');
    expect(corrected).toContain(`href="/results#result-${resultId}"`);
    expect(await (await call(`/api/standings/${replaced.contestId}`)).json()).toMatchObject({
      event_id: eventId,
      result_id: resultId,
    });
  });

  it("lists a member's contests on their page, and filters a leaderboard by name and batch", async () => {
    const imported = await importCall(importForm("codeforces", fixture("codeforces/icpc.json"), "standings.json"));
    const codeforces = (await imported.json()) as { contestId: string; slug: string };
    published.push(codeforces);
    const { slug } = codeforces;
    const board = await (await call(`/results/${slug}?batch=7`)).text();
    expect(board).toContain("Alpha");
    expect(board).toContain(MEMBER.name);
    expect(await (await call(`/results/${slug}?q=nobody-like-this`)).text()).toContain(
      "Nobody in these standings matches.",
    );
    const profile = (await (await call("/api/members/me", { cookie: cookies.member })).json()) as { slug: string };
    const memberPage = await (await call(`/students/${profile.slug}`)).text();
    expect(memberPage).toContain(`href="/results/${slug}"`);
    expect(memberPage).toMatch(/rank 1 of \d+/);
  });

  it("combines the two contests into a ranking: its page, CSV, API call, the member's place; listed on /results, in the sitemap and search", async () => {
    const form = new URLSearchParams({ intent: "create", name: "Selection 2031", rule: "rank-points" });
    for (const contest of published) {
      form.append("contest", contest.contestId);
      form.append(`weight.${contest.contestId}`, "2");
    }
    const created = await call("/dashboard/rankings", {
      method: "POST",
      cookie: cookies.admin,
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(created.status).toBe(200);
    const ranking = (await (await call("/api/rankings/selection-2031")).json()) as {
      contests: { weight: number }[];
      standings: { rank: number; member: { name: string }; points: number; taken: number; absences: number }[];
    };
    expect(ranking.contests.map((contest) => contest.weight)).toEqual([2, 2]);
    expect(ranking.standings).toEqual([
      expect.objectContaining({
        rank: 1,
        member: expect.objectContaining({ name: MEMBER.name }),
        points: 400,
        taken: 1,
        absences: 1,
      }),
    ]);
    expect(await (await call("/rankings/selection-2031?batch=7")).text()).toContain(MEMBER.name);
    const csv = await (await call("/rankings/selection-2031/ranking.csv")).text();
    expect(csv).toContain(`1,${MEMBER.name},7,400,1,1`);

    // Found without a member's page: /results lists it, the sitemap and site search too.
    expect(await (await call("/results")).text()).toContain('href="/rankings/selection-2031"');
    expect(await (await call("/sitemap.xml")).text()).toContain(`${server.baseUrl}/rankings/selection-2031</loc>`);
    const found = (await (await call("/api/search?q=selection+2031")).json()) as { results: object[] };
    expect(found.results).toContainEqual(
      expect.objectContaining({ type: "ranking", url: `${server.baseUrl}/rankings/selection-2031` }),
    );
    const noName = await call("/dashboard/rankings", {
      method: "POST",
      cookie: cookies.admin,
      form: { intent: "create", name: "", rule: "rank-points" },
    });
    expect(noName.status).toBe(400);
    expect(await noName.text()).toContain("Choose at least one contest");
    const profile = (await (await call("/api/members/me", { cookie: cookies.member })).json()) as { slug: string };
    const memberPage = (await (await call(`/students/${profile.slug}`)).text()).replaceAll("<!-- -->", "");
    expect(memberPage).toMatch(/Selection 2031.*place 1 of 1/s);
  });
});
