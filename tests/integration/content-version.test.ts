import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentVersionReader, readContentVersion } from "~/core/content-version.server";
import { students } from "~/db/schema";
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

  it("is re-read after invalidate(), and at most every maxAge otherwise", async () => {
    const reader = createContentVersionReader(testDb.db, 60_000);
    const first = await reader.current();
    await testDb.db
      .insert(students)
      .values({ name: "B", email: "b@example.org", photoURL: "https://example.org/b.png" });
    expect(await reader.current()).toBe(first);
    reader.invalidate();
    expect(await reader.current()).not.toBe(first);
  });
});
