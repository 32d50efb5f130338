import fs from "node:fs";
import type { Logger } from "drizzle-orm";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase, openPglite } from "~/db/client.server";
import { createScratchDatabase } from "../../scripts/support/scratch-database";

export interface TestDatabase {
  db: Database;
  handle: DatabaseHandle;
  /** Connection string when the test runs on a real server (TEST_DATABASE_URL). */
  url?: string;
  close(): Promise<void>;
}

/**
 * A migrated, empty database of its own: PGlite from the snapshot by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(options: { queryLogger?: Logger } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
    const client = await openPglite("memory://", { loadDataDir: new Blob([snapshot]) });
    const handle = await openDatabase({ pglite: client, ...options });
    return { db: handle.db, handle, close: () => handle.close() };
  }
  const scratch = await createScratchDatabase(serverUrl, "club_test");
  const handle = await openDatabase({ url: scratch.url, ...options });
  return {
    db: handle.db,
    handle,
    url: scratch.url,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}
