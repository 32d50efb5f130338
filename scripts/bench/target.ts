import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "~/db/client.server";
import { type RunningServer, startServer } from "../../tests/support/server";
import { createScratchDatabase } from "../support/scratch-database";

export interface BenchTarget {
  kind: "pglite" | "postgres";
  /** Where the database is (DATA_DIR, DATABASE_URL), for a process of the bench's own to open it. */
  env: Record<string, string>;
  start(env?: Record<string, string>): Promise<RunningServer>;
  /**
   * Replaces every student with `count` generated ones, `Student <n>` with the Codeforces handle
   * `coder<n>` (the server must be stopped on PGlite).
   */
  replaceStudents(count: number): Promise<void>;
  /** Reads or writes the database directly (the server must be stopped on PGlite). */
  withDatabase<T>(use: (db: Database) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

export async function benchTarget(database: "pglite" | "postgres"): Promise<BenchTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-bench-"));
  const url = database === "postgres" ? await createDatabase() : undefined;
  // An empty DATABASE_URL is unset: the embedded database, whatever the bench's own environment says.
  const env = { DATA_DIR: dataDir, DATABASE_URL: url?.database ?? "" };
  return {
    kind: database,
    env,
    start: (extra = {}) => startServer({ ...env, ...extra }),
    async replaceStudents(count) {
      const handle = await openDatabase(url ? { url: url.database } : { dataDir });
      try {
        await handle.db.execute(sql`delete from students`);
        await handle.db.execute(sql`
          insert into students (name, batch, email, photo_url, session, codeforces)
          select 'Student ' || n, 1 + n % 12, 'student' || n || '@example.org', '/favicon.svg', '2020-2021', 'coder' || n
          from generate_series(1, ${count}) as n`);
        await handle.db.execute(sql`analyze students`);
      } finally {
        await handle.close();
      }
    },
    async withDatabase(use) {
      const handle = await openDatabase(url ? { url: url.database } : { dataDir });
      try {
        return await use(handle.db);
      } finally {
        await handle.close();
      }
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await url?.drop();
    },
  };
}

async function createDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("--database=postgres needs DATABASE_URL (a server the bench may make a database on)");
  const scratch = await createScratchDatabase(serverUrl, "club_bench");
  return { database: scratch.url, drop: scratch.drop };
}
