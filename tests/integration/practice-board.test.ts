import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { judgeSolves, students } from "~/db/schema";
import { practiceBoard } from "~/features/practice/leaderboard.server";
import { PRACTICE_PERIODS, periodStart } from "~/features/practice/practice";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * The term's board reads whole months from counts triggers keep: whatever is written, moved or
 * removed, every board must say what counting the solves themselves says.
 */
describe("the practice boards", () => {
  let testDb: TestDatabase;
  const now = new Date("2026-11-15T12:00:00Z");
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.close());

  /** Each listed member's solved count and score over the period, counted from the solves. */
  async function counted(period: (typeof PRACTICE_PERIODS)[number]) {
    const since = periodStart(period, now).getTime();
    const rows = await testDb.db
      .select({
        name: students.name,
        hidden: students.hidden,
        at: judgeSolves.solvedAt,
        difficulty: judgeSolves.difficulty,
      })
      .from(judgeSolves)
      .innerJoin(students, eq(students.id, judgeSolves.studentId));
    const totals = new Map<string, { solved: number; difficulty: number }>();
    for (const row of rows) {
      const at = new Date(row.at).getTime();
      if (row.hidden || at < since || at > now.getTime()) continue;
      const total = totals.get(row.name) ?? { solved: 0, difficulty: 0 };
      total.solved++;
      total.difficulty += row.difficulty ?? 800;
      totals.set(row.name, total);
    }
    return Object.fromEntries(
      [...totals].map(([name, total]) => [name, { solved: total.solved, score: Math.floor(total.difficulty / 100) }]),
    );
  }

  async function expectBoardsAsCounted() {
    for (const period of PRACTICE_PERIODS) {
      const board = await practiceBoard(testDb.db, { period, batch: null, now });
      const shown = Object.fromEntries(
        board.lines.map((line) => [line.name, { solved: line.solved, score: line.score }]),
      );
      expect(shown, period).toEqual(await counted(period));
    }
  }

  it("say what counting the solves says, through inserts, moves and removals", async () => {
    const [ana, bo, hidden] = await testDb.db
      .insert(students)
      .values(
        ["Ana", "Bo", "Hidden"].map((name) => ({
          name,
          email: `${name.toLowerCase()}@example.org`,
          photoURL: "/favicon.svg",
          hidden: name === "Hidden",
        })),
      )
      .returning();
    const solve = (studentId: string, key: string, at: string, difficulty: number | null) => ({
      studentId,
      judge: "codeforces" as const,
      problemKey: key,
      difficulty,
      solvedAt: new Date(at),
    });
    await testDb.db.insert(judgeSolves).values([
      solve(ana!.id, "1A", "2026-06-30T23:59:59Z", 1200), // the day before the term
      solve(ana!.id, "2A", "2026-07-01T00:00:00Z", 1500), // its first second
      solve(ana!.id, "3A", "2026-09-10T08:00:00Z", null),
      solve(ana!.id, "4A", "2026-11-02T08:00:00Z", 2100), // this month
      solve(ana!.id, "5A", "2026-11-11T08:00:00Z", 900), // this week
      solve(ana!.id, "6A", "2026-11-16T08:00:00Z", 900), // after now
      solve(bo!.id, "1B", "2026-08-01T10:00:00Z", 800),
      solve(bo!.id, "2B", "2026-08-20T10:00:00Z", 3000),
      solve(bo!.id, "3B", "2026-10-31T23:59:59Z", 1000),
      solve(hidden!.id, "1H", "2026-09-01T00:00:00Z", 3500),
    ]);
    await expectBoardsAsCounted();

    // A solve moved into another month, another's difficulty read later, one removed.
    await testDb.db
      .update(judgeSolves)
      .set({ solvedAt: new Date("2026-10-05T00:00:00Z") })
      .where(eq(judgeSolves.problemKey, "1B"));
    await testDb.db.update(judgeSolves).set({ difficulty: 1700 }).where(eq(judgeSolves.problemKey, "3A"));
    await testDb.db.delete(judgeSolves).where(eq(judgeSolves.problemKey, "2B"));
    await expectBoardsAsCounted();

    // A member removed takes their counts along (and nothing refuses the removal).
    await testDb.db.delete(students).where(eq(students.id, bo!.id));
    await expectBoardsAsCounted();
    const term = await practiceBoard(testDb.db, { period: "term", batch: null, now });
    expect(term.lines.map((line) => [line.name, line.solved])).toEqual([["Ana", 4]]);
  });
});
