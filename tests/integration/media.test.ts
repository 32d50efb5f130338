import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MediaKind, MediaRejection, type StoredMedia, storeMedia } from "~/core/media.server";
import { media, students } from "~/db/schema";
import { MEDIA_URL_PREFIX, parseUploadedImage, variantKey } from "~/lib/media";
import { createDiskStorage } from "~/lib/storage/disk.server";
import type { MediaStorage } from "~/lib/storage/index.server";
import { createS3Storage } from "~/lib/storage/s3.server";
import { uploadedFileFromBytes } from "~/lib/upload-stream.server";
import { collectUnusedMedia, UNLINKED_GRACE_MS } from "~/wiring/media-collector.server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { httpClient } from "../support/http-client";
import { containsExif, HTML_BYTES, hasGpsTag, PDF_BYTES, photoWithLocation, smallPng } from "../support/media-fixtures";
import { type LocalS3, startLocalS3 } from "../support/s3";
import { type RunningServer, startServer } from "../support/server";

/**
 * The same suite on both storage implementations: the pipeline and collector directly, then
 * the upload endpoint and /media through the production build (`npm run build`), on PGlite
 * or on the TEST_DATABASE_URL server when it is set.
 */
const STORAGES = [{ name: "disk" }, { name: "s3" }] as const;

const LIMITS = { imageMaxBytes: 300 * 1024, pdfMaxBytes: 100 * 1024 };

async function rejectionOf(promise: Promise<unknown>): Promise<MediaRejection> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MediaRejection);
  return error as MediaRejection;
}

