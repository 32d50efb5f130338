import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { students } from "~/db/schema";
import { countStudentsByBatch } from "~/features/members/students.server";
import { createTestDatabase, type TestDatabase } from "../support/database";

const student = (name: string, batch: number | null) => ({
  name,
  batch,
  email: `${name.toLowerCase()}@example.org`,
  photoURL: "/media/photo.svg",
});

const counts = (testDb: TestDatabase) => countStudentsByBatch(testDb.db);

/** What the triggers must agree with: a real count of the table. */
async function countedByScan(testDb: TestDatabase, batch?: number) {
  const rows = await testDb.db.select().from(students);
  return rows.filter((row) => batch === undefined || row.batch === batch).length;
}

describe("per-batch student counts kept by triggers", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.close());

  it("follow inserts, batch changes and deletes, including students without a batch", async () => {
    const [ada, , cy] = await testDb.db
      .insert(students)
      .values([student("Ada", 3), student("Bo", 3), student("Cy", null), student("Di", 1), student("Ed", null)])
      .returning({ id: students.id });
    expect((await counts(testDb)).total).toBe(5);
    expect((await counts(testDb)).inBatch(3)).toBe(2);
    expect((await counts(testDb)).batches).toEqual([1, 3]);

    const update = (id: string | undefined, values: Partial<typeof students.$inferInsert>) =>
      testDb.db
        .update(students)
        .set(values)
        .where(eq(students.id, String(id)));
    await update(ada?.id, { batch: 7 }); // up a batch
    await update(cy?.id, { name: "Cyrus" }); // no move
    await update(cy?.id, { batch: 1 }); // from no batch
    expect((await counts(testDb)).inBatch(3)).toBe(1);
    expect((await counts(testDb)).inBatch(7)).toBe(1);
    expect((await counts(testDb)).inBatch(1)).toBe(2);
    expect((await counts(testDb)).total).toBe(5);
    await update(ada?.id, { batch: 2 }); // down a batch
    expect((await counts(testDb)).inBatch(7)).toBe(0);
    expect((await counts(testDb)).inBatch(2)).toBe(1);

    await testDb.db.delete(students).where(eq(students.batch, 3));
    expect((await counts(testDb)).batches, "a batch whose last student left is not listed").toEqual([1, 2]);
    const kept = await counts(testDb);
    expect(kept.total).toBe(await countedByScan(testDb));
    for (const batch of [1, 2, 3, 7]) expect(kept.inBatch(batch)).toBe(await countedByScan(testDb, batch));
  });

  it("start over after a truncate", async () => {
    await testDb.db.insert(students).values([student("Eve", 2), student("Fay", null)]);
    // Tables that name a student (the practice sync's judge accounts) go with it.
    await testDb.db.execute(sql`truncate students cascade`);
    expect((await counts(testDb)).total).toBe(0);
    expect((await counts(testDb)).batches).toEqual([]);
    await testDb.db.insert(students).values(student("Gus", 2));
    expect((await counts(testDb)).inBatch(2)).toBe(1);
  });
});
