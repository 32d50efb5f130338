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
];

/** A hash of every source file's path and bytes. */
export function sourceFingerprint(root: string): string {
  const hash = crypto.createHash("sha256");
  const add = (file: string) => {
    hash.update(path.relative(root, file)).update("\0").update(fs.readFileSync(file)).update("\0");
  };
  for (const dir of SOURCE_DIRS) for (const file of listFiles(path.join(root, dir))) add(file);
  for (const file of SOURCE_FILES) if (fs.existsSync(path.join(root, file))) add(path.join(root, file));
  return hash.digest("hex");
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
