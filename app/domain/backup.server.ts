/**
 * Makes a backup archive (backup-format.server.ts) of a running site or of a stopped one's data:
 * the database's part first, read in one consistent snapshot, then the stored media files.
 * Nothing is held whole in memory: rows go out in parts of about a megabyte, files as streams.
 */
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { and, desc, eq, sql } from "drizzle-orm";
import { type Database, MIGRATIONS_DIR, selectRows } from "~/db/client.server";
import { auditLog, media } from "~/db/schema";
import type { MediaStorage } from "~/lib/storage/index.server";
import { TAR_END, tarEntry, tarHeader, tarPadding } from "~/lib/tar.server";
import { columnsOf, keptTables, readSequences } from "./backup-catalog.server";
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
  chunks: AsyncGenerator<Buffer>;
  /** Filled in as the chunks are read: complete once they are. */
  summary: BackupEnd & { missingMedia: string[] };
}

/**
 * Reads the database into a temporary file (so a slow download never holds a transaction, and
 * with it the embedded database, open), then answers the archive as a stream of chunks.
 */
export async function makeBackup(source: BackupSource): Promise<Backup> {
  await fsp.mkdir(source.tempDir, { recursive: true });
  // Named as an upload's temporary file: if this process dies, the media collector's sweep removes it.
  const tempFile = path.join(source.tempDir, `upload-backup-${crypto.randomBytes(8).toString("hex")}.tar`);
  try {
    const { tables, mediaKeys } = await dumpDatabase(source, tempFile);
    const summary = { tables, media: { files: 0, bytes: 0 }, missingMedia: [] as string[] };
    return { chunks: archiveChunks(source.storage, tempFile, mediaKeys, summary), summary };
  } catch (error) {
    await fsp.rm(tempFile, { force: true });
    throw error;
  }
}

async function* archiveChunks(
  storage: MediaStorage,
  tempFile: string,
  mediaKeys: string[],
  summary: Backup["summary"],
): AsyncGenerator<Buffer> {
  try {
    const handle = await fsp.open(tempFile, "r");
    try {
      yield* handle.createReadStream({ autoClose: false });
    } finally {
      await handle.close();
    }
    for (const key of mediaKeys) yield* mediaEntry(storage, key, summary);
    const end: BackupEnd = { tables: summary.tables, media: summary.media };
    yield* tarEntry(ENTRY.end, Buffer.from(JSON.stringify(end)), new Date());
    yield TAR_END;
  } finally {
    await fsp.rm(tempFile, { force: true });
  }
}

/** One stored file as an entry; a file the media table names but the storage lacks is left out (and told). */
async function* mediaEntry(storage: MediaStorage, key: string, summary: Backup["summary"]): AsyncGenerator<Buffer> {
  const file = await storage.get(key);
  if (!file) {
    summary.missingMedia.push(key);
    return;
  }
  yield tarHeader(`${ENTRY.mediaPrefix}${key}`, file.size, new Date());
  let sent = 0;
  for await (const chunk of file.body) {
    sent += (chunk as Buffer).length;
    if (sent > file.size) throw new Error(`The stored file ${key} is larger than the storage said`);
    yield chunk as Buffer;
  }
  if (sent !== file.size) throw new Error(`The stored file ${key} ended early (${sent} of ${file.size} bytes)`);
  yield tarPadding(file.size);
  summary.media.files++;
  summary.media.bytes += file.size;
}

/**
 * The manifest, every kept table's rows and the sequences into `file`, in one read-only
 * transaction that sees a single moment of the database; answers the rows written per table
 * and the media files those rows name.
 */
async function dumpDatabase(source: BackupSource, file: string) {
  const handle = await fsp.open(file, "w");
  const write = async (chunks: Buffer[]) => {
    for (const chunk of chunks) await handle.write(chunk);
  };
  try {
    const now = new Date();
    const manifest = newManifest(currentMigrationLevel(MIGRATIONS_DIR), source.secret);
    await write(tarEntry(ENTRY.manifest, Buffer.from(JSON.stringify(manifest, null, 2)), now));
    return await source.db.transaction(
      async (tx) => {
        // Times are written in UTC whatever the server's zone: the same data makes the same archive.
        await tx.execute(sql`set local time zone 'UTC'`);
        const tables: Record<string, number> = {};
        for (const table of await keptTables(tx)) tables[table] = await dumpTable(tx, table, write);
        await write(tarEntry(ENTRY.sequences, Buffer.from(JSON.stringify(await readSequences(tx))), now));
        return { tables, mediaKeys: await storedMediaKeys(tx) };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
  } finally {
    await handle.close();
  }
}

/** A table's rows as the database writes them in JSON, so they go back in unchanged; how many. */
async function dumpTable(tx: Database, table: string, write: (chunks: Buffer[]) => Promise<void>): Promise<number> {
  await tx.execute(sql`declare backup_rows no scroll cursor for select ${await rowAsJson(tx, table)} as row
                         from ${sql.identifier(table)} t`);
  let count = 0;
  let part = 0;
  let lines: string[] = [];
  let bytes = 0;
  const flush = async () => {
    part++;
    await write(tarEntry(tablePartName(table, part), await gzip(`${lines.join("\n")}\n`), new Date()));
    lines = [];
    bytes = 0;
  };
  for (;;) {
    const rows = await selectRows<{ row: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from backup_rows`));
    for (const { row } of rows) {
      lines.push(row);
      bytes += row.length;
    }
    count += rows.length;
    if (lines.length > 0 && (bytes >= PART_BYTES || rows.length < FETCH_ROWS)) await flush();
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
