import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertStorageKey, type MediaStorage } from "./storage.server";

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible service; unset means AWS itself. */
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3 deletes at most this many keys per request. */
const DELETE_BATCH = 1000;

const isMissing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound;

export function createS3Storage({ bucket, endpoint, region, credentials }: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region,
    endpoint,
    credentials,
    // Other S3-compatible services rarely support bucket-named host names.
    forcePathStyle: Boolean(endpoint),
    // Checksums only where S3 demands them: many S3-compatible services reject the newer trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async putFile(key, filePath, contentType) {
      assertStorageKey(key);
      const { size } = await fsp.stat(filePath);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: fs.createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
        return { body: object.Body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      assertStorageKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(keys) {
      keys.forEach(assertStorageKey);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        const result = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) throw new Error(`S3 could not delete ${failed.map((e) => e.Key).join(", ")}`);
      }
    },
  };
}
