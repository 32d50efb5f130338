import { Worker } from "node:worker_threads";
import { type ImportedStandings, type StandingsFormat, StandingsFormatError } from "~/features/standings/standings";
import { heavyWork } from "~/lib/work-queue.server";
import { STANDINGS_READ_TIMEOUT_MS, STANDINGS_READER_HEAP_MB, StandingsLimitError } from "./standings-limits";
import type { StandingsWorkerAnswer, StandingsWorkerRequest } from "./standings-worker";

/**
 * Memory of a reading thread. The old generation is what a large file fills; the young one
 * is kept small (as the server's own, server/node-flags.ts) so a thread adds little on top.
 */
const READER_LIMITS = { maxOldGenerationSizeMb: STANDINGS_READER_HEAP_MB, maxYoungGenerationSizeMb: 4, stackSizeMb: 4 };

/**
 * The worker's entry: beside the server's bundle in a build (scripts/build/server-bundle.ts
 * makes it), the TypeScript source with tsx's loader under `npm run dev` and in tests.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith(".ts")) {
    return { url: new URL("./standings-worker.ts", import.meta.url), execArgv: ["--import", "tsx"] };
  }
  return { url: new URL("./standings-worker.js", import.meta.url), execArgv: [] };
}

/**
 * The reading thread failed for a reason of its own, not the file's format nor a limit: an
 * importer's bug (an exception it did not mean) or the thread ending before it answered. The
 * file is refused with the reason's first line (never a stack); `cause` keeps the whole error
 * for the log.
 */
export class StandingsReaderError extends Error {
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`The standings reader failed: ${reason}`, options);
    this.name = "StandingsReaderError";
  }
}

/** The first line of an error's message: what a reader may be told, without a stack. */
function reasonOf(error: Error): string {
  return error.message.split("\n")[0]?.trim() || error.name;
}

/**
 * Reads a judge's file as `readStandingsFile` does, in a thread of its own with its own memory
 * limit. A file that runs the thread out of memory or time is refused (StandingsLimitError) and
 * the thread ended; the server keeps answering. The thread may grow to its heap limit, so one
 * file is read at a time, and never beside an image being decoded (`heavyWork`): the others
 * wait their turn however many admins upload at once.
 */
export function readStandingsIsolated(format: StandingsFormat, bytes: Uint8Array): Promise<ImportedStandings> {
  return heavyWork.run(() => readInWorker({ format, bytes }));
}

/** `entry` is the thread's script: the standings worker, or in tests one that fails. */
export function readInWorker(
  request: StandingsWorkerRequest,
  { url, execArgv } = workerEntry(),
): Promise<ImportedStandings> {
  const worker = new Worker(url, { resourceLimits: READER_LIMITS, execArgv, stdout: false, stderr: false });
  return new Promise<ImportedStandings>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new StandingsLimitError("time"))), STANDINGS_READ_TIMEOUT_MS);
    worker.once("message", (answer: StandingsWorkerAnswer) =>
      settle(() => (answer.ok ? resolve(answer.standings) : reject(refusalOf(answer.refusal)))),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? new StandingsLimitError("memory")
            : new StandingsReaderError(reasonOf(error), { cause: error }),
        ),
      ),
    );
    worker.once("exit", (code) =>
      settle(() => reject(new StandingsReaderError(`the reader stopped before answering (exit code ${code})`))),
    );
    worker.postMessage(request);
  });
}

function refusalOf(refusal: Extract<StandingsWorkerAnswer, { ok: false }>["refusal"]): StandingsFormatError {
  return refusal.limit
    ? new StandingsLimitError(refusal.limit, refusal.where)
    : new StandingsFormatError(refusal.text, refusal.where);
}
