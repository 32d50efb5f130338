import { Unzip, type UnzipFile, UnzipInflate, UnzipPassThrough } from "fflate";
import { StandingsFormatError, standingsText } from "~/features/standings/standings";
import { STANDINGS_MAX_INFLATED_BYTES, StandingsLimitError } from "./standings-limits";

/**
 * The files of a zip that `wanted` picks, inflated as a stream: each entry's declared size is
 * checked before it is inflated, and the bytes it actually inflates to as they come, so a
 * header that lies (or a zip bomb) stops at the bound instead of filling memory. Everything
 * else in the zip (photos, submissions) is skipped unread.
 */
export function unzipBounded(
  zip: Uint8Array,
  wanted: (name: string) => boolean,
  maxBytes = STANDINGS_MAX_INFLATED_BYTES,
  streamed?: StreamedFiles,
): Record<string, Uint8Array> {
  const chunks = new Map<string, Uint8Array[]>();
  let inflated = 0;
  let declared = 0;
  let failure: Error | undefined;
  const stop = (file: UnzipFile, error: Error) => {
    failure ??= error;
    file.terminate();
  };
  let streamedBytes = 0;
  const unzip = new Unzip((file) => {
    if (failure) return;
    const sink = streamed?.open(file.name);
    if (sink) {
      file.ondata = (error, data, final) => {
        if (failure) return;
        if (error) return stop(file, unreadable(error));
        streamedBytes += data.length;
        if (streamedBytes > (streamed?.maxBytes ?? 0)) return stop(file, new StandingsLimitError("streamed"));
        try {
          sink.push(data, final);
        } catch (thrown) {
          stop(file, thrown instanceof Error ? thrown : new Error(String(thrown)));
        }
      };
      return file.start();
    }
    if (!wanted(file.name)) return;
    // The declared sizes (absent when a data descriptor follows the data) count before inflating.
    declared += file.originalSize ?? 0;
    if (declared > maxBytes) return stop(file, new StandingsLimitError("inflated"));
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    file.ondata = (error, data, _final) => {
      if (failure) return;
      if (error) return stop(file, unreadable(error));
      inflated += data.length;
      if (inflated > maxBytes) return stop(file, new StandingsLimitError("inflated"));
      parts.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    // In pieces: given the whole zip at once, the inflater would answer each file in one chunk.
    for (let offset = 0; offset < zip.length && !failure; offset += PUSH_BYTES) {
      unzip.push(zip.subarray(offset, offset + PUSH_BYTES), offset + PUSH_BYTES >= zip.length);
    }
    if (zip.length === 0) unzip.push(zip, true);
  } catch (error) {
    failure ??= unreadable(error);
  }
  if (failure) throw failure;
  if (chunks.size === 0 && !looksLikeZip(zip)) throw unreadable(new Error("invalid zip data"));
  return Object.fromEntries([...chunks].map(([name, parts]) => [name, joined(parts)]));
}

/** How much of the zip is inflated at a time, and so about the most of a file held as one chunk. */
const PUSH_BYTES = 64 * 1024;

/**
 * Files read as they inflate instead of kept (a contest's event feed): `open` answers the reader
 * of a file it takes, and `maxBytes` bounds what they inflate to together.
 */
export interface StreamedFiles {
  open(name: string): { push(chunk: Uint8Array, final: boolean): void } | undefined;
  maxBytes: number;
}

/** A zip starts with a local file header ("PK\x03\x04"), or is an empty archive ("PK\x05\x06"). */
function looksLikeZip(zip: Uint8Array): boolean {
  return zip[0] === 0x50 && zip[1] === 0x4b && (zip[2] === 3 || zip[2] === 5);
}

function unreadable(error: unknown): StandingsFormatError {
  if (error instanceof StandingsFormatError) return error;
  return new StandingsFormatError(
    standingsText("tools.standings.error.unreadableZip", {
      reason: error instanceof Error ? error.message : String(error),
    }),
  );
}

function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}
