import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Two app processes on one PostgreSQL database, as behind a load balancer. */
describe("page cache across processes", () => {
  const name = `club_cache_${crypto.randomBytes(4).toString("hex")}`;
  let admin: pg.Client;
  let writer: RunningServer;
  let reader: RunningServer;
  let cookie = "";
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const secret = crypto.randomBytes(32).toString("base64url");
    writer = await startServer({ DATABASE_URL: url.toString(), BETTER_AUTH_SECRET: secret });
    reader = await startServer({ DATABASE_URL: url.toString(), BETTER_AUTH_SECRET: secret, SEED_DEMO: "false" });
    cookie = await signInDemoAdmin(writer);
  });
  afterAll(async () => {
    await writer?.stop();
    await reader?.stop();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  const studentsPage = async (server: RunningServer) => {
    const response = await fetch(`${server.baseUrl}/students?batch=77`);
    return { cache: response.headers.get("x-page-cache"), html: await response.text() };
  };

  it("the writing process never serves stale HTML; the other within a second", async () => {
    // Entries are stored once compressed, a moment after the first answer.
    for (const server of [writer, reader]) {
      await expect.poll(async () => (await studentsPage(server)).cache, { interval: 20 }).toBe("HIT");
    }
    const studentName = `Cache Check ${crypto.randomBytes(3).toString("hex")}`;
    const added = await fetch(`${writer.baseUrl}/api/add-student`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: writer.baseUrl },
      body: JSON.stringify({
        name: studentName,
        email: "cache@example.org",
        photoURL: "https://example.org/p.png",
        batch: 77,
      }),
    });
    expect(added.status).toBe(201);

    expect((await studentsPage(writer)).html).toContain(studentName);
    const written = performance.now();
    await expect
      .poll(async () => (await studentsPage(reader)).html, { interval: 50, timeout: 5_000 })
      .toContain(studentName);
    expect(performance.now() - written).toBeLessThan(1_000);
  });
});
