/**
 * Puts a backup archive (backup-format.server.ts) back into an empty site: the database is
 * migrated to the backup's level, every row goes in within one transaction with the tables'
 * own triggers off (nothing is counted, versioned or announced twice), the media files go back
 * to the storage, then the newer migrations run. A failure leaves the database empty.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, MIGRATIONS_DIR, openDatabase, selectRows } from "~/db/client.server";
import { authSecret } from "~/features/accounts/auth-settings.server";
import type { Config } from "~/lib/config.server";
import { createStorage } from "~/lib/storage/index.server";
import { readTar, type TarEntry, TarFormatError } from "~/lib/tar.server";
import { uploadTempDir } from "~/lib/upload-stream.server";
import { firstTableWithRows } from "./backup-catalog.server";
import {
  BACKUP_FORMAT,
  BackupRefusedError,
  ENTRY,
  type Manifest,
  manifestSchema,
  readJournal,
  secretCheckOf,
} from "./backup-format.server";
import { loadArchive, type RestoredCounts } from "./restore-load.server";

export interface RestoreTarget {
  config: Config;
  /** The build's start snapshot: a migrated, empty embedded database that is quicker to copy than to make. */
  snapshot?: string;
}

export interface RestoreSummary extends RestoredCounts {
  manifest: Manifest;
  /** The target's secret is not the one the backup was made with (webhooks, tickets and mailed links need it). */
  secretDiffers: boolean;
}

export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  const entries = readTar(await openArchive(file));
  const manifest = await readManifest(entries);
  const level = await migrationsAtLevel(manifest);
  let counts: RestoredCounts;
  try {
    counts = await loadIntoEmptyDatabase(target, level, entries);
  } finally {
    await level.dispose();
  }
  if (!level.current) await (await openDatabase(databaseOptions(target, MIGRATIONS_DIR))).close();
  const secretDiffers = secretCheckOf(authSecret(target.config)) !== manifest.secretCheck;
  return { ...counts, manifest, secretDiffers };
}

async function loadIntoEmptyDatabase(
  target: RestoreTarget,
  level: MigrationsFolder,
  entries: AsyncGenerator<TarEntry>,
): Promise<RestoredCounts> {
  const options = databaseOptions(target, level.folder);
  const database = await openDatabase(level.current ? { ...options, snapshot: target.snapshot } : options);
  try {
    await assertNotNewerThan(database.db, level.count);
    const table = await firstTableWithRows(database.db);
    if (table) {
      throw new BackupRefusedError(
        `The target is not empty (its ${table} table has rows): a backup is restored only into an empty ` +
          `${target.config.DATABASE_URL ? "database (DATABASE_URL)" : "data directory (DATA_DIR)"}.`,
      );
    }
    const storage = await createStorage(target.config);
    return await database.db.transaction((tx) =>
      loadArchive(tx, entries, { storage, tempDir: uploadTempDir(target.config.DATA_DIR) }),
    );
  } finally {
    await database.close();
  }
}

/** Old rows in tables a newer migration already changed would miss what it did to rows. */
async function assertNotNewerThan(db: Database, count: number) {
  const [row] = await selectRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  if ((row?.applied ?? 0) > count) {
    throw new BackupRefusedError(
      `The target database has newer migrations (${row?.applied}) than this backup (${count}): ` +
        "restore it into a new, empty database or data directory.",
    );
  }
}

function databaseOptions(target: RestoreTarget, migrationsFolder: string) {
  const { DATABASE_URL, DATA_DIR } = target.config;
  return DATABASE_URL ? { url: DATABASE_URL, migrationsFolder } : { dataDir: DATA_DIR, migrationsFolder };
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The archive's bytes, gunzipped when someone compressed it (`gzip backup.tar`). */
async function openArchive(file: string): Promise<AsyncIterable<Uint8Array>> {
  const handle = await fsp.open(file, "r").catch((error: NodeJS.ErrnoException) => {
    throw new BackupRefusedError(`Cannot read ${file}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
  });
  const head = Buffer.alloc(2);
  await handle.read(head, 0, 2, 0);
  await handle.close();
  const stream = fs.createReadStream(file);
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) return stream;
  return gunzipped(stream);
}

async function* gunzipped(stream: fs.ReadStream): AsyncGenerator<Uint8Array> {
  try {
    yield* stream.pipe(zlib.createGunzip());
  } catch (error) {
    throw new TarFormatError(`the compressed file does not unpack (${(error as Error).message})`);
  }
}

const NOT_A_BACKUP = "This file is not a backup of this site (it has no backup.json manifest first).";

/** The first entry must be the manifest, of a format this site reads. */
async function readManifest(entries: AsyncGenerator<TarEntry>): Promise<Manifest> {
  let first: Awaited<ReturnType<typeof entries.next>>;
  try {
    first = await entries.next();
  } catch (error) {
    if (error instanceof TarFormatError) throw new BackupRefusedError(NOT_A_BACKUP);
    throw error;
  }
  if (first.done || first.value.name !== ENTRY.manifest) throw new BackupRefusedError(NOT_A_BACKUP);
  const chunks: Buffer[] = [];
  for await (const chunk of first.value.body) chunks.push(chunk);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new BackupRefusedError(NOT_A_BACKUP);
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (typeof format === "number" && format > BACKUP_FORMAT) {
    throw new BackupRefusedError(
      `This backup was made by a newer version of the site (backup format ${format}); ` +
        `this site reads format ${BACKUP_FORMAT} or older. Update the site, then restore.`,
    );
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new BackupRefusedError(NOT_A_BACKUP);
  return manifest.data;
}

interface MigrationsFolder {
  folder: string;
  /** How many migrations the folder holds: the backup's level. */
  count: number;
  /** The backup is at this build's newest migration. */
  current: boolean;
  dispose(): Promise<void>;
}

/**
 * The migrations up to the backup's level: its rows fit the tables as they were then, and the
 * newer migrations (and whatever data they move) run after the rows are in.
 */
async function migrationsAtLevel(manifest: Manifest): Promise<MigrationsFolder> {
  const journal = readJournal(MIGRATIONS_DIR);
  const { count, tag } = manifest.migration;
  if (count > journal.length) {
    throw new BackupRefusedError(
      `This backup was made by a newer version of the site (database level ${count}, ${tag}); ` +
        `this site knows ${journal.length} (${journal.at(-1)?.tag}). Update the site, then restore.`,
    );
  }
  if (count === 0 || journal[count - 1]?.tag !== tag) {
    throw new BackupRefusedError(`This backup's database level (${count}, ${tag}) is not one this site knows.`);
  }
  if (count === journal.length) return { folder: MIGRATIONS_DIR, count, current: true, dispose: async () => {} };
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), "club-restore-migrations-"));
  await fsp.mkdir(path.join(folder, "meta"));
  const entries = journal.slice(0, count);
  for (const entry of entries) {
    await fsp.copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  const original = JSON.parse(await fsp.readFile(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8"));
  await fsp.writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...original, entries }));
  return { folder, count, current: false, dispose: () => fsp.rm(folder, { recursive: true, force: true }) };
}