async function readAll(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(STORAGES)("the media pipeline on $name storage", ({ name }) => {
  let testDb: TestDatabase;
  let s3: LocalS3 | undefined;
  let dir: string;
  let storage: MediaStorage;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "club-media-"));
    if (name === "s3") {
      s3 = await startLocalS3();
      const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = s3.env;
      storage = createS3Storage({
        bucket: S3_BUCKET ?? "",
        endpoint: S3_ENDPOINT,
        region: S3_REGION ?? "",
        credentials: { accessKeyId: S3_ACCESS_KEY_ID ?? "", secretAccessKey: S3_SECRET_ACCESS_KEY ?? "" },
      });
    } else {
      storage = createDiskStorage(dir);
    }
  });
  afterAll(async () => {
    await testDb?.close();
    await s3?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const store = async (bytes: Uint8Array, fileName: string, accept: MediaKind[] = ["image", "pdf"]) => {
    const file = await uploadedFileFromBytes(bytes, dir, fileName);
    try {
      return await storeMedia({
        db: testDb.db,
        storage,
        file,
        accept,
        limits: LIMITS,
        uploadedBy: "test",
        awaitingReview: false,
      });
    } finally {
      fs.rmSync(file.path, { force: true });
    }
  };

  const keysOf = async (stored: StoredMedia) => {
    const [row] = await testDb.db
      .select()
      .from(media)
      .where(eq(media.key, stored.url.slice(MEDIA_URL_PREFIX.length)));
    return row ? [row.key, ...row.variantKeys] : [];
  };

  it("keeps the photo without its EXIF location and makes 320, 640 and 1280 px variants in AVIF and WebP", async () => {
    const photo = await photoWithLocation(2000, 1000);
    expect(hasGpsTag((await sharp(photo).metadata()).exif)).toBe(true);

    const stored = await store(photo, "IMG_0001.jpg", ["image"]);
    expect(stored).toMatchObject({ kind: "image", width: 2000, height: 1000 });
    const image = parseUploadedImage(stored.url);
    expect(image).toMatchObject({ width: 2000, height: 1000 });

    const original = await readAll(storage, stored.url.slice(MEDIA_URL_PREFIX.length));
    expect(original).not.toBeNull();
    expect(containsExif(original as Buffer)).toBe(false);
    expect((await sharp(original as Buffer).metadata()).exif).toBeUndefined();

    for (const width of [320, 640, 1280]) {
      for (const format of ["avif", "webp"] as const) {
        const variant = await readAll(storage, variantKey(image?.hash ?? "", width, format));
        expect(variant, `${width} ${format}`).not.toBeNull();
        const metadata = await sharp(variant as Buffer).metadata();
        expect(metadata.format).toBe(format === "avif" ? "heif" : "webp");
        expect(metadata.width).toBe(width);
        expect(metadata.height).toBe(width / 2);
        expect(metadata.exif).toBeUndefined();
      }
    }
  });

  it("never makes a variant wider than the original", async () => {
    const stored = await store(await smallPng(10, 400, 300), "small.png");
    const image = parseUploadedImage(stored.url);
    expect(await keysOf(stored)).toEqual(
      expect.arrayContaining([variantKey(image?.hash ?? "", 320, "webp"), variantKey(image?.hash ?? "", 400, "avif")]),
    );
    expect(await keysOf(stored)).toHaveLength(5);
  });

  it("refuses a PNG renamed .pdf and an HTML file renamed .jpg, by their content", async () => {
    const png = await smallPng();
    const asPdf = await rejectionOf(store(png, "notice.pdf", ["pdf"]));
    expect(asPdf.status).toBe(400);
    expect(asPdf.message).toBe('"notice.pdf" is a PNG image, not a PDF.');
    expect((await rejectionOf(store(png, "sheet.pdf"))).message).toMatch(/is a PNG image, not/);

    const html = await rejectionOf(store(HTML_BYTES, "photo.jpg", ["image"]));
    expect(html.status).toBe(400);
    expect(html.message).toBe('"photo.jpg" is not a JPEG, PNG, WebP, AVIF or GIF image.');
    expect((await rejectionOf(store(PDF_BYTES, "photo.jpg", ["image"]))).message).toMatch(/is a PDF, not a JPEG/);
    expect(await testDb.db.$count(media, eq(media.kind, "pdf"))).toBe(0);
  });

  it("refuses files over the limits with 413, naming the limit", async () => {
    const big = Buffer.concat([await smallPng(), Buffer.alloc(LIMITS.imageMaxBytes)]);
    const image = await rejectionOf(store(big, "big.png", ["image"]));
    expect(image.status).toBe(413);
    expect(image.message).toMatch(/Images may be at most 300 KB\.$/);
    const pdf = await rejectionOf(store(Buffer.concat([PDF_BYTES, Buffer.alloc(LIMITS.pdfMaxBytes)]), "n.pdf"));
    expect(pdf.status).toBe(413);
    expect(pdf.message).toMatch(/PDFs may be at most 100 KB\.$/);
  });

  it("stores PDFs as they are", async () => {
    const stored = await store(PDF_BYTES, "notice.pdf", ["pdf"]);
    expect(stored.url).toMatch(/^\/media\/[0-9a-f]{24}\.pdf$/);
    expect(await readAll(storage, stored.url.slice(MEDIA_URL_PREFIX.length))).toEqual(PDF_BYTES);
  });

  it("stores the same file once, however often it is uploaded", async () => {
    const png = await smallPng(77);
    const first = await store(png, "a.png");
    const second = await store(png, "b.png");
    expect(second.url).toBe(first.url);
    expect(await testDb.db.$count(media, eq(media.key, first.url.slice(MEDIA_URL_PREFIX.length)))).toBe(1);
  });

  it("deletes a student's photo and its variants once the student is deleted or the photo replaced", async () => {
    const first = await store(await smallPng(1), "first.png");
    const second = await store(await smallPng(2), "second.png");
    const [student] = await testDb.db
      .insert(students)
      .values({ name: "Upload Student", email: "upload@student.rmstu.ac.bd", photoURL: first.url })
      .returning();
    const firstKeys = await keysOf(first);
    const secondKeys = await keysOf(second);
    expect(firstKeys).toHaveLength(3); // a 64 px PNG: itself and one variant in each format

    // Linked: kept, and from now on known to have been used.
    expect(await collectUnusedMedia(testDb.db, storage)).not.toContain(firstKeys[0]);
    await testDb.db
      .update(students)
      .set({ photoURL: second.url })
      .where(eq(students.id, student?.id ?? ""));
    expect(await collectUnusedMedia(testDb.db, storage)).toContain(firstKeys[0]);
    for (const key of firstKeys) expect(await storage.has(key), key).toBe(false);
    for (const key of secondKeys) expect(await storage.has(key), key).toBe(true);

    await testDb.db.delete(students).where(eq(students.id, student?.id ?? ""));
    expect(await collectUnusedMedia(testDb.db, storage)).toContain(secondKeys[0]);
    for (const key of secondKeys) expect(await storage.has(key), key).toBe(false);
    expect(await testDb.db.$count(media, eq(media.key, secondKeys[0] ?? ""))).toBe(0);
  });

  it("keeps an upload nothing links for a day (its form may still be open), then deletes it", async () => {
    const stored = await store(await smallPng(3), "draft.png");
    const [key] = await keysOf(stored);
    expect(await collectUnusedMedia(testDb.db, storage)).not.toContain(key);
    const tomorrow = new Date(Date.now() + UNLINKED_GRACE_MS + 60_000);
    expect(await collectUnusedMedia(testDb.db, storage, { now: tomorrow })).toContain(key);
    expect(await storage.has(key ?? "")).toBe(false);
  });
});

