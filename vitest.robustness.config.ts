import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
  },
});
