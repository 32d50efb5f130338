import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { JobScript } from "~/lib/job-process.server";

const JOB_PROCESS_MODULE = pathToFileURL(join(import.meta.dirname, "../../app/lib/job-process.server.ts")).href;

/**
 * Stand-in job scripts, written as plain ES modules into a scratch folder: each answers through
 * the real `answerOneJob` with `handler`, the body of an async function of `request`.
 */
export function standInJobScripts(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    script(name: string, handler: string): JobScript {
      const file = join(dir, `${name}.mjs`);
      writeFileSync(
        file,
        `const { answerOneJob } = await import(${JSON.stringify(JOB_PROCESS_MODULE)});\nanswerOneJob(async (request) => { ${handler} });\n`,
      );
      return { url: pathToFileURL(file), execArgv: ["--import", "tsx"] };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
