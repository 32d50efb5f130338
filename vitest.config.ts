import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Test files that start servers, run at once (`VITEST_SERVER_FILES` to change it). */
const SERVER_FILES_AT_ONCE = Number(process.env.VITEST_SERVER_FILES ?? 3);

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // Generous: three files that start servers share two cores, and CI's may be busier still.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default on two cores is one worker. The unit files keep both cores busy with two;
    // a server or integration file mostly waits on the server it started (a child process), so
    // three run side by side. Different worker counts need different groups: units run first.
    // No project isolates its files: a worker's files share the app's modules, evaluated once per
    // worker. A new process per file cost about 2 s of CPU each (Vitest's runtime, then the app
    // through Vite's module runner): 76 server and integration files, 240 → 185 s for the
    // integration files alone. Each file keeps its state in what it makes (a test database,
    // services, servers it starts), never in a module, and sets no environment or mocks.
    projects: [
      {
        // No I/O and no state between files.
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The built server and the dev server, whatever the database: run once, by `npm test`.
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          isolate: false,
          maxWorkers: SERVER_FILES_AT_ONCE,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Everything that reads or writes a test database of its own (run again on PostgreSQL
        // by `npm run test:db`). Only these load the migrated PGlite snapshot the global setup makes.
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          isolate: false,
          globalSetup: ["tests/support/global-setup.ts"],
          maxWorkers: SERVER_FILES_AT_ONCE,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
