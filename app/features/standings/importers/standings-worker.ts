import { parentPort } from "node:worker_threads";
import { type StandingsFormat, StandingsFormatError } from "~/features/standings/standings";
import { readStandingsFile } from "./read-standings.server";
import { StandingsLimitError } from "./standings-limits";

/**
 * The thread a standings file is read in (`readStandingsIsolated` starts it with its own memory
 * limit): it reads the one file it is sent, answers the standings or the refusal, and ends.
 * Anything else it meets (running out of memory included) ends the thread, not the server.
 */

export interface StandingsWorkerRequest {
  format: StandingsFormat;
  bytes: Uint8Array;
}

export type StandingsWorkerAnswer =
  | { ok: true; standings: ReturnType<typeof readStandingsFile> }
  | { ok: false; refusal: Pick<StandingsFormatError, "text" | "where"> & { limit?: StandingsLimitError["limit"] } };

function answer({ format, bytes }: StandingsWorkerRequest): StandingsWorkerAnswer {
  try {
    return { ok: true, standings: readStandingsFile(format, bytes) };
  } catch (error) {
    if (error instanceof StandingsLimitError) {
      return { ok: false, refusal: { text: error.text, where: error.where, limit: error.limit } };
    }
    if (error instanceof StandingsFormatError) return { ok: false, refusal: { text: error.text, where: error.where } };
    throw error;
  }
}

parentPort?.once("message", (request: StandingsWorkerRequest) => {
  parentPort?.postMessage(answer(request));
});
