import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER_DIR = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "server");
const NOT_ASCII = /[^\p{ASCII}]/u;
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([\w.-]+\.js)"/g;

/** The entry's file and every chunk it imports statically: what a process holds from its start. */
function loadedAtStart(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = fs.readFileSync(path.join(SERVER_DIR, file), "latin1");
    for (const [, imported] of source.matchAll(STATIC_IMPORT)) if (imported) visit(imported);
  };
  visit(entry);
  return [...seen];
}

describe("the compiled server", () => {
  // V8 keeps every module's source text for as long as the process runs; one character outside
  // ASCII makes it keep the whole file at two bytes a character (megabytes). Bangla lives in the
  // catalogs, which the bundler writes as \u escapes; other literals must be escapes too.
  it("loads only ASCII files at start", () => {
    const files = loadedAtStart("main.js");
    expect(files.length).toBeGreaterThan(5);
    const notAscii = files.filter((name) => NOT_ASCII.test(fs.readFileSync(path.join(SERVER_DIR, name), "latin1")));
    expect(notAscii).toEqual([]);
  });
});
