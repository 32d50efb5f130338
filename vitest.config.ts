import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // unit: no I/O; server: the built server and the dev server, whatever the database; integration:
    // everything that reads or writes the database (run again on PostgreSQL by `npm run test:db`).
    include: ["tests/unit/**/*.test.ts", "tests/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
