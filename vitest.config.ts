import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // No I/O and no state between files: the files of a worker share their imports (the
        // app's modules, evaluated once per worker, not once per file).
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], isolate: false },
      },
      {
        // The built server and the dev server, whatever the database: run once, by `npm test`.
        extends: true,
        test: { name: "server", include: ["tests/server/**/*.test.ts"] },
      },
      {
        // Everything that reads or writes a test database of its own (run again on PostgreSQL
        // by `npm run test:db`). Only these load the migrated PGlite snapshot the global setup makes.
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
    ],
  },
});
