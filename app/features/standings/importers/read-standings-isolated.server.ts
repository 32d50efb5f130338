import { type ImportedStandings, type StandingsFormat, StandingsFormatError } from "~/features/standings/standings";
import { JobProcessFailure, type JobScript, jobScript, runJobProcess } from "~/lib/job-process.server";
import { heavyWork } from "~/lib/work-queue.server";
import type { StandingsJobAnswer, StandingsJobRequest } from "./standings-job";
import { STANDINGS_READ_TIMEOUT_MS, STANDINGS_READER_HEAP_MB, StandingsLimitError } from "./standings-limits";

const READER = jobScript(import.meta.url, "standings-job");
const READER_LIMITS = { heapMb: STANDINGS_READER_HEAP_MB, timeoutMs: STANDINGS_READ_TIMEOUT_MS };

/**
 * The reading process failed for a reason of its own, not the file's format nor a limit: an
 * importer's bug (an exception it did not mean) or the process ending before it answered. The
 * file is refused with the reason's first line (never a stack); `cause` keeps the job process's
 * failure (with the exception's stack) for the log.
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

/**
 * Reads a judge's file as `readStandingsFile` does, in a process of its own with its own memory
 * limit. A file that runs the reader out of memory or time is refused (StandingsLimitError) and
 * the process ended; the server keeps answering. The reader may grow to its heap limit, so one
 * file is read at a time, and never beside an image being decoded (`heavyWork`): the others
 * wait their turn however many admins upload at once.
 */
export function readStandingsIsolated(format: StandingsFormat, bytes: Uint8Array): Promise<ImportedStandings> {
  return heavyWork.run(() => readInJobProcess({ format, bytes }));
}

/** `script` is the reader: the standings job, or in tests one that fails. */
export async function readInJobProcess(
  request: StandingsJobRequest,
  script: JobScript = READER,
): Promise<ImportedStandings> {
  let answer: StandingsJobAnswer;
  try {
    answer = await runJobProcess<StandingsJobRequest, StandingsJobAnswer>(script, request, READER_LIMITS);
  } catch (error) {
    throw error instanceof JobProcessFailure ? failureOf(error) : error;
  }
  if (!answer.ok) throw refusalOf(answer.refusal);
  return answer.standings;
}

function failureOf(failure: JobProcessFailure): Error {
  switch (failure.reason) {
    case "memory":
    case "time":
      return new StandingsLimitError(failure.reason);
    case "error":
      return new StandingsReaderError(failure.message, { cause: failure });
    case "ended":
      return new StandingsReaderError(`the reader stopped before answering (${failure.ending})`, { cause: failure });
  }
}

function refusalOf(refusal: Extract<StandingsJobAnswer, { ok: false }>["refusal"]): StandingsFormatError {
  return refusal.limit
    ? new StandingsLimitError(refusal.limit, refusal.where)
    : new StandingsFormatError(refusal.text, refusal.where);
}
