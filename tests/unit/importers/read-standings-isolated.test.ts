import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { readInWorker, StandingsReaderError } from "~/features/standings/importers/read-standings-isolated.server";
import { readingRefusal } from "~/features/standings/standings.server";
import { inEnglish } from "~/features/standings/standings-text.server";

/**
 * A reading thread that fails by a fault of its own (an importer's exception that isn't a
 * refusal, or the thread ending before it answers) refuses the file with the reason, not a 500.
 * Stand-in workers play the faulty importer: no real file is known to make one fail.
 */

const dir = mkdtempSync(join(tmpdir(), "standings-reader-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function workerScript(name: string, onMessage: string): { url: URL; execArgv: string[] } {
  const path = join(dir, name);
  writeFileSync(
    path,
    `import { parentPort } from "node:worker_threads";\nparentPort.once("message", (request) => { ${onMessage} });\n`,
  );
  return { url: pathToFileURL(path), execArgv: [] };
}

const request = { format: "clics" as const, bytes: new Uint8Array([123, 125]) };

async function failure(reading: Promise<unknown>): Promise<unknown> {
  try {
    await reading;
  } catch (error) {
    return error;
  }
  throw new Error("the reading succeeded");
}

describe("a reading thread that fails by a fault of its own", () => {
  it("an exception thrown in it: refused with the exception's message, its stack kept only as the cause", async () => {
    const entry = workerScript("throws.mjs", "const scoreboard = undefined; scoreboard.rows.length;");
    const error = await failure(readInWorker(request, entry));
    expect(error).toBeInstanceOf(StandingsReaderError);
    const reason = (error as StandingsReaderError).reason;
    expect(reason).toMatch(/^Cannot read properties of undefined \(reading 'rows'\)$/);
    expect((error as StandingsReaderError).cause).toBeInstanceOf(Error);
  });

  it("the thread ending before it answers: refused with its exit code", async () => {
    const entry = workerScript("exits.mjs", "process.exit(3);");
    const error = await failure(readInWorker(request, entry));
    expect(error).toBeInstanceOf(StandingsReaderError);
    expect((error as StandingsReaderError).reason).toBe("the reader stopped before answering (exit code 3)");
  });

  it("is answered 422 with the reason and no stack, and logged at warn with the error", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const entry = workerScript("throws-again.mjs", 'throw new RangeError("Invalid array length");');
      const error = await failure(readInWorker(request, entry));
      const refusal = readingRefusal(error, "clics");
      expect(refusal.ok).toBe(false);
      if (refusal.ok) return;
      expect([refusal.status, inEnglish(refusal.message), inEnglish(refusal.errors.file ?? { english: "" })]).toEqual([
        422,
        "The file could not be read: Invalid array length",
        "The file could not be read: Invalid array length",
      ]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toBeInstanceOf(RangeError);
    } finally {
      warn.mockRestore();
    }
  });
});
