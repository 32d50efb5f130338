import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGlite as PGlite17 } from "pglite-postgres17";
import { pg_trgm } from "pglite-postgres17/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, openDatabase, selectRows } from "~/db/client.server";
import { postgres17BackupDir } from "~/db/pglite-upgrade.server";
import { appMeta, students } from "~/db/schema";
import { countStudentsByBatch } from "~/features/members/students.server";

const student = (name: string, batch: number | null) => ({
  name,
  batch,
  email: `${name.toLowerCase()}@example.org`,
  photoURL: "/media/photo.svg",
});

/** A data directory as PGlite 0.3 (PostgreSQL 17) left it: migrated, with content and a used sequence. */
async function writePostgres17DataDir(pgdata: string) {
  const old = await PGlite17.create(pgdata, { extensions: { pg_trgm } });
  const db = drizzle(old as unknown as PGlite);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await db.insert(students).values([student("Ada", 3), student("Bo", 3), student("Cy", null)]);
  await db.insert(appMeta).values({ key: "kept", value: "from PostgreSQL 17" });
  const { rows } = await old.query<{ version: string }>("select last_value::text as version from content_version");
  await old.close();
  return { contentVersion: BigInt(rows[0]?.version ?? "0") };
}

describe("a data directory from PGlite 0.3 (PostgreSQL 17)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-pg17-"));
  const pgdata = path.join(dataDir, "pgdata");
  let before: { contentVersion: bigint };
  let handle: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    before = await writePostgres17DataDir(pgdata);
    handle = await openDatabase({ dataDir });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens on PostgreSQL 18 with every row, count and sequence it had, and keeps the original", async () => {
    const [version] = await selectRows<{ version: string }>(handle.db, sql`select version()`);
    expect(version?.version).toMatch(/^PostgreSQL 18/);
    expect(fs.readFileSync(path.join(pgdata, "PG_VERSION"), "utf8").trim()).toBe("18");
    expect(handle.postgres17Backup).toBe(postgres17BackupDir(pgdata));
    expect(fs.readFileSync(path.join(postgres17BackupDir(pgdata), "PG_VERSION"), "utf8").trim()).toBe("17");

    const names = (await handle.db.select({ name: students.name }).from(students)).map((row) => row.name);
    expect(names.sort()).toEqual(["Ada", "Bo", "Cy"]);
    const [kept] = await handle.db.select().from(appMeta).where(eq(appMeta.key, "kept"));
    expect(kept?.value).toBe("from PostgreSQL 17");
    const counts = await countStudentsByBatch(handle.db);
    expect(counts.total).toBe(3);
    expect(counts.inBatch(3)).toBe(2);

    const [next] = await selectRows<{ version: string }>(
      handle.db,
      sql`select nextval('content_version')::text as version`,
    );
    expect(BigInt(next?.version ?? "0")).toBeGreaterThan(before.contentVersion);
  });

  it("keeps its triggers working after the copy", async () => {
    await handle.db.insert(students).values(student("Di", 3));
    expect((await countStudentsByBatch(handle.db)).inBatch(3)).toBe(3);
  });
});
