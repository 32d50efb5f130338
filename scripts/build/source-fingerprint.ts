import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What a build is made from: a change to any of these makes `--if-changed` build again. */
const SOURCE_DIRS = ["app", "server", "public", "drizzle"];
const SOURCE_FILES = [
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
  "scripts/build/release-build.ts",
  "scripts/build/server-bundle.ts",
  "scripts/make-admin.ts",
  "scripts/make-start-snapshot.ts",
  "scripts/backup.ts",
  "scripts/restore.ts",
  "scripts/support/run-cli.ts",
];

/** A hash of every source file's path and bytes. */
export function sourceFingerprint(root: string): string {
  return fingerprintOf(root, [...SOURCE_DIRS.flatMap((dir) => listFiles(root, dir)), ...SOURCE_FILES]);
}

/** A hash of these files' paths (relative to root) and bytes; missing files count as absent. */
export function fingerprintOf(root: string, files: string[]): string {
  const hash = crypto.createHash("sha256");
  for (const file of [...new Set(files)].sort()) {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) continue;
    hash.update(file).update("\0").update(fs.readFileSync(full)).update("\0");
  }
  return hash.digest("hex");
}

/** Every file under `dir` (or `dir` itself when it is a file), relative to root. */
export function listFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [dir];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
