import { afterAll, describe, expect, it, vi } from "vitest";
import { readInJobProcess, StandingsReaderError } from "~/features/standings/importers/read-standings-isolated.server";
import { StandingsLimitError } from "~/features/standings/importers/standings-limits";
import { readingRefusal } from "~/features/standings/standings.server";
import { inEnglish } from "~/features/standings/standings-text.server";
import { standInJobScripts } from "../../support/job-scripts";

/**
 * A reading process that fails by a fault of its own (an importer's exception that isn't a
 * refusal, or the process ending before it answers) refuses the file with the reason, not a 500.
 * Stand-in job scripts play the faulty importer: no real file is known to make one fail.
 */

const scripts = standInJobScripts("standings-reader-");
afterAll(scripts.remove);
const readerScript = scripts.script;

const request = { format: "clics" as const, bytes: new Uint8Array([123, 125]) };

async function failure(reading: Promise<unknown>): Promise<unknown> {
  try {
    await reading;
  } catch (error) {
    return error;
  }
  throw new Error("the reading succeeded");
}

describe("a reading process that fails by a fault of its own", () => {
  it("an exception thrown in it: refused with the exception's message, its stack kept only as the cause", async () => {
    const entry = readerScript("throws", "const scoreboard = undefined; scoreboard.rows.length;");
    const error = await failure(readInJobProcess(request, entry));
    expect(error).toBeInstanceOf(StandingsReaderError);
    const reason = (error as StandingsReaderError).reason;
    expect(reason).toMatch(/^Cannot read properties of undefined \(reading 'rows'\)$/);
    // The log gets the stack the exception had in the reading process.
    expect(((error as StandingsReaderError).cause as Error).stack).toMatch(/^TypeError: Cannot read .*\n\s+at /);
  });

  it("the process ending before it answers: refused with its exit code", async () => {
    const entry = readerScript("exits", "process.exit(3);");
    const error = await failure(readInJobProcess(request, entry));
    expect(error).toBeInstanceOf(StandingsReaderError);
    expect((error as StandingsReaderError).reason).toBe("the reader stopped before answering (exit code 3)");
  });

  it("is answered 422 with the reason and no stack, and logged at warn with the error", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const entry = readerScript("throws-again", 'throw new RangeError("Invalid array length");');
      const error = await failure(readInJobProcess(request, entry));
      const refusal = readingRefusal(error, "clics");
      expect(refusal.ok).toBe(false);
      if (refusal.ok) return;
      expect([refusal.status, inEnglish(refusal.message), inEnglish(refusal.errors.file ?? { english: "" })]).toEqual([
        422,
        "The file could not be read: Invalid array length",
        "The file could not be read: Invalid array length",
      ]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String((warn.mock.calls[0]?.[0] as Error | undefined)?.stack)).toMatch(
        /^RangeError: Invalid array length\n\s+at /,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("a reader filling its heap: refused at the memory limit, as a file too large to read", async () => {
    const entry = readerScript("fills", "const kept = []; for (;;) kept.push(new Array(100_000).fill(kept.length));");
    const error = await failure(readInJobProcess(request, entry));
    expect(error).toBeInstanceOf(StandingsLimitError);
    expect((error as StandingsLimitError).limit).toBe("memory");
  });
});
