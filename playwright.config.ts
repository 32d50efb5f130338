import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./tests/e2e/support/chromium-launch";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results${process.env.BUILD_DIR ? `-${process.env.BUILD_DIR.replace(/\W/g, "")}` : ""}`,
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // Spec files run side by side, each worker on its own server (support/fixtures.ts); the tests
  // of one file run in order. Two workers keep two cores busy while the servers answer.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Generous: CI's two cores run a server and a browser per worker.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    // Recording a trace of every test (to keep the failing ones' traces) cost 40 % more CPU on
    // the smoke spec (62 s against 37 s); CI keeps only the log. To see a failure's trace, run
    // it again with `--retries 1`: the retry is recorded.
    trace: "on-first-retry",
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } }],
});
