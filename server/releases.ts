import fs from "node:fs";
import path from "node:path";
import { isProcessAlive } from "~/lib/process.server";

/**
 * Each build is a release directory under `.build/`; the build link (`build`) points at the
 * newest. A running server marks the release it serves (`markReleaseInUse`), and only
 * releases no live process marks are removed.
 */
const RELEASES_DIR = ".build";
const IN_USE_PREFIX = ".in-use-";

export function newReleaseDir(link: string): string {
  const parent = path.join(path.dirname(link), RELEASES_DIR);
  fs.mkdirSync(parent, { recursive: true });
  return fs.mkdtempSync(path.join(parent, `${path.basename(link)}-`));
}

/** The release the link points at, or undefined before the first build. */
export function currentRelease(link: string): string | undefined {
  try {
    return fs.realpathSync(link);
  } catch {
    return undefined;
  }
}

/** Points the link at the release in one rename, so no reader ever sees a missing build. */
export function switchRelease(link: string, release: string) {
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  // A build made before releases existed is a plain directory: it becomes a release itself.
  if (stat?.isDirectory()) fs.renameSync(link, newReleaseDir(link));
  const temporary = `${link}.${process.pid}.link`;
  fs.symlinkSync(path.relative(path.dirname(link), release), temporary);
  fs.renameSync(temporary, link);
}

/** Removes the link's older releases that no running server is using. */
export function pruneReleases(link: string) {
  const current = currentRelease(link);
  const dir = path.join(path.dirname(link), RELEASES_DIR);
  for (const name of fs.readdirSync(dir)) {
    const release = path.join(dir, name);
    if (!isReleaseOf(link, name) || release === current || isInUse(release)) continue;
    fs.rmSync(release, { recursive: true, force: true });
  }
}

/**
 * A release of this link is its name and mkdtemp's six characters: `build-mem-Ab12Cd` belongs to
 * the link `build-mem`, not to `build`, whose builds must leave it alone.
 */
function isReleaseOf(link: string, name: string): boolean {
  const prefix = `${path.basename(link)}-`;
  return name.startsWith(prefix) && /^[A-Za-z0-9]{6}$/.test(name.slice(prefix.length));
}

/** Called by the server at start; the mark goes when the process exits. */
export function markReleaseInUse(release: string) {
  const mark = path.join(release, `${IN_USE_PREFIX}${process.pid}`);
  try {
    fs.writeFileSync(mark, "");
  } catch {
    // A read-only release (a hardened service) can't be pruned by this user's builds either.
    return;
  }
  process.once("exit", () => fs.rmSync(mark, { force: true }));
}

function isInUse(release: string): boolean {
  return fs
    .readdirSync(release)
    .filter((name) => name.startsWith(IN_USE_PREFIX))
    .some((name) => isProcessAlive(Number(name.slice(IN_USE_PREFIX.length))));
}
