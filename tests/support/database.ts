import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase, openPglite } from "~/db/client.server";

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
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
    const client = await openPglite("memory://", { loadDataDir: new Blob([snapshot]) });
    const handle = await openDatabase({ pglite: client });
    return { db: handle.db, handle, close: () => handle.close() };
  }
  const name = `club_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    db: handle.db,
    handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
