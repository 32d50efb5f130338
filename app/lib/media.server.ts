import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export const MEDIA_URL_PREFIX = "/media/";

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/**
 * Stores bytes under a content-hashed name, so the public URL can be cached forever
 * and the same file stored twice takes the space once.
 */
export async function saveMedia(dataDir: string, bytes: Uint8Array, extension: string): Promise<string> {
  const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 24);
  const name = `${hash}.${extension}`;
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), bytes);
  return `${MEDIA_URL_PREFIX}${name}`;
}
