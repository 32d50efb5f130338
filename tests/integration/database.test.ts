import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDirectoryLock, DatabaseLockedError } from "~/db/lock.server";
import { students } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/database";

describe("database", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.close());

  it("answers a ping and has the migrated tables", async () => {
    await testDb.handle.ping();
    expect(await testDb.db.select().from(students)).toEqual([]);
  });

  it("refuses a session longer than 9 characters", async () => {
    const row = { name: "A", email: "a@example.org", photoURL: "https://example.org/a.png" };
    await testDb.db.insert(students).values({ ...row, session: "2020-2021" });
    await expect(testDb.db.insert(students).values({ ...row, session: "2020-20210" })).rejects.toThrow();
  });
});

describe("data directory lock", () => {
  it("refuses a second holder while the first is alive, and takes over a stale lock", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-lock-"));
    const lockPath = path.join(dir, "pglite.lock");
    fs.writeFileSync(lockPath, String(process.ppid));
    expect(() => acquireDirectoryLock(lockPath)).toThrow(DatabaseLockedError);
    expect(() => acquireDirectoryLock(lockPath)).toThrow(/in use by another process/);

    fs.writeFileSync(lockPath, "999999999");
    const release = acquireDirectoryLock(lockPath);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });
});
