import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentVersionReader, readContentVersion } from "~/core/content-version.server";
import { saveSiteSettings } from "~/core/settings.server";
import { siteSettings, students } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../support/database";

describe("content version", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.close());

  it("moves on every write to a content table", async () => {
    const before = await readContentVersion(testDb.db);
    await testDb.db
      .insert(students)
      .values({ name: "A", email: "a@example.org", photoURL: "https://example.org/a.png" });
    const afterInsert = await readContentVersion(testDb.db);
    expect(afterInsert).not.toBe(before);
    await testDb.db.delete(students);
    const afterDelete = await readContentVersion(testDb.db);
    expect(afterDelete).not.toBe(afterInsert);
    await testDb.db.delete(students).where(eq(students.id, crypto.randomUUID()));
    expect(await readContentVersion(testDb.db), "a delete that matched nothing").toBe(afterDelete);
  });

  it("is re-read after a write of this process, and at most every maxAge otherwise", async () => {
    const reader = createContentVersionReader(testDb.db, 60_000);
    const first = await reader.current();
    await testDb.db
      .insert(students)
      .values({ name: "B", email: "b@example.org", photoURL: "https://example.org/b.png" });
    expect(await reader.current()).toBe(first);
    reader.beginWrite()();
    expect(await reader.current()).not.toBe(first);
  });

  it("keeps no version read while a write of this process is in flight", async () => {
    const reader = createContentVersionReader(testDb.db, 60_000);
    const writeEnded = reader.beginWrite();
    // Read before the write commits (as another request of the process may): not kept.
    const before = await reader.current();
    expect(reader.peek()).toBeUndefined();
    await testDb.db
      .insert(students)
      .values({ name: "D", email: "d@example.org", photoURL: "https://example.org/d.png" });
    // Asked again while the write has not answered yet: the database's version, not the one read before.
    const during = await reader.current();
    expect(during).not.toBe(before);
    writeEnded();
    writeEnded(); // ending twice (its response's close) counts once
    expect(reader.peek()).toBeUndefined();
    expect(await reader.current()).toBe(during);
    expect(reader.peek(), "kept again once no write is in flight").toBe(during);
  });

  it("keeps the settings' version through content writes, and reads it with the content's", async () => {
    const reader = createContentVersionReader(testDb.db, 60_000);
    const settingsBefore = await reader.settings();
    await testDb.db
      .insert(students)
      .values({ name: "C", email: "c@example.org", photoURL: "https://example.org/c.png" });
    reader.beginWrite()();
    const content = await reader.current();
    expect(await reader.settings(), "a student is not a setting").toBe(settingsBefore);

    // Written by another process: seen when the content version is next read, never later.
    await testDb.db.insert(siteSettings).values({ key: "motto", value: "Elsewhere" });
    expect(await reader.settings(), "kept for maxAge").toBe(settingsBefore);
    reader.beginWrite()();
    expect(await reader.current()).not.toBe(content);
    const settingsAfter = await reader.settings();
    expect(settingsAfter).not.toBe(settingsBefore);

    // Saved by this process: its next read asks the database.
    const app = { db: testDb.db, contentVersion: reader };
    await saveSiteSettings(app, { id: null, email: "admin@example.org", ip: "10.0.0.1" }, { motto: "Here" });
    expect(await reader.settings()).not.toBe(settingsAfter);
  });
});
