import { asc, sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { judgePace } from "~/db/schema";

/** What the dashboard shows of the sync: each judge's pace row, handles by state, and the handles in trouble. */
export async function syncState(db: Database) {
  const [judges, counts, trouble] = await Promise.all([
    db.select().from(judgePace).orderBy(asc(judgePace.judge)),
    selectRows<{ judge: string; status: "pending" | "ok" | "not-found"; accounts: number }>(
      db,
      sql`select judge, status, count(*)::int as accounts from judge_accounts group by judge, status order by judge, status`,
    ),
    selectRows<{
      studentId: string;
      name: string;
      judge: string;
      handle: string;
      status: "pending" | "ok" | "not-found";
      lastError: string | null;
    }>(
      db,
      sql`select a.student_id as "studentId", s.name, a.judge, a.handle, a.status, a.last_error as "lastError"
            from judge_accounts a join students s on s.id = a.student_id
           where a.status = 'not-found' or a.last_error is not null
           order by a.judge, s.name limit 200`,
    ),
  ]);
  return { judges, counts, trouble };
}
