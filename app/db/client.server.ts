import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type QueryOptions, type Transaction, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Logger, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { fromPglite } from "pg-boss/dist/adapters/pglite.js";
import { ConfigError } from "~/lib/config.server";
import type { JobQueueConnection } from "~/lib/job-queue.server";
import * as authSchema from "./auth-schema";
import { acquireDirectoryLock } from "./lock.server";
import { bundleForExistingDatabase } from "./pglite-bundle.server";
import { postgres17BackupDir, upgradePostgres17DataDir } from "./pglite-upgrade.server";
import * as appSchema from "./schema";
import { copyBaseDatabase } from "./start-snapshot.server";

/** The app's tables and better-auth's, with their relations: better-auth reads a session and its user in one query. */
const schema = { ...appSchema, ...authSchema };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Set when this start moved an embedded PostgreSQL 17 directory to 18: where the original stays. */
  postgres17Backup?: string;
  /** How the job queue reaches this database: the embedded one's own connection, or a server's address. */
  jobQueueConnection: JobQueueConnection;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The embedded database's WebAssembly memory, in bytes (it grows and is never given back); 0 on a server. */
  memoryBytes(): number;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = findMigrationsDir();

/** The rows of a raw SQL query, whichever driver runs it (both answer `{ rows }`). */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The file that keeps a second process off an embedded database's data directory. */
export function pgliteLockPath(dataDir: string): string {
  return path.join(dataDir, "pglite.lock");
}

/**
 * The migrations are copied into each build (`<release>/drizzle`, beside the bundles in
 * `<release>/server`); run from source they are the repository's `drizzle/`.
 */
function findMigrationsDir(): string {
  for (const relative of ["../drizzle", "../../drizzle"]) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (fs.existsSync(path.join(dir, "meta/_journal.json"))) return dir;
  }
  throw new Error(`No drizzle migrations found near ${fileURLToPath(import.meta.url)}`);
}

/** An arbitrary constant: serialises migrations when several app processes start on one server. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * An embedded database in `dataDir`; a new one starts as a copy of the build's snapshot, when given.
 * `migrationsFolder` (default: all of them) lets a restore bring a database to an older backup's level first.
 */
export type OpenDatabaseOptions = ({ url: string } | { dataDir: string; snapshot?: string } | { pglite: PGlite }) & {
  migrationsFolder?: string;
  /** Told every query the app makes (tests count them). */
  queryLogger?: Logger;
};

/**
 * PostgreSQL sizes its shared memory for a server of many connections (128 MB of buffers,
 * zeroed at start, so all of it is resident, and WebAssembly memory is never given back). The
 * embedded database has one connection and a club's data, the pages are answered from the
 * content cache, and the operating system caches the database's files anyway: a page missing
 * from PostgreSQL's buffers is a read from memory, not from the disk. 1 MB of buffers held
 * 7 MB less than 8 MB.
 */
const EMBEDDED_SETTINGS = ["shared_buffers=1MB", "max_connections=5"];

/**
 * The extensions the migrations create: PGlite builds them in but loads only those named here
 * (site search's trigram indexes need pg_trgm).
 */
export const EMBEDDED_EXTENSIONS = { pg_trgm };

/**
 * An embedded database in this directory (made when missing), with the settings above. Only
 * initdb, making a new one, needs PGlite's whole file-system bundle.
 */
