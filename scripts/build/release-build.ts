/**
 * The React Router build and the server bundle, made in a fresh release directory and swapped
 * in with one rename, so a running server never loses a file it serves. `BUILD_DIR` (default
 * `build`) names the link; the releases live in `.build/`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { currentRelease, newReleaseDir, pruneReleases, switchRelease } from "../../server/releases";
import { buildServerBundle } from "./server-bundle";
import { sourceFingerprint } from "./source-fingerprint";

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
  const started = performance.now();
  runReactRouterBuild(release);
  await buildServerBundle({ root: ROOT, outDir: path.join(release, "server") });
  fs.cpSync(path.join(ROOT, "drizzle"), path.join(release, "drizzle"), { recursive: true });
  fs.writeFileSync(path.join(release, SOURCE_HASH_FILE), fingerprint);
  switchRelease(link, release);
  pruneReleases(link);
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return "built";
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
