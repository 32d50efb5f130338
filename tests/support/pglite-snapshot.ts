import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { MIGRATIONS_DIR, openDatabase, openPglite } from "~/db/client.server";

const CACHE_DIR = path.resolve(import.meta.dirname, "../../.test-cache");

/** The migrations and the PGlite release that wrote the snapshot: a change to either makes a new one. */
function snapshotFingerprint(): string {
  const hash = crypto.createHash("sha256");
  hash.update(
    fs.readFileSync(path.resolve(import.meta.dirname, "../../node_modules/@electric-sql/pglite/package.json")),
  );
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest("hex").slice(0, 16);
}

/**
 * A fresh PGlite costs ~6 s of initdb here, so tests load a migrated data directory
 * dumped once per migration set (and kept between runs in .test-cache/).
 */
export async function ensurePgliteSnapshot(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-${snapshotFingerprint()}.tar.gz`);
  if (fs.existsSync(file)) return file;
  const client = await openPglite("memory://");
  const handle = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir("gzip");
  await handle.close();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}
