import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_FORMAT, tablePartName } from "~/wiring/backup-format.server";
import { createScratchDatabase } from "../../scripts/support/scratch-database";
import { startLocalS3 } from "../support/s3";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";
import {
  firstDifference,
  readArchive,
  rowsOf,
  type SiteSnapshot,
  snapshotSite,
  tablePart,
  writeArchive,
} from "../support/site-snapshot";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, process.env.BUILD_DIR ?? "build", "server");
/**
 * Every page of a crawl is rendered once: the render limit is for visitors, not for this test.
 * Restored sites keep the original's BASE_URL, as a moved site would: generated files such as
 * certificates carry it in compressed bytes no text replacement reaches. A crawl with a restore
 * takes about 20 s alone and took 104 s on PostgreSQL beside the robustness files on CI's slowest
 * machine yet: their 360 s is a ceiling for a stuck step, not a speed.
 */
const SERVER_ENV = { RENDER_RATE_LIMIT_MAX: "1000000" };

/** `npm run backup` / `npm run restore` as the compiled scripts run (`npm run build` first). */
function script(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  return run(process.execPath, [path.join(BUILD, `${name}.js`), ...args], {
    cwd: ROOT,
    // Vitest puts Vite's BASE_URL ("/") into process.env; the scripts need a real one.
    env: { ...process.env, BASE_URL: "http://localhost:3000", ...env },
  }).then(
    (result) => ({ code: 0, output: result.stdout + result.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
}

/** Every entry the same to the byte, but the manifest (its time, its secret's hash). */
function expectSameArchive(actual: Map<string, Buffer>, expected: Map<string, Buffer>) {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [name, bytes] of expected) {
    if (name !== "backup.json") expect(actual.get(name)?.equals(bytes), name).toBe(true);
  }
}

/** A new General account's session cookie. */
async function signUp(server: RunningServer, account: { name: string; email: string; password: string }) {
  const response = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseUrl },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

function expectSameSite(restored: SiteSnapshot, original: SiteSnapshot) {
  expect([...restored.pages.keys()]).toEqual([...original.pages.keys()]);
  for (const [page, body] of original.pages)
    expect(firstDifference(restored.pages.get(page), body), page).toBeUndefined();
  expect(restored.media).toEqual(original.media);
}

describe("backup and restore", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "club-backup-"));
  const downloaded = path.join(work, "downloaded.tar");
  const fromCli = path.join(work, "cli.tar");
  let original: RunningServer;
  let adminPassword: string;
  let before: SiteSnapshot;
  let downloadName: string;
  let downloadEncoding: string | null;
  const generalUser = { status: 0, anonymous: 0, location: "" };

  beforeAll(async () => {
    original = await startServer(SERVER_ENV);
    adminPassword = /password:\s+(\S+)/.exec(original.output())?.[1] ?? "";
    // Asking for brotli and gzip, as browsers do.
    const call = (path: string, cookie?: string) =>
      fetch(`${original.baseUrl}${path}`, {
        redirect: "manual",
        headers: { "Accept-Encoding": "br, gzip", ...(cookie ? { cookie } : {}) },
      });
    const adminCookie = await signInDemoAdmin(original);
    const download = await call("/dashboard/backup.tar", adminCookie);
    expect(download.status).toBe(200);
    downloadName = download.headers.get("content-disposition") ?? "";
    downloadEncoding = download.headers.get("content-encoding");
    fs.writeFileSync(downloaded, Buffer.from(await download.arrayBuffer()));

    const general = await signUp(original, { name: "General", email: "general@example.org", password: "general-pw-1" });
    generalUser.status = (await call("/dashboard/backup.tar", general)).status;
    const anonymous = await call("/dashboard/backup.tar");
    generalUser.anonymous = anonymous.status;
    generalUser.location = anonymous.headers.get("location") ?? "";

    before = await snapshotSite(original.baseUrl);
    await original.stop();
    const backup = await script("backup", [fromCli], { DATA_DIR: original.dataDir });
    expect(backup.output).toMatch(/Backed up \d+ rows of \d+ tables and \d+ media files/);
  }, 360_000);

  afterAll(async () => {
    await original?.stop();
    fs.rmSync(original?.dataDir ?? "", { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("compares every kind of public page and their media", () => {
    const paths = [...before.pages.keys()];
    for (const kind of [/^\/notice\/./, /^\/events\/[^/]+\/./, /^\/details\//, /^\/results\/./, /^\/students\/./]) {
      expect(
        paths.some((path) => kind.test(path)),
        String(kind),
      ).toBe(true);
    }
    expect(paths.filter((path) => /^\/rankings\/./.test(path)).length, "rankings").toBeGreaterThan(0);
    expect(before.media.size).toBeGreaterThan(20);
    for (const answer of before.media.values()) expect(answer).toMatch(/^200 /);
  });

  it("lets only admins download, names the file by date, and records the download", async () => {
    expect(downloadName).toMatch(/^attachment; filename="club-backup-\d{4}-\d{2}-\d{2}-\d{4}\.tar"$/);
    // The archive holds compressed files already: the server sends it as it is.
    expect(downloadEncoding).toBeNull();
    expect(generalUser.status).toBe(403);
    expect(generalUser.anonymous).toBe(302);
    expect(generalUser.location).toMatch(/^\/login/);
    const archive = await readArchive(fromCli);
    expect(rowsOf(archive, "audit_log")).toContainEqual(
      expect.objectContaining({
        action: "backup",
        entity: "site",
        label: "Backup downloaded",
        actor_email: "admin@example.org",
      }),
    );
  });

  it("keeps passwords only as hashes, and no sessions", async () => {
    const archive = await readArchive(fromCli);
    expect(adminPassword).toMatch(/^\S{12,}$/);
    for (const [name, bytes] of archive) expect(bytes.includes(adminPassword), name).toBe(false);
    // The demo's accounts and the General user who signed up: salted scrypt, in the PHC string format.
    const passwords = rowsOf(archive, "accounts").map((account) => account.password);
    expect(passwords.length).toBeGreaterThanOrEqual(2);
    for (const password of passwords) expect(password).toMatch(/^\$scrypt\$ln=13,r=8,p=10\$[\w-]{22}\$[\w-]{43}$/);
    expect([...archive.keys()].filter((name) => /^tables\/(sessions|verifications)\//.test(name))).toEqual([]);
    const manifest = JSON.parse(archive.get("backup.json")?.toString() ?? "{}");
    expect(manifest).toMatchObject({ format: BACKUP_FORMAT, migration: { count: expect.any(Number) } });
  });

  it("restores into an empty data directory: the same pages, files and rows", async () => {
    const dataDir = path.join(work, "restored");
    // A cut file fails as a whole and leaves the directory empty for the next try.
    const cut = path.join(work, "cut.tar");
    fs.writeFileSync(cut, fs.readFileSync(fromCli).subarray(0, Math.floor(fs.statSync(fromCli).size / 2)));
    const failed = await script("restore", [cut], { DATA_DIR: dataDir });
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(/The backup file is damaged or incomplete/);
    expect(failed.output).not.toMatch(/\n\s+at /);

    const restored = await script("restore", [fromCli], { DATA_DIR: dataDir });
    expect(restored.output).toMatch(/Restored \d+ rows of \d+ tables and \d+ media files/);
    expect(restored.code).toBe(0);

    // Backed up again before it ever starts: every row and sequence comes back as it was.
    const again = path.join(work, "again.tar");
    expect((await script("backup", [again], { DATA_DIR: dataDir })).code).toBe(0);
    expectSameArchive(await readArchive(again), await readArchive(fromCli));

    const server = await startServer({ ...SERVER_ENV, DATA_DIR: dataDir, BASE_URL: original.baseUrl });
    try {
      expect(server.output()).not.toMatch(/Demo admin account/);
      expectSameSite(await snapshotSite(server.baseUrl, original.baseUrl), before);
    } finally {
      await server.stop();
    }
  }, 360_000);

  it("restores the dashboard's download into an empty database and bucket", async () => {
    const s3 = await startLocalS3();
    const scratch = process.env.TEST_DATABASE_URL
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL, "club_restore")
      : undefined;
    const env = {
      ...s3.env,
      DATA_DIR: path.join(work, "restored-to-s3"),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    try {
      const restored = await script("restore", [downloaded], env);
      expect(restored.output).toMatch(/Restored \d+ rows/);
      // Backed up again from there (the database server and the bucket): the same rows and files.
      const again = path.join(work, "again-from-s3.tar");
      expect((await script("backup", [again], env)).code).toBe(0);
      expectSameArchive(await readArchive(again), await readArchive(downloaded));
      const server = await startServer({ ...SERVER_ENV, ...env, BASE_URL: original.baseUrl });
      try {
        expectSameSite(await snapshotSite(server.baseUrl, original.baseUrl), before);
      } finally {
        await server.stop();
      }
    } finally {
      await s3.stop();
      await scratch?.drop();
    }
  }, 360_000);

  it("brings a backup made before the newest migration up to date", async () => {
    const manifest = JSON.parse((await readArchive(fromCli)).get("backup.json")?.toString() ?? "{}");
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "drizzle/meta/_journal.json"), "utf8")).entries;
    const older = path.join(work, "older.tar");
    await writeArchive(older, {
      "backup.json": { ...manifest, migration: { count: journal.length - 1, tag: journal.at(-2).tag } },
      "sequences.json": [],
      "end.json": { tables: {}, media: { files: 0, bytes: 0 } },
    });
    const dataDir = path.join(work, "older");
    expect((await script("restore", [older], { DATA_DIR: dataDir })).output).toMatch(/Restored 0 rows/);
    const again = path.join(work, "older-again.tar");
    expect((await script("backup", [again], { DATA_DIR: dataDir })).code).toBe(0);
    const level = JSON.parse((await readArchive(again)).get("backup.json")?.toString() ?? "{}").migration;
    expect(level).toEqual({ count: journal.length, tag: journal.at(-1).tag });
  }, 60_000);

  it("reads the event times of a backup made while they were clock text on Asia/Dhaka's clocks", async () => {
    const manifest = JSON.parse((await readArchive(fromCli)).get("backup.json")?.toString() ?? "{}");
    const journal: { tag: string }[] = JSON.parse(
      fs.readFileSync(path.join(ROOT, "drizzle/meta/_journal.json"), "utf8"),
    ).entries;
    // The level before the migration that made them instants.
    const count = journal.findIndex((entry) => entry.tag === "0034_event_instants");
    const event = (name: string, times: Record<string, string | null>) => ({
      id: randomUUID(),
      event_type: "Seminar",
      name,
      slug: name.toLowerCase(),
      starts_on: "2031-06-01",
      starts_at: "10:00",
      problem_number: 0,
      contest_duration: "3 Hours",
      details: "Details",
      ...times,
    });
    const rows = [
      event("Timed", {
        ends_at: "2031-06-01T13:00",
        registration_opens: "2031-05-01T09:00",
        registration_closes: "2031-05-30T23:59:30",
      }),
      // Blank text, and a date an early version took by its shape only, were no time, and stay none.
      event("Blank", { ends_at: "", registration_opens: null, registration_closes: "2031-02-30T10:00" }),
    ];
    const older = path.join(work, "older-event-times.tar");
    await writeArchive(older, {
      "backup.json": { ...manifest, migration: { count, tag: journal[count - 1]?.tag } },
      [tablePartName("events", 1)]: tablePart(rows),
      "sequences.json": [],
      "end.json": { tables: { events: rows.length }, media: { files: 0, bytes: 0 } },
    });
    const scratch = process.env.TEST_DATABASE_URL
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL, "club_restore_times")
      : undefined;
    const env = { DATA_DIR: path.join(work, "older-event-times"), ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
    try {
      expect((await script("restore", [older], env)).output).toMatch(/Restored 2 rows/);
      const server = await startServer({ ...SERVER_ENV, ...env });
      try {
        const answered = await (await fetch(`${server.baseUrl}/api/events`)).json();
        const times = (name: string) => {
          const found = answered.find((item: { name: string }) => item.name === name);
          return [found?.ends_at, found?.registration_opens, found?.registration_closes];
        };
        // What the API answered for them before: the club's clocks with Asia/Dhaka's offset.
        expect(times("Timed")).toEqual([
          "2031-06-01T13:00:00+06:00",
          "2031-05-01T09:00:00+06:00",
          "2031-05-30T23:59:30+06:00",
        ]);
        expect(times("Blank")).toEqual([null, null, null]);
      } finally {
        await server.stop();
      }
    } finally {
      await scratch?.drop();
    }
  }, 90_000);

  it("refuses a site that has content, a newer backup and a file that is no backup", async () => {
    const notEmpty = await script("restore", [fromCli], { DATA_DIR: original.dataDir });
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.output).toMatch(/The target is not empty \(its \w+ table has rows\)/);

    const manifest = JSON.parse((await readArchive(fromCli)).get("backup.json")?.toString() ?? "{}");
    const newer = path.join(work, "newer.tar");
    await writeArchive(newer, { "backup.json": { ...manifest, format: BACKUP_FORMAT + 1 } });
    const refused = await script("restore", [newer], { DATA_DIR: path.join(work, "never-used") });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `This backup was made by a newer version of the site (backup format ${BACKUP_FORMAT + 1}); ` +
        `this site reads format ${BACKUP_FORMAT} or older.`,
    );
    await writeArchive(newer, { "backup.json": { ...manifest, migration: { count: 9999, tag: "9998_future" } } });
    const newerDatabase = await script("restore", [newer], { DATA_DIR: path.join(work, "never-used") });
    expect(newerDatabase.output).toMatch(/made by a newer version of the site \(database level 9999, 9998_future\)/);

    const text = path.join(work, "notes.txt");
    fs.writeFileSync(text, "Not a backup at all.\n".repeat(100));
    for (const file of [text, path.join(work, "missing.tar")]) {
      const answer = await script("restore", [file], { DATA_DIR: path.join(work, "never-used") });
      expect(answer.code).toBe(1);
      expect(answer.output).toMatch(/not a backup of this site|no such file/);
      expect(answer.output).not.toMatch(/\n\s+at /);
    }
    expect(fs.existsSync(path.join(work, "never-used", "pgdata"))).toBe(false);
  }, 60_000);
});