const ADMIN = { name: "Media Admin", email: "media-admin@example.org", password: "admin-password-1" };
const PUBLIC_UPLOAD_LIMIT = 3;
/** A PDF no test uploads as an admin (the same bytes from an admin would be public at once). */
const VISITOR_PDF = Buffer.concat([PDF_BYTES, Buffer.from("% sent by a visitor\n")]);

describe.each(STORAGES)("uploading and serving over HTTP on $name storage", ({ name }) => {
  let server: RunningServer;
  let s3: LocalS3 | undefined;
  let testDb: TestDatabase | undefined;
  let adminCookie = "";

  const { call, signUp } = httpClient(() => server.baseUrl);

  const upload = (
    bytes: Uint8Array,
    fileName: string,
    options: { accept?: string; cookie?: string; ip?: string } = {},
  ) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), fileName);
    const query = options.accept ? `?accept=${options.accept}` : "";
    return call(`/api/uploads${query}`, { method: "POST", body: form, cookie: options.cookie, ip: options.ip });
  };

  beforeAll(async () => {
    testDb = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
    s3 = name === "s3" ? await startLocalS3() : undefined;
    server = await startServer({
      SEED_DEMO: "false",
      ADMIN_EMAILS: ADMIN.email,
      TRUSTED_PROXY_HEADER: "x-real-ip",
      IMAGE_MAX_BYTES: String(LIMITS.imageMaxBytes),
      PDF_MAX_BYTES: String(LIMITS.pdfMaxBytes),
      UPLOAD_RATE_LIMIT_MAX: String(PUBLIC_UPLOAD_LIMIT),
      // Many uploads at once from one address, so the upload limit alone decides how many pass.
      UPLOAD_CONCURRENCY_MAX: "100",
      ...s3?.env,
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    });
    // ADMIN_EMAILS makes it admin once its address is proved.
    adminCookie = await signUp(ADMIN);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await s3?.stop();
    await testDb?.close();
  });

  it("serves an uploaded photo without its location, with its variants, cached for good and sandboxed", async () => {
    const response = await upload(await photoWithLocation(1600, 1200), "IMG_0002.jpg", {
      accept: "image",
      cookie: adminCookie,
    });
    expect(response.status).toBe(201);
    const stored = (await response.json()) as StoredMedia;
    expect(stored).toMatchObject({ kind: "image", width: 1600, height: 1200 });

    const served = await call(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The spec's own front end runs on another origin and must be able to show it.
    expect(served.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(served.headers.get("content-security-policy")).toMatch(/sandbox/);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(containsExif(bytes)).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const image = parseUploadedImage(stored.url);
    for (const width of [320, 640, 1280]) {
      const variant = await call(`${MEDIA_URL_PREFIX}${variantKey(image?.hash ?? "", width, "webp")}`);
      expect(variant.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(width);
    }
    // The files went where the configuration says.
    expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(name === "disk");
  });

  it("serves a PDF inline as application/pdf", async () => {
    const response = await upload(PDF_BYTES, "notice.pdf", { accept: "pdf", cookie: adminCookie });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as StoredMedia;
    const served = await call(url);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toBe("inline");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF_BYTES);
  });

  it("refuses a PNG renamed .pdf and an HTML file renamed .jpg with 400, naming the field", async () => {
    const png = await upload(await smallPng(), "results.pdf", { accept: "pdf", cookie: adminCookie });
    expect(png.status).toBe(400);
    expect(await png.json()).toEqual({
      message: '"results.pdf" is a PNG image, not a PDF.',
      errors: { file: '"results.pdf" is a PNG image, not a PDF.' },
    });
    const html = await upload(HTML_BYTES, "photo.jpg", { accept: "image", cookie: adminCookie });
    expect(html.status).toBe(400);
    expect((await html.json()).errors.file).toMatch(/is not a JPEG, PNG, WebP, AVIF or GIF image/);
  });

  it("answers 413 with the limit for a file over it, and for a body far over it", async () => {
    const over = Buffer.concat([await smallPng(), Buffer.alloc(LIMITS.imageMaxBytes)]);
    const image = await upload(over, "big.png", { accept: "image", cookie: adminCookie });
    expect(image.status).toBe(413);
    // Cut off as it streams in, at the limit, so only the limit is known, not the file's size.
    expect((await image.json()).message).toBe("The file is too large: images at most 300 KB.");

    const huge = await upload(Buffer.concat([await smallPng(), Buffer.alloc(2 * 1024 * 1024)]), "huge.png", {
      accept: "image",
      cookie: adminCookie,
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ message: "The file is too large: images at most 300 KB." });
  });

  it("lets visitors (the public forms) upload a few files per address, admins without limit", async () => {
    const ip = "10.6.99.1";
    for (let i = 0; i < PUBLIC_UPLOAD_LIMIT; i++) {
      expect((await upload(await smallPng(100 + i), `p${i}.png`, { ip })).status).toBe(201);
    }
    const limited = await upload(await smallPng(120), "p.png", { ip });
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/Too many uploads/);
    expect((await upload(await smallPng(121), "p.png", { ip: "10.6.99.2" })).status).toBe(201);
    for (let i = 0; i <= PUBLIC_UPLOAD_LIMIT; i++) {
      expect((await upload(await smallPng(130 + i), "a.png", { ip, cookie: adminCookie })).status).toBe(201);
    }
  });

  it("counts visitors' uploads when they start: many at once get no more through than the limit", async () => {
    const ip = "10.6.98.1";
    const pngs = await Promise.all(Array.from({ length: 8 }, (_, i) => smallPng(200 + i)));
    const statuses = (await Promise.all(pngs.map((png, i) => upload(png, `c${i}.png`, { ip })))).map(
      (response) => response.status,
    );
    expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(PUBLIC_UPLOAD_LIMIT);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
  });

  it("serves a file sent through a public form to admins only, until its submission is approved", async () => {
    const sent = await upload(VISITOR_PDF, "visitor.pdf", { accept: "pdf", ip: "10.6.96.1" });
    expect(sent.status).toBe(201);
    const { url } = (await sent.json()) as StoredMedia;
    expect((await call(url)).status).toBe(404);
    const reviewer = await call(url, { cookie: adminCookie });
    expect(reviewer.status).toBe(200);
    expect(reviewer.headers.get("cache-control")).toBe("private, no-store");

    const notice = { name: "Quarantine notice", publishing_date: "2099-03-03", pdfFile: url, description: "Sent" };
    const submitted = await call("/api/add-notice", {
      method: "POST",
      body: JSON.stringify(notice),
      headers: { "Content-Type": "application/json" },
      ip: "10.6.96.1",
    });
    expect(submitted.status).toBe(201);
    const { insertedId } = (await submitted.json()) as { insertedId: string };
    expect((await call(url)).status).toBe(404);
    const approved = await call(`/api/review/notices/${insertedId}/approve`, { method: "POST", cookie: adminCookie });
    expect(approved.status).toBe(200);
    const served = await call(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing file or any other path under /media with 404, never a file outside", async () => {
    expect((await call("/media/0123456789abcdef01234567.pdf")).status).toBe(404);
    for (const attempt of [
      "/media/../package.json",
      "/media/..%2f..%2fpackage.json",
      "/media/%2e%2e/%2e%2e/package.json",
      "/media/..%5c..%5cpackage.json",
      "/media/uploads/../../package.json",
    ]) {
      const { status, body } = await rawGet(server.baseUrl, attempt);
      expect(status, attempt).toBe(404);
      expect(body, attempt).not.toMatch(/"dependencies"/);
    }
  });
});

/** fetch() and URL strings resolve the dots themselves; the server must see them as sent. */
function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path: rawPath }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}
