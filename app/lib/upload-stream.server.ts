import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";

/** Uploads on their way to the storage wait here, under DATA_DIR (not /tmp, often in memory). */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, "upload-tmp");
}

/** No upload takes this long: a temporary file older than this was left by a process that died. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Removes temporary upload files a process left behind when it died mid-upload; how many. */
export async function sweepAbandonedUploads(tempDir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(tempDir);
  } catch {
    return 0; // no uploads yet
  }
  let removed = 0;
  for (const name of names.filter((entry) => entry.startsWith("upload-"))) {
    const file = path.join(tempDir, name);
    const stats = await fsp.stat(file).catch(() => null);
    if (stats && now - stats.mtimeMs > ABANDONED_AFTER_MS) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** An uploaded file on disk, hashed as it arrived: it never sits in memory whole. */
export interface UploadedFile {
  path: string;
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  name?: string;
}

export type MultipartOutcome = ({ kind: "file"; file: UploadedFile } | { kind: "too-large" } | { kind: "missing" }) & {
  /** The form's text fields sent with the file (a form's other inputs). */
  fields: Record<string, string>;
};

/**
 * Streams the multipart field `field` of a request to a temporary file in `tempDir`, hashing it
 * on the way; a file longer than `maxBytes` is cut off and the rest of the body read and
 * dropped, so the client still gets its answer. The caller removes the file when done.
 */
export async function receiveMultipartFile(
  request: Request,
  { field, maxBytes, tempDir }: { field: string; maxBytes: number; tempDir: string },
): Promise<MultipartOutcome> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: { files: 1, fileSize: maxBytes },
    });
  } catch {
    return { kind: "missing", fields: {} }; // not multipart at all
  }
  await fsp.mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  let outcome = { kind: "missing", fields } as MultipartOutcome;
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  const writes: Promise<void>[] = [];
  const targets: string[] = [];
  parser.on("file", (name, stream, info) => {
    if (name !== field) {
      stream.resume();
      return;
    }
    const target = path.join(tempDir, `upload-${crypto.randomBytes(12).toString("hex")}`);
    targets.push(target);
    const hash = crypto.createHash("sha256");
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    stream.on("limit", () => {
      outcome = { kind: "too-large", fields };
    });
    writes.push(
      pipeline(stream, hashing, fs.createWriteStream(target)).then(() => {
        if (outcome.kind === "too-large") return fsp.rm(target, { force: true });
        outcome = {
          kind: "file",
          file: { path: target, size, sha256: hash.digest("hex"), name: info.filename || undefined },
          fields,
        };
      }),
    );
  });
  const body = request.body
    ? Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>)
    : Readable.from([]);
  try {
    await pipeline(body, parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await Promise.all(targets.map((target) => fsp.rm(target, { force: true })));
    if (isMalformedMultipart(error)) return { kind: "missing", fields };
    throw error;
  }
  return outcome;
}

function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && /Unexpected end of form|Malformed|boundary/i.test(error.message);
}

/** Bytes already in memory (the demo seed, tests) as an uploaded file. */
export async function uploadedFileFromBytes(bytes: Uint8Array, tempDir: string, name?: string): Promise<UploadedFile> {
  await fsp.mkdir(tempDir, { recursive: true });
  const target = path.join(tempDir, `upload-${crypto.randomBytes(12).toString("hex")}`);
  await fsp.writeFile(target, bytes);
  return { path: target, size: bytes.length, sha256: crypto.createHash("sha256").update(bytes).digest("hex"), name };
}

/** The first bytes of a file, enough to tell its format. */
export async function readHead(file: UploadedFile, length = 64): Promise<Uint8Array> {
  const handle = await fsp.open(file.path, "r");
  try {
    const buffer = Buffer.alloc(Math.min(length, file.size));
    await handle.read(buffer, 0, buffer.length, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}
