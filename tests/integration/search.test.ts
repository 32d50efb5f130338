import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contests, events, executives, notices, rankingSeries, results, students, teachers } from "~/db/schema";
import { parseSearchQuery, SEARCH_MAX_LENGTH } from "~/features/site/search";
import { searchSite } from "~/features/site/search.server";
import { toSearchAnswer } from "~/features/site/search-api.server";
import { findApiCall } from "~/routes/api/definitions";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServerOnTestDatabase } from "../support/server";

/**
 * Site search on PGlite or on TEST_DATABASE_URL's server: the domain query on rows written
 * straight to a test database, then the page and the JSON API of the production build (`npm
 * run build`), every API answer checked against the OpenAPI contract.
 */
const BANGLA_TITLE = "বার্ষিক প্রোগ্রামিং প্রতিযোগিতা";
const pdf = "https://example.org/file.pdf";
const photo = "https://example.org/photo.png";

let database: TestDatabase;

const notice = (name: string, description: string, status: "published" | "draft" | "scheduled" = "published") => ({
  name,
  slug: `notice-${Math.random().toString(36).slice(2)}`,
  publishingDate: "2026-11-01",
  chrMonth: "Nov",
  day: "01",
  pdfFile: pdf,
  description,
  status,
  publishAt: status === "scheduled" ? new Date("2099-01-01T00:00:00Z") : null,
});

const event = (name: string, status: "published" | "draft" = "published") => ({
  eventType: "Boot Camp",
  name,
  slug: name.toLowerCase().replace(/\W+/g, "-"),
  startsAt: "10:00",
  problemNumber: 0,
  contestDuration: "2 Hours",
  details: `All about ${name}`,
  status,
});

const contest = (name: string, status: "published" | "preview") => ({
  slug: name.toLowerCase().replace(/\W+/g, "-"),
  name,
  status,
  scoring: "icpc" as const,
  format: "csv" as const,
  heldOn: "2026-10-10",
  problems: [],
  sourceName: "standings.csv",
  source: new TextEncoder().encode("rank,name"),
});

