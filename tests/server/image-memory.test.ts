import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_IMAGE_PIXELS } from "~/core/media.server";
import { peakWhile, treeRssMb } from "../../scripts/bench/memory";
import { httpClient } from "../support/http-client";
import { type RunningServer, startServer } from "../support/server";

/**
 * What decoding images costs the server: a small PNG of many pixels is cheap to send and dear
 * to decode. Four visitors each sending two at once (their upload slots) must keep the
 * server's memory under the 250 MB a small VPS leaves it. Against the production build.
 */
vi.setConfig({ testTimeout: 300_000 });

const PEAK_GOAL_MEGABYTES = 250;
const CLIENTS = 4;
const UPLOADS_PER_CLIENT = 2;

let server: RunningServer;
const { call } = httpClient(() => server.baseUrl);

beforeAll(async () => {
  server = await startServer({ SEED_DEMO: "false", TRUSTED_PROXY_HEADER: "x-real-ip" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** The server's and its image jobs' processes together: the decoding happens in the jobs. */
const rssMegabytes = () => treeRssMb(Number(server.process.pid));

/**
 * A flat square RGB PNG with a stripe, like the 125 KB one: about a hundred kilobytes
 * whatever its size; each shade its own bytes. (Compositing adds an alpha channel: a second
 * pass takes it off.)
 */
async function flatPng(side: number, shade: number): Promise<Buffer> {
  const stripe = { width: side, height: Math.ceil(side / 10), channels: 3, background: "#fff" } as const;
  const striped = await sharp({
    create: { width: side, height: side, channels: 3, background: { r: shade, g: 90, b: 160 } },
  })
    .composite([{ input: { create: stripe }, top: Math.floor(side / 2), left: 0 }])
    .png()
    .toBuffer();
  return sharp(striped).removeAlpha().png({ compressionLevel: 9 }).toBuffer();
}

const uploadImage = (bytes: Buffer, ip: string) => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "big.png");
  return call("/api/uploads?accept=image", { method: "POST", body: form as unknown as string, ip });
};

/** Uploads every image at once, as CLIENTS visitors, sampling the server's memory until all are answered. */
function uploadAllAtOnce(images: Buffer[]) {
  return peakWhile(rssMegabytes, async () => {
    const responses = await Promise.all(
      images.map((image, index) => uploadImage(image, `10.77.${Math.floor(index / UPLOADS_PER_CLIENT)}.1`)),
    );
    return Promise.all(
      responses.map(async (response) => ({ status: response.status, body: (await response.json()) as object })),
    );
  });
}

describe("decoding uploaded images", () => {
  it(`keeps the server under ${PEAK_GOAL_MEGABYTES} MB with ${CLIENTS} clients sending ${UPLOADS_PER_CLIENT} of the largest images allowed each`, async () => {
    const side = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
    const images = await Promise.all(
      Array.from({ length: CLIENTS * UPLOADS_PER_CLIENT }, (_, index) => flatPng(side, 10 + index)),
    );
    const { result: answers, peak, before } = await uploadAllAtOnce(images);
    expect(answers.map((answer) => answer.status)).toEqual(images.map(() => 201));
    expect(answers[0]?.body).toMatchObject({ kind: "image", width: side, height: side });
    console.info(
      `${images.length} uploads of ${side}x${side} PNGs: server ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak`,
    );
    expect(peak).toBeLessThanOrEqual(PEAK_GOAL_MEGABYTES);
  });

  it("refuses a 6240x6240 PNG, over the cap, with a clear 413 before decoding it, for every client at once", async () => {
    const images = await Promise.all(
      Array.from({ length: CLIENTS * UPLOADS_PER_CLIENT }, (_, index) => flatPng(6240, 100 + index)),
    );
    const { result: answers, peak } = await uploadAllAtOnce(images);
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ errors: { file: expect.stringMatching(/at most \d+ megapixels/) } });
    }
    expect(peak).toBeLessThanOrEqual(PEAK_GOAL_MEGABYTES);
  });
});
