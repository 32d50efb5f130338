import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type MediaStorage } from "./storage.server";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Written aside and renamed, so a reader never sees half a file. */
async function writeAside(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${crypto.randomBytes(6).toString("hex")}.partial`;
  await write(partial);
  await fsp.rename(partial, file);
}

/** Files in one flat directory (DATA_DIR/uploads). */
export function createDiskStorage(dir: string): MediaStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(dir, key);
  };
  return {
    kind: "disk",
    async put(key, bytes) {
      await writeAside(fileOf(key), (partial) => fsp.writeFile(partial, bytes));
    },
    async putFile(key, filePath) {
      await writeAside(fileOf(key), (partial) => fsp.copyFile(filePath, partial));
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await fsp.open(file, "r");
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      return fs.existsSync(fileOf(key));
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fsp.rm(fileOf(key), { force: true })));
    },
  };
}
