import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { judgeRatingChanges } from "~/db/schema";

/** A Codeforces answer (codeforces.com/apiHelp): its result, or why it failed. */
export const codeforcesAnswer = <T extends z.ZodType>(result: T) =>
  z.union([
    z.object({ status: z.literal("OK"), result }),
    z.object({ status: z.literal("FAILED"), comment: z.string() }),
  ]);
/** Codeforces' RatingChange object, the fields read. */
export const cfRatingChange = z.object({
  contestId: z.number().int(),
  contestName: z.string(),
  handle: z.string(),
  rank: z.number().int(),
  ratingUpdateTimeSeconds: z.number().int(),
  oldRating: z.number().int(),
  newRating: z.number().int(),
});
/** Rating changes stored, or brought up to date, a few hundred a statement. */
export async function storeRatingChanges(db: Database, rows: (typeof judgeRatingChanges.$inferInsert)[]) {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insert(judgeRatingChanges)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: [judgeRatingChanges.studentId, judgeRatingChanges.judge, judgeRatingChanges.contestId],
        set: {
          contestName: sql`excluded.contest_name`,
          rank: sql`excluded.rank`,
          oldRating: sql`excluded.old_rating`,
          newRating: sql`excluded.new_rating`,
          at: sql`excluded.at`,
        },
      });
  }
}
