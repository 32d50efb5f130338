/**
 * The React Router build and the server bundle, made in a fresh release directory and swapped
 * in with one rename, so a running server never loses a file it serves. `BUILD_DIR` (default
 * `build`) names the link; the releases live in `.build/`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { currentRelease, markReleaseInUse, newReleaseDir, pruneReleases, switchRelease } from "../../server/releases";
import { buildServerBundle } from "./server-bundle";
import { fingerprintOf, listFiles, sourceFingerprint } from "./source-fingerprint";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_HASH_FILE = ".source-hash";

/** The path servers run from: a link to the newest release. */
export function buildLink(): string {
  return path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
}

export async function build({ ifChanged }: { ifChanged: boolean }): Promise<"built" | "up to date"> {
  const link = buildLink();
  const fingerprint = sourceFingerprint(ROOT);
  const current = currentRelease(link);
  if (ifChanged && current && readFile(path.join(current, SOURCE_HASH_FILE)) === fingerprint) return "up to date";

  const release = newReleaseDir(link);
  // Another build of this checkout that ends meanwhile prunes every release no live process marks.
  markReleaseInUse(release);
  const started = performance.now();
  runReactRouterBuild(release);
  const sources = await buildServerBundle({ root: ROOT, outDir: path.join(release, "server") });
  fs.cpSync(path.join(ROOT, "drizzle"), path.join(release, "drizzle"), { recursive: true });
  // The seed's images are made by the image job, a script of its own.
  addStartSnapshot(release, [...sources["make-start-snapshot"], ...sources["image-job"]]);
  fs.writeFileSync(path.join(release, SOURCE_HASH_FILE), fingerprint);
  switchRelease(link, release);
  pruneReleases(link);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return "built";
}

const SNAPSHOT_CACHE = path.join(ROOT, ".build", "start-snapshots");
const SNAPSHOTS_KEPT = 2;

/**
 * The start snapshot (app/db/start-snapshot.server.ts) in `<release>/start-snapshot`. Making
 * it draws the demo content (seconds), so it is made again only when a file it is made from
 * changed: the bundle's own inputs, the migrations and the installed packages.
 */
function addStartSnapshot(release: string, sources: string[]) {
  const key = fingerprintOf(ROOT, [...sources, ...listFiles(ROOT, "drizzle"), "package-lock.json"]).slice(0, 16);
  const cached = path.join(SNAPSHOT_CACHE, key);
  if (!fs.existsSync(cached)) {
    const partial = `${cached}.${process.pid}.partial`;
    const result = spawnSync(process.execPath, [path.join(release, "server/make-start-snapshot.js"), partial], {
      cwd: ROOT,
      encoding: "utf8",
    });
    if (result.status !== 0) {
      process.stderr.write(result.stdout + result.stderr);
      throw new Error("making the start snapshot failed");
    }
    try {
      fs.renameSync(partial, cached);
    } catch (error) {
      // Another build of this checkout made the same snapshot meanwhile: its copy is as good.
      if (!fs.existsSync(cached)) throw error;
      fs.rmSync(partial, { recursive: true, force: true });
    }
    pruneSnapshotCache(cached);
  }
  fs.cpSync(cached, path.join(release, "start-snapshot"), { recursive: true });
}

function pruneSnapshotCache(keep: string) {
  const entries = fs
    .readdirSync(SNAPSHOT_CACHE)
    .map((name) => path.join(SNAPSHOT_CACHE, name))
    .filter((entry) => entry !== keep)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const old of entries.slice(SNAPSHOTS_KEPT - 1)) fs.rmSync(old, { recursive: true, force: true });
}

/** Vite's own output (every file it wrote, bundler notices) is shown only when the build fails. */
function runReactRouterBuild(outDir: string) {
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: outDir },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error("react-router build failed");
  }
}

function readFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
