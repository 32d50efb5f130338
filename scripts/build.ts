/**
 * `npm run build`: always builds. `npm run build -- --if-changed` skips the build when no
 * source changed since the last one.
 */
import { build } from "./build/release-build";

build({ ifChanged: process.argv.includes("--if-changed") }).then(
  (outcome) => {
    if (outcome === "up to date") console.log("Build is up to date.");
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
