/**
 * Makes a backup archive (backup-format.server.ts) of a running site or of a stopped one's data:
 * the database's part first, read in one consistent snapshot, then the stored media files.
 * Nothing is held whole in memory: rows go out in parts of about a megabyte, files as streams.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { and, desc, eq, sql } from "drizzle-orm";
import { type Database, MIGRATIONS_DIR, selectRows } from "~/db/client.server";
import { auditLog, media } from "~/db/schema";
import type { MediaStorage } from "~/lib/storage/index.server";
import { bytesEntry, type NewTarEntry, readTar, writeTar } from "~/lib/tar.server";
import { columnsOf, keptTables, primaryKeyOf, readSequences } from "./backup-catalog.server";
import {
  type BackupEnd,
  COLUMNS_NOT_KEPT,
  currentMigrationLevel,
  ENTRY,
  newManifest,
  tablePartName,
} from "./backup-format.server";

const gzip = promisify(zlib.gzip);

/** Rows fetched from the database at once, and the JSON text a part holds before it is written. */
const FETCH_ROWS = 500;
const PART_BYTES = 1024 * 1024;

export interface BackupSource {
  db: Database;
  storage: MediaStorage;
  /** The site's secret: only a keyed hash of it goes into the archive. */
  secret: string;
  /** Where the database's part waits while the archive is sent: a directory on the data disk. */
  tempDir: string;
}

export interface Backup {
  /** The archive's bytes; the temporary file is removed once they are read (or given up). */
  stream: Readable;
  /** Filled in as the archive is read: complete once it is. */
  summary: BackupEnd & { missingMedia: string[] };
}

/**
 * Reads the database into a temporary file (so a slow download never holds a transaction, and
 * with it the embedded database, open), then answers the archive as a stream.
 */
export async function makeBackup(source: BackupSource): Promise<Backup> {
  await fsp.mkdir(source.tempDir, { recursive: true });
  // Named as an upload's temporary file: if this process dies, the media collector's sweep removes it.
  const tempFile = path.join(source.tempDir, `upload-backup-${crypto.randomBytes(8).toString("hex")}.tar`);
  try {
    const { tables, mediaKeys } = await dumpDatabase(source, tempFile);
    const summary = { tables, media: { files: 0, bytes: 0 }, missingMedia: [] as string[] };
    return { stream: writeTar(archiveEntries(source.storage, tempFile, mediaKeys, summary)), summary };
  } catch (error) {
    await fsp.rm(tempFile, { force: true });
    throw error;
  }
}

/** The database's entries, copied from the temporary tar, then the media files and the end. */
async function* archiveEntries(
  storage: MediaStorage,
  tempFile: string,
  mediaKeys: string[],
  summary: Backup["summary"],
): AsyncGenerator<NewTarEntry> {
  try {
    yield* readTar(fs.createReadStream(tempFile));
    for (const key of mediaKeys) yield* mediaEntry(storage, key, summary);
    const end: BackupEnd = { tables: summary.tables, media: summary.media };
    yield bytesEntry(ENTRY.end, JSON.stringify(end));
  } finally {
    await fsp.rm(tempFile, { force: true });
  }
}

/** One stored file as an entry; a file the media table names but the storage lacks is left out (and told). */
async function* mediaEntry(
  storage: MediaStorage,
  key: string,
  summary: Backup["summary"],
): AsyncGenerator<NewTarEntry> {
  const file = await storage.get(key);
  if (!file) {
    summary.missingMedia.push(key);
    return;
  }
  yield { name: `${ENTRY.mediaPrefix}${key}`, size: file.size, body: file.body };
  // Counted once written: the archive asks for the next entry only after this one's bytes.
  summary.media.files++;
  summary.media.bytes += file.size;
}

/**
 * The manifest, every kept table's rows and the sequences into the tar `file`, in one read-only
 * transaction that sees a single moment of the database; answers the rows written per table
 * and the media files those rows name.
 */
