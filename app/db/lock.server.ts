import fs from "node:fs";
import { isProcessAlive } from "~/lib/process.server";

export class DatabaseLockedError extends Error {}

/**
 * PGlite keeps one writer per data directory; a second process opening it would corrupt it.
 * A lock file holding our pid keeps that out, and a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      assertDirectoryUnlocked(lockPath);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the data directory: ${lockPath}`);
}

/** Throws when a live process (not this one) holds the lock: lets a command refuse before doing work. */
export function assertDirectoryUnlocked(lockPath: string) {
  let holder: number;
  try {
    holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
  } catch {
    return;
  }
  if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
    throw new DatabaseLockedError(
      `The data directory is in use by another process (pid ${holder}): ${lockPath}. ` +
        "Stop that process, or point DATA_DIR somewhere else, or set DATABASE_URL to share a PostgreSQL server.",
    );
  }
}
