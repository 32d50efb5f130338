import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, isNotNull, ne } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSiteSettings } from "~/content/site";
import type { Database } from "~/db/client.server";
import {
  appMeta,
  DEMO_SEED_KEY,
  events,
  executives,
  judgePace,
  media,
  notices,
  recentEvents,
  results,
  students,
  teachers,
} from "~/db/schema";
import { certificatesOfEvent } from "~/features/events/certificates.server";
import { listRegistrations } from "~/features/events/registrations.server";
import { listApplications, openRound } from "~/features/members/membership.server";
import { upcomingJudgeContests } from "~/features/practice/contests.server";
import { practiceBoard } from "~/features/practice/leaderboard.server";
import { practiceOf } from "~/features/practice/progress.server";
import { findSeriesRanking } from "~/features/standings/rankings.server";
import { findLeaderboard, listContests } from "~/features/standings/standings.server";
import { todayIn } from "~/lib/format";
import { MEDIA_URL_PREFIX, parseUploadedImage, variantKey, variantWidths } from "~/lib/media";
import { createDiskStorage } from "~/lib/storage/disk.server";
import type { MediaStorage } from "~/lib/storage/index.server";
import { drawBanner, drawEventImage, drawPortrait, drawResultSheet } from "~/seed/drawings.server";
import { seedDemoContentOnce } from "~/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * A demo seed draws ~70 images: 40-60 s when three test files share two cores (this whole file
 * 44 s alone on PostgreSQL), and more than 180 s on PostgreSQL in CI's second half on a slow
 * machine, beside the robustness files' photo uploads and bursts. A ceiling for a stuck seed,
 * not a speed.
 */
const SEEDING_MS = 480_000;

const EVENT_TYPES = ["Programming Contest", "WorkShop", "Webinars", "Seminar", "Boot Camp"];
const EXECUTIVE_DESIGNATIONS = [
  "General Secretary",
  "Vice-President (Male)",
  "Vice-President (Female)",
  "Joint Secretary (Male)",
  "Joint Secretary (Female)",
  "Organizing Secretary",
  "Finance Secretary",
  "Publicity & Publication Secretary",
  "Welfare Secretary",
  "Batch Executive (2nd Batch)",
  "Batch Executive (3rd Batch)",
  "Batch Executive (4th Batch)",
  "Batch Executive (5th Batch)",
  "Batch Executive (6th Batch)",
];
const SVG_MAX_BYTES = 6 * 1024;
/** The seed's marker, and when the demo's contest lists were "read" (the next real reads wait an hour). */
const SEEDED_KEYS = [DEMO_SEED_KEY, "practice:atcoder-contests-read-at", "practice:codeforces-contests-read-at"];

const storageIn = (dataDir: string): MediaStorage => createDiskStorage(path.join(dataDir, "uploads"));

function captureLogger() {
  const lines: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}

async function rowCounts(db: Database) {
  const tables = { events, notices, results, students, teachers, executives, recentEvents };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = await db.$count(table);
  return counts;
}

/** Enough of a well-formedness check to catch an unescaped `&`/`<` or an unclosed tag. */
function expectWellFormedSvg(svg: string, width: number, height: number) {
  expect(svg.startsWith("<svg ")).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
  expect(svg).toMatch(/<title>[^<]+<\/title>/);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  expect(Buffer.byteLength(svg)).toBeLessThan(SVG_MAX_BYTES);
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([A-Za-z][\w-]*)[^<>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (closing) expect(open.pop()).toBe(name);
    else open.push(name ?? "");
  }
  expect(open).toEqual([]);
  expect(svg.replace(/<[^<>]*>/g, "")).not.toMatch(/[<>]/);
}

