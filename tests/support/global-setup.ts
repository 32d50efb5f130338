import type { TestProject } from "vitest/node";
import { ensurePgliteSnapshot } from "./pglite-snapshot";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** The migrated PGlite snapshot the integration tests load; on PostgreSQL (`npm run test:db`) none. */
export default async function setup(project: TestProject) {
  project.provide("pgliteSnapshot", process.env.TEST_DATABASE_URL ? "" : await ensurePgliteSnapshot());
}