async function dumpDatabase(source: BackupSource, file: string) {
  return source.db.transaction(
    async (tx) => {
      // Times are written in UTC whatever the server's zone: the same data makes the same archive.
      await tx.execute(sql`set local time zone 'UTC'`);
      const dump = { tables: {} as Record<string, number>, mediaKeys: [] as string[] };
      await pipeline(writeTar(databaseEntries(tx, source.secret, dump)), fs.createWriteStream(file));
      return dump;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function* databaseEntries(
  tx: Database,
  secret: string,
  dump: { tables: Record<string, number>; mediaKeys: string[] },
): AsyncGenerator<NewTarEntry> {
  const manifest = newManifest(currentMigrationLevel(MIGRATIONS_DIR), secret);
  yield bytesEntry(ENTRY.manifest, JSON.stringify(manifest, null, 2));
  for (const table of await keptTables(tx)) dump.tables[table] = yield* tableEntries(tx, table);
  yield bytesEntry(ENTRY.sequences, JSON.stringify(await readSequences(tx)));
  dump.mediaKeys = await storedMediaKeys(tx);
}

/**
 * A table's rows as the database writes them in JSON, so they go back in unchanged, in their
 * primary key's order: a restore may store rows in another order than it inserted them (a
 * large row leaves room a later small one fills), and the same data must make the same archive.
 * Answers how many.
 */
async function* tableEntries(tx: Database, table: string): AsyncGenerator<NewTarEntry, number> {
  const key = await primaryKeyOf(tx, table);
  const order =
    key.length > 0
      ? sql` order by ${sql.join(
          key.map((column) => sql`t.${sql.identifier(column)}`),
          sql`, `,
        )}`
      : sql``;
  await tx.execute(sql`declare backup_rows no scroll cursor for select ${await rowAsJson(tx, table)} as row
                         from ${sql.identifier(table)} t${order}`);
  let count = 0;
  let part = 0;
  let lines: string[] = [];
  let bytes = 0;
  for (;;) {
    const rows = await selectRows<{ row: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
    for (const { row } of rows) {
      lines.push(row);
      bytes += row.length;
    }
    count += rows.length;
    if (lines.length > 0 && (bytes >= PART_BYTES || rows.length < FETCH_ROWS)) {
      part++;
      yield bytesEntry(tablePartName(table, part), await gzip(`${lines.join("\n")}\n`));
      lines = [];
      bytes = 0;
    }
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close backup_rows`);
  return count;
}

/** `row_to_json`, with the columns a backup keeps empty set to null. */
async function rowAsJson(tx: Database, table: string) {
  const { all } = await columnsOf(tx, table);
  const emptied = (COLUMNS_NOT_KEPT[table] ?? []).filter((column) => all.has(column));
  if (emptied.length === 0) return sql`row_to_json(t)::text`;
  const nulls = JSON.stringify(Object.fromEntries(emptied.map((column) => [column, null])));
  return sql`(to_jsonb(t) || ${nulls}::jsonb)::text`;
}

/** Every stored file: each upload and its resized copies. */
async function storedMediaKeys(tx: Database): Promise<string[]> {
  const rows = await tx.select({ key: media.key, variants: media.variantKeys }).from(media);
  return [...new Set(rows.flatMap((row) => [row.key, ...row.variants]))].sort();
}

/** `club-backup-2026-11-24-0930.tar`, on the club's clock. */
export function backupFileName(now: Date, timeZone: string): string {
  const stamp = now.toLocaleString("sv-SE", { timeZone, hour12: false }).slice(0, 16);
  return `club-backup-${stamp.replace(" ", "-").replace(":", "")}.tar`;
}

/** The last download recorded in the audit log, for the Backup screen. */
export async function lastBackupDownload(db: Database): Promise<{ at: Date; by: string } | null> {
  const [row] = await db
    .select({ at: auditLog.at, by: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.action, "backup"), eq(auditLog.entity, "site")))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}
