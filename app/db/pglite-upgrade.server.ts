import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

/** What the old PGlite (0.3, PostgreSQL 17) and the current one (0.5, PostgreSQL 18) both answer. */
type Queryable = Pick<PGlite, "query" | "exec" | "close">;

const OLD_MAJOR = "17";

/** Where an upgraded directory's original stays, untouched, until the admin removes it. */
export function postgres17BackupDir(pgdata: string): string {
  return `${pgdata}-postgres17`;
}

/**
 * PGlite 0.5 runs PostgreSQL 18, which can't open a data directory that PGlite 0.3 wrote
 * (PostgreSQL 17). On the first start after the upgrade such a directory is read with the old
 * PGlite (the `pglite-postgres17` package), brought up to the current migrations, and copied
 * table by table into a new directory built by the current PGlite; the original is kept
 * beside it. The new directory takes the old one's place with one rename, so a start that
 * dies half-way leaves the original as it was and the next start does it again.
 */
export async function upgradePostgres17DataDir(
  pgdata: string,
  openCurrent: (dir: string) => Promise<PGlite>,
  migrationsFolder: string,
): Promise<boolean> {
  if (readMajorVersion(pgdata) !== OLD_MAJOR) return false;
  const staging = `${pgdata}-upgrading`;
  fs.rmSync(staging, { recursive: true, force: true });

  const { PGlite: PGlite17 } = await import("pglite-postgres17");
  // The current migrations run on the old PGlite too: it needs the extensions they create.
  const { pg_trgm } = await import("pglite-postgres17/contrib/pg_trgm");
  const source = await PGlite17.create(pgdata, { extensions: { pg_trgm } });
  try {
    // The old PGlite speaks the same query API as the current one, which is all drizzle uses.
    await migrate(drizzle(source as unknown as PGlite), { migrationsFolder });
    const target = await openCurrent(staging);
    try {
      await migrate(drizzle(target), { migrationsFolder });
      await copyAllRows(source, target);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  fs.renameSync(pgdata, postgres17BackupDir(pgdata));
  fs.renameSync(staging, pgdata);
  return true;
}

function readMajorVersion(pgdata: string): string | undefined {
  try {
    return fs.readFileSync(path.join(pgdata, "PG_VERSION"), "utf8").trim();
  } catch {
    return undefined;
  }
}

/**
 * Both databases have the same tables (the same migrations ran on both). The target's rows,
 * made by the migrations themselves, are replaced by the source's; triggers and foreign keys
 * stay quiet while the rows arrive (`session_replication_role = replica`), and every sequence
 * continues where the source's stopped.
 */
async function copyAllRows(source: Queryable, target: Queryable) {
  const { rows: tables } = await source.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname in ('public', 'drizzle') order by 1`,
  );
  await target.exec("begin; set local session_replication_role = replica;");
  try {
    if (tables.length > 0) await target.exec(`truncate ${tables.map((table) => table.name).join(", ")}`);
    for (const { name } of tables) {
      const { blob } = await source.query(`copy ${name} to '/dev/blob'`);
      if (blob && blob.size > 0) await target.query(`copy ${name} from '/dev/blob'`, [], { blob });
    }
    const { rows: sequences } = await source.query<{ name: string; last_value: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences
       where schemaname in ('public', 'drizzle')`,
    );
    for (const sequence of sequences) {
      if (sequence.last_value === null) continue;
      await target.query(`select setval($1::regclass, $2::bigint, true)`, [sequence.name, sequence.last_value]);
    }
    await target.exec("commit");
  } catch (error) {
    await target.exec("rollback");
    throw error;
  }
}
