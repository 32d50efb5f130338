/**
 * Tar archives of plain files, through tar-stream. A tar gives each entry's size before its
 * bytes, so an archive of any size is written and read as a stream in one pass, and any system
 * opens it (`tar -xf`).
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { extract, type Pack, pack } from "tar-stream";

export class TarFormatError extends Error {}

/** An entry to write: `size` bytes, taken from `body` only when the archive reaches it. */
export interface NewTarEntry {
  name: string;
  size: number;
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** An entry read; read its body to the end (or not at all) before asking for the next entry. */
export interface TarEntry extends NewTarEntry {
  body: AsyncIterable<Buffer>;
}

/** An entry whose bytes are at hand. */
export function bytesEntry(name: string, content: Uint8Array | string): NewTarEntry {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  return { name, size: bytes.length, body: [bytes] };
}

/** The archive of `entries`, made as it is read. */
export function writeTar(entries: AsyncIterable<NewTarEntry> | Iterable<NewTarEntry>): Readable {
  const archive = pack();
  addEntries(archive, entries).then(
    () => archive.finalize(),
    (error: Error) => archive.destroy(error),
  );
  return Readable.from(archive, { objectMode: false });
}

async function addEntries(archive: Pack, entries: AsyncIterable<NewTarEntry> | Iterable<NewTarEntry>) {
  for await (const entry of entries)
    await pipeline(checkedBody(entry), archive.entry({ name: entry.name, size: entry.size }));
}

/**
 * The body, failing as soon as it differs from its stated size: tar-stream would write a longer
 * body whole before noticing, and tell either case only as "Size mismatch".
 */
async function* checkedBody({ name, size, body }: NewTarEntry): AsyncGenerator<Uint8Array> {
  let written = 0;
  for await (const chunk of body) {
    written += chunk.length;
    if (written > size) throw new Error(`${name} is longer than its stated ${size} bytes`);
    yield chunk;
  }
  if (written < size) throw new Error(`${name} ended early (${written} of ${size} bytes)`);
}

/** The entries of a tar stream in order; throws TarFormatError on anything it can't read. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const entries = extract();
  // Errors reach the reader through `entries`, which the pipeline destroys with them.
  pipeline(source, entries).catch(() => {});
  let first = true;
  try {
    for await (const entry of entries) {
      if (entry.header.type !== "file") throw new TarFormatError(`the archive holds a ${entry.header.type} entry`);
      first = false;
      // Listening at once: an archive that fails before the reader gets to the body still says why.
      const chunks = entry[Symbol.asyncIterator]();
      yield { name: entry.header.name, size: entry.header.size, body: bodyOf(chunks) };
      // A body left unread is skipped; tar-stream hands out the next entry only after this one's bytes.
      entry.resume();
    }
  } catch (error) {
    throw formatError(error, first);
  }
}

/**
 * The entry's chunks, read without `for await`: a reader that stops early would end that loop,
 * and ending an entry's stream destroys the whole extraction; left open, the rest is skipped.
 */
async function* bodyOf(chunks: AsyncIterator<unknown>): AsyncGenerator<Buffer> {
  for (;;) {
    const step = await chunks.next().catch((error: unknown) => {
      throw formatError(error, false);
    });
    if (step.done) return;
    yield step.value as Buffer;
  }
}

/**
 * tar-stream's errors in one sentence each, known by their messages (it gives no codes; the unit
 * tests notice if an update changes them). It says "Invalid tar header" both for a file that is
 * no tar and for a damaged header: a file whose very first header is wrong is no tar.
 */
function formatError(error: unknown, firstHeader: boolean): unknown {
  const message = error instanceof Error ? error.message : "";
  if (message.startsWith("Unexpected end of data")) {
    return new TarFormatError("the archive ends in the middle of an entry (is the file complete?)");
  }
  if (/^(Invalid tar header|Invalid header|Header exceeds max size)/.test(message)) {
    return new TarFormatError(firstHeader ? "not a tar archive" : "a tar header is damaged");
  }
  return error;
}
