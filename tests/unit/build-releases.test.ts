import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sourceFingerprint } from "../../scripts/build/source-fingerprint";
import { currentRelease, newReleaseDir, pruneReleases, switchRelease } from "../../server/releases";

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "club-releases-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function makeRelease(link: string, file: string): string {
  const release = newReleaseDir(link);
  fs.writeFileSync(path.join(release, file), file);
  return release;
}

describe("build releases", () => {
  it("swaps the link to the new release and turns a plain build directory into a release", () => {
    const link = path.join(root, "build");
    fs.mkdirSync(link);
    fs.writeFileSync(path.join(link, "old.js"), "old");
    const release = makeRelease(link, "new.js");
    switchRelease(link, release);
    expect(currentRelease(link)).toBe(fs.realpathSync(release));
    expect(fs.readFileSync(path.join(link, "new.js"), "utf8")).toBe("new.js");
    const kept = fs.readdirSync(path.join(root, ".build"));
    expect(kept).toHaveLength(2);
  });

  it("removes old releases but never one a running server marked, until that server is gone", async () => {
    const link = path.join(root, "build");
    const served = makeRelease(link, "served.js");
    switchRelease(link, served);
    const server = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    fs.writeFileSync(path.join(served, `.in-use-${server.pid}`), "");
    const unused = makeRelease(link, "unused.js");
    const newest = makeRelease(link, "newest.js");
    switchRelease(link, newest);

    pruneReleases(link);
    expect(fs.existsSync(path.join(served, "served.js"))).toBe(true);
    expect(fs.existsSync(unused)).toBe(false);
    expect(fs.existsSync(path.join(newest, "newest.js"))).toBe(true);

    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill();
    await exited;
    pruneReleases(link);
    expect(fs.existsSync(served)).toBe(false);
    expect(fs.readFileSync(path.join(link, "newest.js"), "utf8")).toBe("newest.js");
  });

  it("leaves the releases of another link whose name starts the same (BUILD_DIR=build-bench) alone", () => {
    const other = path.join(root, "build-bench");
    const otherRelease = makeRelease(other, "other.js");
    switchRelease(other, otherRelease);
    const link = path.join(root, "build");
    switchRelease(link, makeRelease(link, "old.js"));
    switchRelease(link, makeRelease(link, "new.js"));

    pruneReleases(link);
    expect(fs.existsSync(path.join(otherRelease, "other.js"))).toBe(true);
    expect(fs.readdirSync(path.join(root, ".build"))).toHaveLength(2);
  });
});

describe("source fingerprint", () => {
  it("changes when a source file changes and not otherwise", () => {
    fs.mkdirSync(path.join(root, "app"));
    fs.writeFileSync(path.join(root, "app/a.ts"), "export const a = 1;");
    const before = sourceFingerprint(root);
    expect(sourceFingerprint(root)).toBe(before);
    fs.writeFileSync(path.join(root, "app/a.ts"), "export const a = 2;");
    expect(sourceFingerprint(root)).not.toBe(before);
  });
});
