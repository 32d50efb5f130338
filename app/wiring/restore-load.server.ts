/**
 * The entries of a backup after its manifest, loaded in one transaction of an empty database
 * (restore.server.ts decides when and where).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appMeta, DEMO_SEED_KEY, mails } from "~/db/schema";
import { contentTypeOfKey } from "~/lib/media";
import type { MediaStorage } from "~/lib/storage/index.server";
import type { TarEntry } from "~/lib/tar.server";
import { columnsOf, keptTables, restoreSequences, type TableColumns } from "./backup-catalog.server";
import {
  type BackupEnd,
  BackupRefusedError,
  ENTRY,
  endSchema,
  sequencesSchema,
  tableOfPart,
} from "./backup-format.server";

const gunzip = promisify(zlib.gunzip);

/** Bounds on one part of rows, far above what a backup writes (about a megabyte of JSON). */
const MAX_PART_BYTES = 256 * 1024 * 1024;
const MAX_PART_JSON_BYTES = 1024 * 1024 * 1024;
const MAX_JSON_ENTRY_BYTES = 16 * 1024 * 1024;

export interface RestoredCounts {
  tables: Record<string, number>;
  media: { files: number; bytes: number };
}

interface LoadContext {
  storage: MediaStorage;
  /** Files on their way to the storage wait here. */
  tempDir: string;
}

const damaged = (why: string) => new BackupRefusedError(`The backup file is damaged or incomplete: ${why}.`);

export async function loadArchive(
  tx: Database,
  entries: AsyncGenerator<TarEntry>,
  context: LoadContext,
): Promise<RestoredCounts> {
  const tables = await keptTables(tx);
  await setUserTriggers(tx, tables, "disable");
  const loader = new ArchiveLoader(tx, tables, context);
  let end: BackupEnd | undefined;
  for await (const entry of entries) {
    if (end) throw damaged(`${entry.name} follows the end`);
    if (entry.name === ENTRY.end) end = readEnd(await readJson(entry));
    else await loader.load(entry);
  }
  if (!end) throw damaged("it stops before its end entry");
  loader.verify(end);
  await afterRestore(tx, tables);
  await setUserTriggers(tx, tables, "enable");
  // The end's list names every table the backup kept, those without rows too.
  return { tables: end.tables, media: loader.counts.media };
}

/**
 * The tables' own triggers (content version, counts, slugs, publications) stay quiet while
 * the rows go in: the rows already hold what they would write. Foreign keys are still checked.
 * Transactional, like the rows: a failed restore leaves them as they were.
 */
async function setUserTriggers(tx: Database, tables: string[], action: "disable" | "enable") {
  for (const table of tables) {
    await tx.execute(sql`alter table ${sql.identifier(table)} ${sql.raw(action)} trigger user`);
  }
}

/** The site as a restored one starts: not seeded again, and no mail waiting on a job the backup did not keep. */
async function afterRestore(tx: Database, tables: string[]) {
  await tx
    .insert(appMeta)
    .values({ key: DEMO_SEED_KEY, value: "skipped: restored from a backup" })
    .onConflictDoNothing({ target: appMeta.key });
  // The queue's jobs are not in a backup: mail still waiting for its job goes to the outbox, where admins see it.
  if (tables.includes("mails")) await tx.update(mails).set({ status: "outbox" }).where(eq(mails.status, "queued"));
}

class ArchiveLoader {
  readonly counts: RestoredCounts = { tables: {}, media: { files: 0, bytes: 0 } };
  private readonly columns = new Map<string, TableColumns>();

  constructor(
    private readonly tx: Database,
    private readonly tables: string[],
    private readonly context: LoadContext,
  ) {}

