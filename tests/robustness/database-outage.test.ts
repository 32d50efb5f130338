import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgCluster, type PgCluster } from "../support/pg-cluster";
import { type RunningServer, startServer } from "../support/server";

const QUICK_MS = 5_000;

async function timedFetch(url: string) {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  return { response, ms: performance.now() - started };
}

describe("database outage", () => {
  let cluster: PgCluster;
  let server: RunningServer;
  beforeAll(async () => {
    cluster = await createPgCluster();
    server = await startServer({ DATABASE_URL: cluster.url });
  });
  afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
  });

  it("answers 503 JSON quickly while PostgreSQL is down, stays up, and recovers by itself", async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    cluster.stop();

    const health = await timedFetch(`${server.baseUrl}/healthz`);
    expect(health.response.status).toBe(503);
    expect(health.ms).toBeLessThan(QUICK_MS);
    expect(await health.response.json()).toMatchObject({ database: { status: "unavailable" } });

    // Never read before, so nothing of them is in the page cache: they really reach the database.
    const headers = {};
    for (const path of ["/api/students", "/api/events"]) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}${path}`, { headers });
      expect(response.status, path).toBe(503);
      expect(performance.now() - started, path).toBeLessThan(QUICK_MS);
      expect((await response.json()).message, path).toMatch(/temporarily unavailable/);
    }
    const page = await fetch(`${server.baseUrl}/students`, { headers });
    expect(page.status).toBe(503);
    expect(server.process.exitCode).toBeNull();

    cluster.start();
    await expect.poll(async () => (await fetch(`${server.baseUrl}/healthz`)).status, { timeout: 20_000 }).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/students`, { headers })).status).toBe(200);
  });
});
