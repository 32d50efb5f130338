import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const isSoak = (file: TestSpecification) => file.moduleId.endsWith("/soak.test.ts");

/**
 * The soak runs for minutes by the clock, whatever else runs: started first, every other file
 * runs beside it. (Without a record of earlier runs, as in a fresh clone, Vitest starts the
 * largest files first, and the soak started after a minute.)
 */
class SoakFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter(isSoak), ...sorted.filter((file) => !isSoak(file))];
  }
}

/** `npm run test:robustness`: fuzzing, load and durability, database outage, security headers. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/robustness/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Most of these files wait on the clock (a soak of fixed minutes, bursts of fixed seconds,
    // kills and restarts), not on the processor: three at once.
    maxWorkers: 3,
    sequence: { sequencer: SoakFirst },
  },
});
