import path from "node:path";
import type { Config } from "~/lib/config.server";
import { createDiskStorage } from "./disk.server";
import type { MediaStorage } from "./storage.server";

export type { MediaStorage, StoredFile } from "./storage.server";

/** S3 when `S3_BUCKET` is set, else the uploads directory under DATA_DIR. */
export async function createStorage(config: Config): Promise<MediaStorage> {
  if (!config.S3_BUCKET) return createDiskStorage(uploadsDir(config.DATA_DIR));
  // Loaded only when used: the AWS SDK is large and slow to import.
  const { createS3Storage } = await import("./s3.server");
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}
