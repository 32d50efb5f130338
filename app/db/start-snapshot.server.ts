/**
 * What a first start needs, made once by the build into `<release>/start-snapshot`
 * (scripts/make-start-snapshot.ts): an embedded database directory with every migration
 * applied, and the demo content (seed/demo-snapshot.server.ts). Copying the directory takes
 * milliseconds where PostgreSQL's initdb takes seconds.
 */
import fs from "node:fs";
import path from "node:path";

/** The snapshot's migrated, empty database directory. */
export const basePgdataOf = (snapshot: string) => path.join(snapshot, "pgdata");

/** Written by a running PGlite; a copied directory must not claim to be running. */
export const PGLITE_PID_FILE = "postmaster.pid";

/** Gives a new embedded database the snapshot's migrated directory; false when there is none to copy. */
export function copyBaseDatabase(snapshot: string | undefined, pgdata: string): boolean {
  const base = snapshot && basePgdataOf(snapshot);
  if (!base || !fs.existsSync(base) || fs.existsSync(pgdata)) return false;
  const partial = `${pgdata}.copying`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(base, partial, { recursive: true, filter: (source) => path.basename(source) !== PGLITE_PID_FILE });
  fs.renameSync(partial, pgdata);
  return true;
}
