/**
 * The demo content made once, at build time, and installed on first start in a fraction of a
 * second: the rows of every demo table as JSON and the demo's media files. Drawing and
 * encoding the ~70 pictures (320 files) takes seconds that a first start should not spend.
 *
 *   <snapshot>/demo/rows.json   { "<table>": [row, …] } in the database's own JSON form
 *   <snapshot>/demo/media/      the stored files, named by their keys
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, selectRows } from "~/db/client.server";
import { contentTypeOfKey } from "~/lib/media";
import type { MediaStorage } from "~/lib/storage/index.server";

/** Every table the demo fills, in an order that satisfies their references. */
const DEMO_TABLES = ["media", "students", "teachers", "executives", "events", "notices", "results", "recent_events"];

export type DemoRows = Record<string, unknown[]>;

const rowsFile = (snapshot: string) => path.join(snapshot, "demo", "rows.json");
export const demoMediaDir = (snapshot: string) => path.join(snapshot, "demo", "media");

export function hasDemoSnapshot(snapshot: string | undefined): snapshot is string {
  return snapshot !== undefined && fs.existsSync(rowsFile(snapshot));
}

/** The demo tables' rows as the database renders them in JSON (so they go back in unchanged). */
export async function exportDemoRows(db: Database): Promise<DemoRows> {
  const rows: DemoRows = {};
  for (const table of DEMO_TABLES) {
    const [result] = await selectRows<{ rows: unknown[] }>(
      db,
      sql`select coalesce(json_agg(t), '[]'::json) as rows from ${sql.identifier(table)} t`,
    );
    rows[table] = result?.rows ?? [];
  }
  return rows;
}

export async function writeDemoSnapshot(snapshot: string, rows: DemoRows) {
  await fsp.mkdir(path.dirname(rowsFile(snapshot)), { recursive: true });
  await fsp.writeFile(rowsFile(snapshot), JSON.stringify(rows));
}

/** Stores the snapshot's media files; they are content-addressed, so storing one twice is harmless. */
export async function storeDemoMedia(snapshot: string, storage: MediaStorage) {
  const dir = demoMediaDir(snapshot);
  for (const key of await fsp.readdir(dir)) {
    const contentType = contentTypeOfKey(key);
    if (contentType) await storage.putFile(key, path.join(dir, key), contentType);
  }
}

/** Inserts the snapshot's rows; the tables' triggers keep counts and the content version as for any insert. */
export async function insertDemoRows(db: Database, snapshot: string) {
  const rows = JSON.parse(await fsp.readFile(rowsFile(snapshot), "utf8")) as DemoRows;
  for (const table of DEMO_TABLES) {
    const list = rows[table] ?? [];
    if (list.length === 0) continue;
    const name = sql.identifier(table);
    await db.execute(
      sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${JSON.stringify(list)}::json)`,
    );
  }
}
