import type { Readable } from "node:stream";

export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files live: a local directory by default, an S3-compatible bucket when
 * several app servers must share them. Keys are flat file names chosen by the media
 * pipeline (content hash + suffix), never by a visitor.
 */
export interface MediaStorage {
  readonly kind: "disk" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file from disk as a stream, whatever its size. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  has(key: string): Promise<boolean>;
  /** Keys that are already gone are not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

// Lower-case letters, digits, dot and dash, starting with a letter or digit: no "/", so no
// key can name anything outside the storage root, whatever the caller passes.
const STORAGE_KEY = /^[a-z0-9][a-z0-9.-]{0,127}$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.includes("..")) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
}
