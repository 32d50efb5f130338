/**
 * PGlite's file-system bundle (`pglite.data`, 6.2 MB) is a PostgreSQL installation that it
 * unpacks into memory at every start, and keeps there: the files initdb reads, build files for
 * extensions, and libraries for features an embedded database never uses. Once a database
 * exists, PostgreSQL reads about a sixth of it.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Files PostgreSQL reads only while initdb makes a database, or for features the site never
 * uses. Everything else is kept, so a file a newer PGlite adds is kept too.
 */
const UNUSED_ONCE_INITIALISED: readonly RegExp[] = [
  // initdb's catalog, its SQL scripts and the sample configuration files it copies.
  /^\/pglite\/share\/postgresql\/(postgres\.bki|[a-z_]+\.sql|sql_features\.txt|[a-z_.]+\.sample)$/,
  // Makefiles for building extensions.
  /^\/pglite\/lib\/postgresql\/pgxs\//,
  // Conversions between server and client encodings: PGlite's server and client both speak UTF-8.
  /^\/pglite\/lib\/postgresql\/(\w+_and_\w+|euc2004_sjis2004)\.so$/,
  // Replication, which one process on its own database never does.
  /^\/pglite\/lib\/postgresql\/(libpqwalreceiver|pgoutput)\.so$/,
  // Stemming dictionaries: site search indexes words with the `simple` configuration.
  /^\/pglite\/lib\/postgresql\/dict_snowball\.so$/,
  // ICU's collation data: the databases use PostgreSQL's built-in C collation.
  /^\/pglite\/icu\//,
];

export interface BundleFile {
  name: string;
  start: number;
  end: number;
}

const pgliteDist = () => path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));

/** The bundle's table of contents, which Emscripten's file packager writes into `pglite.js`. */
export function pgliteBundleFiles(dist = pgliteDist()): BundleFile[] {
  const loader = fs.readFileSync(path.join(dist, "pglite.js"), "latin1");
  return Array.from(loader.matchAll(/filename:"([^"]+)",start:(\d+),end:(\d+)/g), ([, name, start, end]) => ({
    name: name ?? "",
    start: Number(start),
    end: Number(end),
  }));
}

export const isUsedOnceInitialised = (file: string) => !UNUSED_ONCE_INITIALISED.some((unused) => unused.test(file));

/**
 * The bundle for a PostgreSQL whose database already exists, with only the files it reads: the
 * others are there, as zeros. Its buffer comes from the operating system zeroed, and a page of
 * it takes memory only once written, so the skipped files cost none. PGlite asks its bundle for
 * `arrayBuffer()` alone; a real Blob would copy all 6.2 MB, writing every page. Answers
 * undefined (PGlite then reads the whole file) when the table of contents cannot be read.
 */
export function bundleForExistingDatabase(): Blob | undefined {
  const dist = pgliteDist();
  const files = pgliteBundleFiles(dist);
  if (files.length === 0) return undefined;
  const file = path.join(dist, "pglite.data");
  const buffer = new ArrayBuffer(fs.statSync(file).size);
  const fd = fs.openSync(file, "r");
  try {
    for (const { name, start, end } of files) {
      if (isUsedOnceInitialised(name))
        fs.readSync(fd, new Uint8Array(buffer, start, end - start), 0, end - start, start);
    }
  } finally {
    fs.closeSync(fd);
  }
  return { arrayBuffer: async () => buffer } as Blob;
}
