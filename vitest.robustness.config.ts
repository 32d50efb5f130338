import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** `npm run test:robustness`: fuzzing, load and durability, database outage, security headers. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/robustness/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