describe("seedDemoContentOnce on an empty database", () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let lines: string[];
  let firstRun: { seeded: boolean };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-seed-"));
    const logger = captureLogger();
    lines = logger.lines;
    firstRun = await seedDemoContentOnce({ db: testDb.db, storage: storageIn(dataDir), log: logger.log });
  }, SEEDING_MS);
  afterAll(async () => {
    await testDb.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("seeds, marks the database and logs one summary line", async () => {
    expect(firstRun).toEqual({ seeded: true });
    const marker = await testDb.db.select().from(appMeta);
    expect(marker.map((row) => row.key).sort()).toEqual(SEEDED_KEYS);
    const summaries = lines.filter((line) => line.includes("demo content seeded"));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatch(/\d+ students, 6 teachers/);
  });

  it("inserts students of several batches, each with a photo and a short session", async () => {
    const rows = await testDb.db.select().from(students);
    expect(rows.length).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((row) => row.batch)).size).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(row.photoURL.startsWith(MEDIA_URL_PREFIX)).toBe(true);
      expect(row.session?.length ?? 0).toBeLessThanOrEqual(9);
      expect(row.email).toMatch(/^[a-z.]+@student\.rmstu\.ac\.bd$/);
    }
  });

  it("inserts six teachers of every designation", async () => {
    const rows = await testDb.db.select().from(teachers);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.designation))).toEqual(
      new Set(["Professor", "Associate Professor", "Assistant Professor", "Lecturer"]),
    );
    for (const row of rows) expect(row.details.length).toBeGreaterThan(20);
  });

  it("inserts the full 2020-2021 panel and smaller older panels", async () => {
    const rows = await testDb.db.select().from(executives);
    const panel = (name: string) => rows.filter((row) => row.panel === name);
    const current = panel("2020-2021").map((row) => row.designation);
    expect(current).toHaveLength(16);
    expect(current.filter((d) => d === "President")).toHaveLength(1);
    expect(current.filter((d) => d === "Mentor")).toHaveLength(1);
    expect(current.filter((d) => d !== "President" && d !== "Mentor").sort()).toEqual(
      [...EXECUTIVE_DESIGNATIONS].sort(),
    );
    expect(panel("2019-2020").length).toBeGreaterThanOrEqual(4);
    expect(panel("2018-2019")).toHaveLength(3);
    expect(panel("2017-2018")).toHaveLength(0);
  });

  it("inserts upcoming events of every type, and a past workshop", async () => {
    // The weekly practice (a series, dated from today) has its own test below.
    const rows = (await testDb.db.select().from(events)).filter((row) => row.seriesId === null);
    for (const type of EVENT_TYPES) {
      const upcoming = rows.filter((row) => row.eventType === type && (row.startsOn ?? "") >= "2026-12-01");
      expect(upcoming.length, type).toBeGreaterThanOrEqual(2);
    }
    expect(rows.filter((row) => (row.startsOn ?? "") < "2026-12-01").map((row) => row.eventType)).toEqual(["WorkShop"]);
    for (const row of rows) {
      expect(row.startsOn ?? "").toMatch(/^(2026-1[02]|2027-\d\d)-\d\d$/);
      expect(row.startsAt).toMatch(/^\d\d:\d\d$/);
      if (row.eventType !== "Programming Contest") expect(row.problemNumber).toBe(0);
      else expect(row.problemNumber).toBeGreaterThan(0);
    }
  });

  it("adds a weekly practice series from four weeks ago, one coming occurrence cancelled and one moved", async () => {
    const rows = (await testDb.db.select().from(events).orderBy(events.occurrenceOf)).filter((row) => row.seriesId);
    expect(new Set(rows.map((row) => row.seriesId)).size).toBe(1);
    const today = todayIn(defaultSiteSettings.timeZone);
    expect(rows.filter((row) => (row.startsOn ?? "") < today).length).toBeGreaterThanOrEqual(4);
    const coming = rows.filter((row) => (row.startsOn ?? "") >= today);
    expect(coming.slice(0, 3).map((row) => [row.status, row.moved, row.startsAt])).toEqual([
      ["published", false, "16:00"],
      ["cancelled", false, "16:00"],
      ["published", true, "17:00"],
    ]);
  });

  it("inserts notices with unique slugs and derived month and day", async () => {
    const rows = await testDb.db.select().from(notices).where(eq(notices.status, "published"));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(5);
    for (const row of rows) {
      expect(row.publishingDate.startsWith("2026-")).toBe(true);
      expect(row.day).toBe(row.publishingDate.slice(8));
      expect(row.chrMonth).toMatch(/^[A-Z]{3}$/);
      expect(row.status).toBe("published");
      expect(row.pdfFile).toMatch(/\.pdf$/);
    }
  });

  it("adds a draft notice and one scheduled for tomorrow, neither public", async () => {
    const rows = await testDb.db.select().from(notices).where(ne(notices.status, "published"));
    expect(rows.map((row) => row.status).sort()).toEqual(["draft", "scheduled"]);
    const scheduled = rows.find((row) => row.status === "scheduled");
    const hoursAhead = ((scheduled?.publishAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(0);
    expect(hoursAhead).toBeLessThan(48);
  });

  it("makes the contest of the results page the newest result", async () => {
    const rows = await testDb.db.select().from(results);
    expect(rows).toHaveLength(3);
    const newest = [...rows].sort((a, b) => b.publishingDate.localeCompare(a.publishingDate))[0];
    expect(newest?.name).toBe("International Mother Language Day Programming Contest- 2021");
    expect(rows.filter((row) => row.pdfFile.endsWith(".pdf"))).toHaveLength(1);
    for (const row of rows) expect(parseUploadedImage(row.img ?? "")).toMatchObject({ width: 1200, height: 1600 });
  });

  it("inserts six recent events with three pictures each", async () => {
    const rows = await testDb.db.select().from(recentEvents);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(new Set([row.img1, row.img2, row.img3]).size).toBe(3);
      expect(row.details1.length).toBeGreaterThan(50);
      expect(row.details2.length).toBeGreaterThan(50);
    }
  });

  it("stores every referenced file through the upload pipeline: PDFs, and PNGs with their variants", async () => {
    const urls = [
      ...(await testDb.db.select().from(students)).map((row) => row.photoURL),
      ...(await testDb.db.select().from(teachers)).map((row) => row.photoURL),
      ...(await testDb.db.select().from(executives)).map((row) => row.photoURL),
      ...(await testDb.db.select().from(notices)).map((row) => row.pdfFile),
      ...(await testDb.db.select().from(results)).flatMap((row) => [row.pdfFile, row.img ?? ""]),
      ...(await testDb.db.select().from(recentEvents)).flatMap((row) => [row.img1, row.img2, row.img3]),
    ];
    expect(urls.length).toBeGreaterThan(80);
    const stored = (key: string) => fs.readFileSync(path.join(dataDir, "uploads", key));
    for (const url of new Set(urls)) {
      expect(url).toMatch(/^\/media\/[0-9a-f]{24}(-\d+x\d+\.png|\.pdf)$/);
      const bytes = stored(url.slice(MEDIA_URL_PREFIX.length));
      const image = parseUploadedImage(url);
      if (!image) {
        expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
        continue;
      }
      expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
      for (const width of variantWidths(image.width)) {
        expect(
          stored(variantKey(image.hash, width, "webp"))
            .subarray(8, 12)
            .toString("latin1"),
        ).toBe("WEBP");
        expect(
          stored(variantKey(image.hash, width, "avif"))
            .subarray(4, 12)
            .toString("latin1"),
        ).toBe("ftypavif");
      }
    }
    const portrait = parseUploadedImage((await testDb.db.select().from(students))[0]?.photoURL ?? "");
    expect(portrait).toMatchObject({ width: 400, height: 400 });
    expect(await testDb.db.$count(media)).toBe(new Set(urls).size);
  });

  // Beside the content drawn above, before the tests below change it.
  describe("and from the build's start snapshot", () => {
    const snapshot = path.resolve(import.meta.dirname, "../../build/start-snapshot");
    let fromSnapshot: TestDatabase;
    let snapshotDir: string;

    beforeAll(async () => {
      fromSnapshot = await createTestDatabase();
      snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-seed-snapshot-"));
      const result = await seedDemoContentOnce({
        db: fromSnapshot.db,
        storage: storageIn(snapshotDir),
        log: captureLogger().log,
        snapshot,
      });
      expect(result).toEqual({ seeded: true });
    }, SEEDING_MS);
    afterAll(async () => {
      await fromSnapshot.close();
      fs.rmSync(snapshotDir, { recursive: true, force: true });
    });

    it("gives the same content as drawing it, and every file it links", async () => {
      expect(await rowCounts(fromSnapshot.db)).toEqual(await rowCounts(testDb.db));
      const names = async (db: Database) =>
        (await db.select({ name: students.name }).from(students)).map((r) => r.name);
      expect((await names(fromSnapshot.db)).sort()).toEqual((await names(testDb.db)).sort());
      const stored = await fromSnapshot.db.select().from(media);
      expect(stored.length).toBeGreaterThan(50);
      for (const file of stored) {
        expect(fs.existsSync(path.join(snapshotDir, "uploads", file.key)), file.key).toBe(true);
        for (const variant of file.variantKeys)
          expect(fs.existsSync(path.join(snapshotDir, "uploads", variant))).toBe(true);
      }
      const marker = await fromSnapshot.db.select().from(appMeta);
      expect(marker.map((row) => row.key).sort()).toEqual(SEEDED_KEYS);
    });

    it("links three demo students to accounts with handles, and opens a round from today with applications waiting", async () => {
      for (const db of [testDb.db, fromSnapshot.db]) {
        const members = await db.select().from(students).where(isNotNull(students.codeforces));
        expect(members).toHaveLength(3);
        expect(members.every((member) => member.userId)).toBe(true);
        const today = todayIn(defaultSiteSettings.timeZone);
        const round = await openRound(db, today);
        expect(round?.session).toBe(`${today.slice(0, 4)}-${Number(today.slice(0, 4)) + 1}`);
        const waiting = await listApplications(db, round?._id ?? "", { status: "pending" }, 1);
        expect(waiting.total).toBe(3);
      }
    });

    it("gives the demo members ratings, their history, weeks of solved problems and contests ahead, from recorded answers", async () => {
      for (const db of [testDb.db, fromSnapshot.db]) {
        const now = new Date();
        const memberId = async (name: string) =>
          (await db.select({ id: students.id }).from(students).where(eq(students.name, name)))[0]?.id ?? "";
        const sumaiya = await practiceOf(db, await memberId("Sumaiya Islam"), now);
        // Clash's recorded user.info and user.rating, re-keyed: 1484 (specialist), 15 rated contests.
        expect(sumaiya.accounts).toMatchObject([{ judge: "codeforces", status: "ok", rating: 1484 }]);
        expect(sumaiya.history.codeforces).toHaveLength(15);
        expect(sumaiya.history.codeforces?.every((point) => Date.parse(point.at) < now.getTime())).toBe(true);
        // rishgod's recorded submissions, moved to end an hour ago: solves in several of the last 12 weeks.
        expect(sumaiya.weeks.filter((week) => week.solved > 0).length).toBeGreaterThanOrEqual(5);
        const tanvir = await practiceOf(db, await memberId("Tanvir Ahmed"), now);
        expect(tanvir.accounts.map((account) => [account.judge, account.status])).toEqual([
          ["atcoder", "ok"],
          ["codeforces", "not-found"],
        ]);
        expect(tanvir.history.atcoder?.length).toBeGreaterThan(0);
        const board = await practiceBoard(db, { period: "month", batch: null, now });
        expect(board.lines.map((line) => line.name)).toContain("Priyanka Chakma");
        expect(board.ratings.map((line) => [line.name, line.judge])).toContainEqual(["Sumaiya Islam", "codeforces"]);
        const ahead = await upcomingJudgeContests(db, now);
        const aheadOn = (judge: string) => ahead.filter((contest) => contest.judge === judge);
        expect(aheadOn("codeforces").map((contest) => contest.contestId)).toEqual(["1848", "1849"]);
        expect(aheadOn("atcoder").length).toBeGreaterThan(0);
        expect(ahead.every((contest) => Date.parse(contest.startsAt) > now.getTime())).toBe(true);
        // No call counted against a judge's pace.
        expect((await db.select().from(judgePace)).every((row) => row.calls === 0)).toBe(true);
      }
    });

    it("registers teams for a contest (the third on the waitlist), people for a workshop, and checks in a past workshop with certificates", async () => {
      for (const db of [testDb.db, fromSnapshot.db]) {
        const byEvent = async (name: string) => {
          const [event] = await db.select().from(events).where(eq(events.name, name));
          return listRegistrations(db, event?.id ?? "");
        };
        const contest = await byEvent("RMSTU Intra University Programming Contest 2026");
        expect(contest.map((row) => [row.teamName, row.status])).toEqual([
          ["Byte Busters", "confirmed"],
          ["Hill Coders", "confirmed"],
          ["Null Pointers", "waitlisted"],
        ]);
        expect((await byEvent("Workshop on Git and GitHub for Beginners")).map((row) => row.status)).toEqual(
          Array(5).fill("confirmed"),
        );
        const past = await byEvent("Workshop on Python for Beginners");
        expect(past).toHaveLength(6);
        expect(past.every((row) => row.people[0]?.checkedInAt)).toBe(true);
        const [pastEvent] = await db.select().from(events).where(eq(events.name, "Workshop on Python for Beginners"));
        expect(await certificatesOfEvent(db, pastEvent?.id ?? "")).toHaveLength(6);
      }
    });

    it("publishes a team contest and an individual one with members matched, and a ranking of both", async () => {
      for (const db of [testDb.db, fromSnapshot.db]) {
        const contests = await listContests(db, false);
        expect(contests.map((contest) => [contest.name, contest.format])).toEqual([
          ["RMSTU Weekly Practice Contest #12", "codeforces"],
          ["RMSTU Team Selection Contest 2026", "clics"],
        ]);
        const team = await findLeaderboard(db, contests[1]?.slug ?? "");
        expect(team?.rows[0]).toMatchObject({ name: "Byte Busters", rank: 1 });
        expect(team?.rows[0]?.members.map((member) => member.name).sort()).toEqual([
          "Jyotirmoy Chakma",
          "Mahmudul Hasan",
          "Nusrat Jahan",
        ]);
        const solo = await findLeaderboard(db, contests[0]?.slug ?? "");
        expect(solo?.rows.map((row) => row.members.map((member) => member.name))).toEqual([
          ["Sumaiya Islam"],
          ["Tanvir Ahmed"],
          ["Priyanka Chakma"],
          [],
        ]);
        const ranking = await findSeriesRanking(db, "selection-contests-2026");
        // Tanvir took part in both: 2 × 178 for his team's second place, 178 for his own second place.
        expect(ranking?.standings[0]).toMatchObject({
          rank: 1,
          member: { name: "Tanvir Ahmed" },
          points: 534,
          taken: 2,
          absences: 0,
        });
      }
    });
  });

  it("does nothing on a second call", async () => {
    const before = await rowCounts(testDb.db);
    const { log } = captureLogger();
    expect(await seedDemoContentOnce({ db: testDb.db, storage: storageIn(dataDir), log })).toEqual({ seeded: false });
    expect(await rowCounts(testDb.db)).toEqual(before);
  });

  it("does not come back after an admin deleted everything", async () => {
    await testDb.db.delete(recentEvents);
    const { log } = captureLogger();
    expect(await seedDemoContentOnce({ db: testDb.db, storage: storageIn(dataDir), log })).toEqual({ seeded: false });
    expect(await testDb.db.$count(recentEvents)).toBe(0);
  });
});

