import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds (say, a benchmark and a test run) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Hydrated pages (the dashboard, the account forms) get every route with the document, so a
  // click on a flaky network needs no extra /__manifest request first (see the dashboard frame).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
