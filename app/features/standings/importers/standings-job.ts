import { type StandingsFormat, StandingsFormatError } from "~/features/standings/standings";
import { answerOneJob } from "~/lib/job-process.server";
import { readStandingsFile } from "./read-standings.server";
import { StandingsLimitError } from "./standings-limits";

/**
 * The process a standings file is read in (`readStandingsIsolated` starts it with its own memory
 * limit): it reads the one file it is sent, answers the standings or the refusal, and ends.
 * Anything else it meets (running out of memory included) ends the process, not the server.
 */

export interface StandingsJobRequest {
  format: StandingsFormat;
  bytes: Uint8Array;
}

export type StandingsJobAnswer =
  | { ok: true; standings: ReturnType<typeof readStandingsFile> }
  | { ok: false; refusal: Pick<StandingsFormatError, "text" | "where"> & { limit?: StandingsLimitError["limit"] } };

function answer({ format, bytes }: StandingsJobRequest): StandingsJobAnswer {
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

answerOneJob(answer);