describe("seedDemoContentOnce on a database with content", () => {
  let testDb: TestDatabase;
  let dataDir: string;

  beforeEach(async () => {
    testDb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-seed-"));
  });
  afterEach(async () => {
    await testDb.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("never seeds over a real student, and remembers not to", async () => {
    await testDb.db
      .insert(students)
      .values({ name: "Real Student", email: "real@student.rmstu.ac.bd", photoURL: "https://example.org/p.png" });
    const { log } = captureLogger();
    expect(await seedDemoContentOnce({ db: testDb.db, storage: storageIn(dataDir), log })).toEqual({ seeded: false });
    expect(await rowCounts(testDb.db)).toMatchObject({ students: 1, teachers: 0, events: 0, recentEvents: 0 });
    expect(await testDb.db.$count(appMeta)).toBe(1);
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);

    await testDb.db.delete(students);
    expect(await seedDemoContentOnce({ db: testDb.db, storage: storageIn(dataDir), log })).toEqual({ seeded: false });
    expect(await testDb.db.$count(students)).toBe(0);
  });
});

describe("drawings", () => {
  it("draw well-formed, small SVGs even from text that needs escaping", () => {
    const awkward = "Tom & Jerry <Coders> \"Quotes\" 'Apostrophes' with a very long title that wraps onto many lines";
    expectWellFormedSvg(drawPortrait(awkward), 400, 400);
    expectWellFormedSvg(drawEventImage({ title: awkward, caption: "A & B", motif: "trophy" }), 1200, 675);
    expectWellFormedSvg(drawBanner(), 1600, 600);
    expectWellFormedSvg(drawBanner({ title: "R&D <Wing>" }), 1600, 600);
    const standings = Array.from({ length: 30 }, (_, i) => ({
      team: `Team <${i}> & Co with a name far too long for the column`,
      university: "RMSTU & CUET",
      solved: 30 - i,
      penalty: 100 * i,
    }));
    expectWellFormedSvg(drawResultSheet({ contestName: awkward, publishingDate: "2026-02-21", standings }), 1200, 1600);
  });

  it("gives a person the same portrait every time and initials without honorifics", () => {
    expect(drawPortrait("Dr. Sharmin Sultana")).toBe(drawPortrait("Dr. Sharmin Sultana"));
    expect(drawPortrait("Dr. Sharmin Sultana")).toContain(">SS</text>");
    expect(drawPortrait("Md. Saiful Islam")).toContain(">SI</text>");
    expect(drawPortrait("Tanvir Ahmed")).not.toBe(drawPortrait("Nusrat Jahan"));
  });
});