  async load(entry: TarEntry) {
    const table = tableOfPart(entry.name);
    if (table) return this.insertRows(table, entry);
    if (entry.name === ENTRY.sequences) {
      const sequences = sequencesSchema.safeParse(await readJson(entry));
      if (!sequences.success) throw damaged("its sequences are not readable");
      return restoreSequences(this.tx, sequences.data);
    }
    if (entry.name.startsWith(ENTRY.mediaPrefix)) return this.storeFile(entry);
    throw damaged(`it holds an unexpected entry ${JSON.stringify(entry.name)}`);
  }

  verify(end: BackupEnd) {
    const unlisted = Object.keys(this.counts.tables).find((table) => !(table in end.tables));
    if (unlisted) throw damaged(`its end does not list ${unlisted}`);
    for (const [table, rows] of Object.entries(end.tables)) {
      if ((this.counts.tables[table] ?? 0) !== rows) throw damaged(`${table} should have ${rows} rows`);
    }
    if (this.counts.media.files !== end.media.files) throw damaged(`it should hold ${end.media.files} media files`);
  }

  /** One part of a table's rows, in one statement, as the database reads its own JSON back. */
  private async insertRows(table: string, entry: TarEntry) {
    if (!this.tables.includes(table)) throw damaged(`this site has no table ${table} to restore`);
    const lines = (await readPart(entry)).split("\n").filter((line) => line.length > 0);
    if (lines.length === 0) return;
    const names = columnNames(lines[0] as string);
    const columns = await this.columnsOf(table);
    const unknown = names.find((name) => !columns.all.has(name));
    if (unknown) throw damaged(`its ${table} rows have a column ${unknown} this site's database lacks`);
    const list = sql.join(
      names.filter((name) => columns.insertable.has(name)).map((name) => sql.identifier(name)),
      sql`, `,
    );
    const name = sql.identifier(table);
    await this.tx.execute(
      sql`insert into ${name} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::${name}, ${`[${lines.join(",")}]`}::json)`,
    );
    this.counts.tables[table] = (this.counts.tables[table] ?? 0) + lines.length;
  }

  private async columnsOf(table: string): Promise<TableColumns> {
    let columns = this.columns.get(table);
    if (!columns) {
      columns = await columnsOf(this.tx, table);
      this.columns.set(table, columns);
    }
    return columns;
  }

  /** Through a temporary file: the storage takes files of any size that way. */
  private async storeFile(entry: TarEntry) {
    const key = entry.name.slice(ENTRY.mediaPrefix.length);
    const contentType = contentTypeOfKey(key);
    if (!contentType) throw damaged(`it holds a media file named ${JSON.stringify(key)}`);
    await fsp.mkdir(this.context.tempDir, { recursive: true });
    const temp = path.join(this.context.tempDir, `upload-restore-${crypto.randomBytes(8).toString("hex")}`);
    try {
      await pipeline(entry.body, fs.createWriteStream(temp));
      await this.context.storage.putFile(key, temp, contentType);
    } finally {
      await fsp.rm(temp, { force: true });
    }
    this.counts.media.files++;
    this.counts.media.bytes += entry.size;
  }
}

function readEnd(json: unknown): BackupEnd {
  const end = endSchema.safeParse(json);
  if (!end.success) throw damaged("its end entry is not readable");
  return end.data;
}

function columnNames(line: string): string[] {
  try {
    return Object.keys(JSON.parse(line) as object);
  } catch {
    throw damaged("a row is not JSON");
  }
}

async function readBytes(entry: TarEntry, limit: number): Promise<Buffer> {
  if (entry.size > limit) throw damaged(`${entry.name} is larger than any backup writes`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function readPart(entry: TarEntry): Promise<string> {
  const packed = await readBytes(entry, MAX_PART_BYTES);
  try {
    return (await gunzip(packed, { maxOutputLength: MAX_PART_JSON_BYTES })).toString("utf8");
  } catch {
    throw damaged(`${entry.name} does not unpack`);
  }
}

async function readJson(entry: TarEntry): Promise<unknown> {
  const bytes = await readBytes(entry, MAX_JSON_ENTRY_BYTES);
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw damaged(`${entry.name} is not JSON`);
  }
}