const student = (name: string, extra: Partial<typeof students.$inferInsert> = {}) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.org`,
  photoURL: photo,
  batch: 6,
  ...extra,
});

async function seed() {
  const { db } = database;
  await db
    .insert(notices)
    .values([
      notice(BANGLA_TITLE, "রাঙামাটি বিজ্ঞান ও প্রযুক্তি বিশ্ববিদ্যালয়ে প্রতিযোগিতা <script>alert(1)</script>"),
      notice("Draft zephyr plan", "Not for anyone yet", "draft"),
      notice("Scheduled zephyr plan", "Not for anyone yet", "scheduled"),
    ]);
  await db.insert(events).values([event("Winter Coding Bootcamp"), event("Hidden Draft Bootcamp", "draft")]);
  await db
    .insert(results)
    .values({ name: "Intra University Contest Result", publishingDate: "2026-10-12", pdfFile: pdf });
  await db
    .insert(contests)
    .values([contest("ICPC Mock Regional", "published"), contest("Preview Mock Round", "preview")]);
  await db
    .insert(rankingSeries)
    .values({ slug: "selection-round-2031", name: "Selection Round 2031", rule: "rank-points" });
  await db
    .insert(students)
    .values([
      student("Tanvir Ahmed", { codeforces: "tanvir_cf99", slug: "tanvir-ahmed" }),
      student("Zephyr Member", { codeforces: "hiddenhandle42", hidden: true, slug: "zephyr-member" }),
      student("Quiet Mail", { emailVisible: false, slug: "quiet-mail" }),
      ...Array.from({ length: 25 }, (_, n) => student(`Pagingperson ${n + 1}`, { slug: `pagingperson-${n + 1}` })),
    ]);
  await db.insert(teachers).values({
    name: "Dr. Nusrat Jahan",
    designation: "Associate Professor",
    email: "nusrat@example.org",
    photoURL: photo,
    joinDate: "2015-01-01",
  });
  await db.insert(executives).values({
    name: "Rafiq Islam",
    designation: "General Secretary",
    email: "rafiq@example.org",
    photoURL: photo,
    panel: "2020-2021",
  });
}

/** What the domain finds for a query, as the page would ask. */
async function search(query: string, page = 1) {
  const parsed = parseSearchQuery(query);
  if (parsed.kind !== "ok") throw new Error(`not a search: ${query}`);
  return searchSite(database.db, { text: parsed.text, words: parsed.words, page });
}

const titles = async (query: string) => (await search(query)).items.map((hit) => hit.title);

describe("site search, the domain query", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await seed();
  }, 60_000);
  afterAll(() => database?.close());

  it("is answered by the GIN indexes the migration made", async () => {
    const rows = await database.db.execute(
      sql`select indexname from pg_indexes where indexname like '%_search_%_idx' order by 1`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(14);
  });

  it("finds a Bangla notice by a whole word and by part of a word", async () => {
    expect(await titles("প্রোগ্রামিং")).toContain(BANGLA_TITLE);
    // The middle of প্রোগ্রামিং, and the start of বিশ্ববিদ্যালয়ে (in the description).
    expect(await titles("গ্রামি")).toContain(BANGLA_TITLE);
    expect(await titles("বিশ্ববি")).toContain(BANGLA_TITLE);
    const [hit] = (await search("গ্রামি")).items;
    expect(hit).toMatchObject({ type: "notice", url: expect.stringMatching(/^\/notice\/notice-/) });
    expect(hit?.titleParts.filter((part) => part.match).map((part) => part.text)).toEqual(["গ্রামি"]);
  });

  it("finds a student by part of a judge handle, a teacher by name, an event, a result and a standings contest", async () => {
    const [byHandle] = (await search("cf99")).items;
    expect(byHandle).toMatchObject({ type: "student", title: "Tanvir Ahmed", url: "/students/tanvir-ahmed" });
    expect(byHandle?.snippet).toContain("Codeforces: tanvir_cf99");
    expect((await search("nusrat")).items[0]).toMatchObject({ type: "teacher", url: "/teachers" });
    expect((await search("general secretary")).items[0]).toMatchObject({
      type: "executive",
      url: "/executive-panel-2021",
    });
    expect((await search("winter bootcamp")).items[0]).toMatchObject({
      type: "event",
      url: "/events/boot-camp/winter-coding-bootcamp",
    });
    expect((await search("intra university")).items[0]).toMatchObject({ type: "result" });
    expect((await search("mock")).items.map((hit) => [hit.type, hit.title])).toEqual([
      ["contest", "ICPC Mock Regional"],
    ]);
  });

  it("finds a club ranking by part of its name, with its rule as the snippet", async () => {
    expect((await search("selection rou")).items).toEqual([
      expect.objectContaining({
        type: "ranking",
        title: "Selection Round 2031",
        url: "/rankings/selection-round-2031",
        snippet: "Club ranking · Rank points: ceil(1600 / (rank + 7)) per contest",
      }),
    ]);
  });

  it("never finds drafts, scheduled items, previews, hidden members or emails", async () => {
    expect(await titles("zephyr")).toEqual([]);
    expect(await titles("hiddenhandle42")).toEqual([]);
    expect(await titles("bootcamp")).toEqual(["Winter Coding Bootcamp"]);
    expect(await titles("quiet.mail@example")).toEqual([]);
    const quiet = await search("quiet mail");
    expect(JSON.stringify(quiet)).not.toContain("@example.org");
  });

  it("ranks a title that is the query first", async () => {
    const [first] = (await search("Pagingperson 12")).items;
    expect(first?.title).toBe("Pagingperson 12");
  });

  it("pages: 10 a page, the last one partial, a page past the end shows the last", async () => {
    const first = await search("pagingperson");
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 25 });
    expect(first.items).toHaveLength(10);
    const third = await search("pagingperson", 3);
    expect(third.items).toHaveLength(5);
    expect(await search("pagingperson", 99)).toMatchObject({ page: 3, total: 25 });
    const seen = new Set(
      [...first.items, ...(await search("pagingperson", 2)).items, ...third.items].map((hit) => hit.url),
    );
    expect(seen.size).toBe(25);
  });

  it("marks the words found and escapes everything else, in the API's HTML", async () => {
    const found = await search("প্রতিযোগিতা");
    const answer = toSearchAnswer("প্রতিযোগিতা", found, 10, "https://club.example.org");
    const [hit] = answer.results;
    expect(hit?.snippetHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(hit?.snippetHtml).not.toContain("<script");
    expect(hit?.snippetHtml).toContain("<mark>প্রতিযোগিতা</mark>");
    expect(hit?.url).toMatch(/^https:\/\/club\.example\.org\/notice\//);
    const schema = findApiCall("get", "/api/search")?.answers[200]?.schema;
    expect(schema?.safeParse(answer).error?.issues ?? []).toEqual([]);
  });

  it("takes a query made of LIKE and full-text operators as plain text", async () => {
    for (const query of ["%_%", "a & b | !c", "'); drop table notices; --", "c++ :* <->", "\\\\"]) {
      const parsed = parseSearchQuery(query);
      if (parsed.kind === "ok") await expect(search(query)).resolves.toMatchObject({ page: 1 });
    }
    expect(await titles("zz%_zz")).toEqual([]);
  });

  it("answers any text at all without an error", async () => {
    const anyText = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(anyText, async (query) => {
        const parsed = parseSearchQuery(query);
        if (parsed.kind === "ok") await searchSite(database.db, { text: parsed.text, words: parsed.words, page: 1 });
      }),
      { numRuns: 150 },
    );
  });

  it("cuts an overly long query and asks for more than one letter", () => {
    const long = parseSearchQuery("ab ".repeat(200));
    expect(long).toMatchObject({ kind: "ok", cut: true });
    expect(long.kind === "ok" && [...long.text].length).toBeLessThanOrEqual(SEARCH_MAX_LENGTH);
    expect(parseSearchQuery("  ")).toEqual({ kind: "empty" });
    expect(parseSearchQuery("a")).toMatchObject({ kind: "too-short" });
    expect(parseSearchQuery("- .")).toMatchObject({ kind: "too-short" });
  });
});

describe("site search, the page and the JSON API", () => {
  const ADMIN = { name: "Search Admin", email: "search-admin@example.org", password: "admin-password-1" };
  let server: RunningServer;
  let running: Awaited<ReturnType<typeof startServerOnTestDatabase>> | undefined;
  const { call, signUp } = httpClient(() => server.baseUrl);

  beforeAll(async () => {
    running = await startServerOnTestDatabase({ ADMIN_EMAILS: ADMIN.email, TRUSTED_PROXY_HEADER: "x-real-ip" });
    server = running.server;
    const cookie = await signUp(ADMIN);
    const body = {
      name: BANGLA_TITLE,
      publishing_date: "2026-11-01",
      pdfFile: pdf,
      description: "প্রতিযোগিতা <script>alert('x')</script> for everyone",
    };
    expect((await call("/api/add-notice", { method: "POST", body, cookie })).status).toBe(201);
    const draft = { ...body, name: "Draft only plan", status: "draft" };
    expect((await call("/api/add-notice", { method: "POST", body: draft, cookie })).status).toBe(201);
  }, 120_000);
  afterAll(() => running?.close());

  it("answers JSON by the contract, Bangla found by part of a word, drafts never", async () => {
    const response = await call(`/api/search?q=${encodeURIComponent("গ্রামি")}`);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ query: "গ্রামি", page: 1, pageCount: 1, total: 1, pageSize: 10 });
    expect(answer.results[0]).toMatchObject({ type: "notice", title: BANGLA_TITLE });
    expect(answer.results[0].url).toMatch(new RegExp(`^${server.baseUrl}/notice/`));
    expect((await (await call("/api/search?q=draft+only")).json()).total).toBe(0);
  });

  it("refuses a missing, too short or too long q with 400 naming q, never a 500", async () => {
    for (const query of ["", "?q=", "?q=a", `?q=${"x".repeat(SEARCH_MAX_LENGTH + 1)}`, `?q=${"y".repeat(5000)}`]) {
      const response = await call(`/api/search${query}`);
      expect(response.status, query.slice(0, 20)).toBe(400);
      expect((await response.json()).errors).toHaveProperty("q");
    }
  });

  it("shows results with the words marked and the content escaped, and is cached for anonymous visitors", async () => {
    const path = `/search?q=${encodeURIComponent("প্রতিযোগিতা")}`;
    const first = await call(path);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("<mark");
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(");
    expect(html).toContain('name="robots" content="noindex"');
    // Stored once compressed, a moment after the first answer: poll, never sleep.
    await expect.poll(async () => (await call(path)).headers.get("x-page-cache"), { timeout: 10_000 }).toBe("HIT");
  });

  it("answers an empty, short or overly long query with a friendly page", async () => {
    for (const query of ["", "?q=", "?q=a", `?q=${"ab ".repeat(300)}`]) {
      const response = await call(`/search${query}`);
      expect(response.status, query.slice(0, 20)).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/Type a word|Type at least|Only the first/);
    }
  });
});
