/**
 * The tar format (POSIX ustar), only as much as an archive of plain files needs. A tar gives
 * each entry's size before its bytes, so an archive of any size is written and read as a
 * stream in one pass, and any system opens it (`tar -xf`).
 */

const BLOCK = 512;
const NAME_LENGTH = 100;
/** Eleven octal digits: 8 GiB less one byte. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1;
const REGULAR_FILE = "0";

export class TarFormatError extends Error {}

/** Two zero blocks end an archive. */
export const TAR_END: Buffer = Buffer.alloc(2 * BLOCK);

function writeField(header: Buffer, offset: number, length: number, text: string) {
  header.write(text, offset, length, "utf8");
}

const octal = (value: number, digits: number) => `${value.toString(8).padStart(digits, "0")}\0`;

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

/** The 512-byte header of a regular file; names are ASCII paths of at most 100 bytes. */
export function tarHeader(name: string, size: number, modified: Date): Buffer {
  if (Buffer.byteLength(name) > NAME_LENGTH || !/^[\x21-\x7e]+$/.test(name)) {
    throw new Error(`Not a tar entry name this writer supports: ${JSON.stringify(name)}`);
  }
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_ENTRY_BYTES) throw new Error(`Entry too large: ${name}`);
  const header = Buffer.alloc(BLOCK);
  writeField(header, 0, 100, name);
  writeField(header, 100, 8, octal(0o644, 7));
  writeField(header, 108, 8, octal(0, 7));
  writeField(header, 116, 8, octal(0, 7));
  writeField(header, 124, 12, octal(size, 11));
  writeField(header, 136, 12, octal(Math.max(0, Math.floor(modified.getTime() / 1000)), 11));
  writeField(header, 156, 1, REGULAR_FILE);
  writeField(header, 257, 6, "ustar\0");
  writeField(header, 263, 2, "00");
  writeField(header, 148, 8, `${checksum(header).toString(8).padStart(6, "0")}\0 `);
  return header;
}

/** The zeros that fill an entry's last block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** A whole entry whose bytes are at hand. */
export function tarEntry(name: string, bytes: Uint8Array, modified: Date): Buffer[] {
  return [tarHeader(name, bytes.length, modified), Buffer.from(bytes), tarPadding(bytes.length)];
}

function readText(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = readText(header, offset, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError("not a tar archive (a header's number is not octal)");
  return Number.parseInt(text, 8);
}

function parseHeader(header: Buffer): { name: string; size: number } {
  if (readText(header, 257, 6) !== "ustar") throw new TarFormatError("not a tar archive (no ustar header)");
  if (readOctal(header, 148, 8) !== checksum(header)) throw new TarFormatError("a tar header is damaged (checksum)");
  const type = readText(header, 156, 1);
  if (type !== REGULAR_FILE && type !== "")
    throw new TarFormatError(`unexpected tar entry type ${JSON.stringify(type)}`);
  const prefix = readText(header, 345, 155);
  const name = readText(header, 0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size: readOctal(header, 124, 12) };
}

/**
 * Reads exact byte counts from a stream of chunks, holding at most one chunk beyond what was
 * asked for.
 */
class ChunkReader {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly chunks: AsyncIterator<Uint8Array>) {}

  /** Up to `max` bytes (fewer only at the end of the stream; empty at its end). */
  async next(max: number): Promise<Buffer> {
    if (this.pending.length === 0) {
      const step = await this.chunks.next();
      if (step.done) return Buffer.alloc(0);
      this.pending = Buffer.from(step.value);
    }
    const taken = this.pending.subarray(0, max);
    this.pending = this.pending.subarray(taken.length);
    return taken;
  }

  async exactly(length: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < length) {
      const part = await this.next(length - got);
      if (part.length === 0) break;
      parts.push(part);
      got += part.length;
    }
    if (got === 0) return null;
    if (got < length) throw new TarFormatError("the archive ends in the middle of an entry (is the file complete?)");
    return Buffer.concat(parts, length);
  }

  /** A stream of the next `length` bytes; `left()` tells how many it has not handed out yet. */
  take(length: number): { chunks: AsyncGenerator<Buffer>; left: () => number } {
    const state = { left: length };
    return { chunks: this.stream(state), left: () => state.left };
  }

  private async *stream(state: { left: number }): AsyncGenerator<Buffer> {
    while (state.left > 0) {
      const part = await this.next(state.left);
      if (part.length === 0)
        throw new TarFormatError("the archive ends in the middle of an entry (is the file complete?)");
      state.left -= part.length;
      yield part;
    }
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes in chunks; read all of them (or none) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

/** The entries of a tar stream in order; throws TarFormatError on anything it can't read. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (!header) throw new TarFormatError("the archive ends without its end marker (is the file complete?)");
    if (header.every((byte) => byte === 0)) return;
    const { name, size } = parseHeader(header);
    const body = reader.take(size);
    yield { name, size, body: body.chunks };
    // Whatever the consumer left of the entry (it may stop early) is skipped, then the padding.
    for await (const _ of reader.take(body.left()).chunks) {
      // skipped
    }
    await reader.exactly(tarPadding(size).length);
  }
}