export function openPglite(dir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const inMemory = dir.startsWith("memory://");
  if (!inMemory) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const startParams = [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ["-c", setting])];
  const exists = options.loadDataDir !== undefined || (!inMemory && fs.existsSync(path.join(dir, "PG_VERSION")));
  const fsBundle = exists ? bundleForExistingDatabase() : undefined;
  return PGlite.create(dir, {
    ...options,
    startParams,
    extensions: EMBEDDED_EXTENSIONS,
    ...(fsBundle && { fsBundle }),
  });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_DIR;
  const { queryLogger } = options;
  if ("url" in options) return openPostgres(options.url, migrationsFolder, queryLogger);
  if ("pglite" in options) return wrapPglite(options.pglite, async () => {}, migrationsFolder, queryLogger);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const release = acquireDirectoryLock(pgliteLockPath(options.dataDir));
  try {
    const pgdata = path.join(options.dataDir, "pgdata");
    copyBaseDatabase(options.snapshot, pgdata);
    const upgraded = await upgradePostgres17DataDir(pgdata, openPglite, MIGRATIONS_DIR);
    const handle = await wrapPglite(await openPglite(pgdata), release, migrationsFolder, queryLogger);
    return upgraded ? { ...handle, postgres17Backup: postgres17BackupDir(pgdata) } : handle;
  } catch (error) {
    release();
    throw error;
  }
}

async function wrapPglite(
  client: PGlite,
  release: () => void | Promise<void>,
  migrationsFolder: string,
  logger?: Logger,
): Promise<DatabaseHandle> {
  const libraryParsers = takeDrizzleParsers(client);
  const db = drizzlePglite({ client: withoutPerQueryParsers(client), schema, logger });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    jobQueueConnection: { db: fromPglite(withPerQueryParsers(client, libraryParsers)) },
    ping: async () => {
      await client.query("select 1");
    },
    memoryBytes: () => (client.closed ? 0 : client.Module.HEAPU8.buffer.byteLength),
    close: async () => {
      if (!client.closed) await client.close();
      await release();
    },
  };
}

/**
 * drizzle hands PGlite the same few parsers with every query (dates, times and intervals kept as
 * text, for drizzle to read itself), and PGlite answers such a query by copying its whole table of
 * parsers (one per type, over 300) into a new object: 80 µs a query, a tenth of a registration's
 * time. So the instance's own table takes drizzle's parsers once, drizzle's queries go without,
 * and the job queue's, which want PGlite's own parsers for those types, carry them instead.
 * Answers the parsers the instance had for those types.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type Parsers = PGlite["parsers"];

function takeDrizzleParsers(client: PGlite): Parsers {
  const library: Parsers = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    const parser = client.parsers[type];
    if (parser) library[type] = parser;
    client.parsers[type] = (value: string) => value;
  }
  return library;
}

/** The client (or a transaction of it) with the per-query parsers of every query left out. */
function withoutPerQueryParsers<Client extends PGlite | Transaction>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, options && { ...options, parsers: undefined });
      }
      if (property === "transaction" && target instanceof PGlite) {
        return (callback: (tx: Transaction) => Promise<unknown>) =>
          target.transaction((tx) => callback(withoutPerQueryParsers(tx)));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The client as the job queue sees it: with PGlite's own parsers for the types drizzle took. */
function withPerQueryParsers(client: PGlite, parsers: Parsers): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(text, params, { ...options, parsers: { ...parsers, ...options?.parsers } });
      }
      if (property === "exec") {
        return (text: string, options?: QueryOptions) =>
          target.exec(text, { ...options, parsers: { ...parsers, ...options?.parsers } });
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Where a connection string points, without its password. */
function describeServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `database "${parsed.pathname.slice(1) || parsed.username}" on ${parsed.hostname}:${parsed.port || 5432}`;
  } catch {
    return "the server";
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function openPostgres(url: string, migrationsFolder: string, logger?: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Both how long a new connection may take and how long a query waits for a free one of
    // the ten: in a rush (200 registrations at once on two busy cores) a wait of 2 s failed
    // requests that would have been answered a second later. A server that is down refuses at
    // once and is answered 503 without waiting (tests/robustness/database-outage.test.ts).
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server emits 'error'; without a listener Node would crash.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema, logger });
  const client = await pool.connect().catch((error: unknown) => {
    throw new ConfigError(`DATABASE_URL: cannot connect to ${describeServer(url)}: ${errorMessage(error)}`);
  });
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  return {
    db: db as unknown as Database,
    kind: "postgres",
    jobQueueConnection: { connectionString: url },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    memoryBytes: () => 0,
    close: () => pool.end(),
  };
}
