import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { type OpenDatabaseOptions, openDatabase } from "~/db/client.server";
import { students } from "~/db/schema";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";

const SECONDS = process.env.ROBUSTNESS_LONG ? 60 : 20;
const CONNECTIONS = 50;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

interface BurstOutcome {
  acknowledged: string[];
  statuses: Map<number, number>;
  serverErrorsBeforeKill: string[];
}

/** Mixed reads and writes from many connections; the server is killed with SIGKILL mid-burst. */
async function burstThenKill(server: RunningServer, cookie: string): Promise<BurstOutcome> {
  const outcome: BurstOutcome = { acknowledged: [], statuses: new Map(), serverErrorsBeforeKill: [] };
  const deadline = Date.now() + SECONDS * 1000;
  let killed = false;
  const killTimer = setTimeout(() => {
    killed = true;
    server.process.kill("SIGKILL");
  }, SECONDS * 700);
  const worker = async (id: number) => {
    for (let i = 0; Date.now() < deadline && !killed; i++) {
      const write = i % 3 === 0;
      try {
        const response = write
          ? await fetch(`${server.baseUrl}/api/add-student`, {
              method: "POST",
              headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.baseUrl },
              body: JSON.stringify({
                name: `Durable ${id}-${i}`,
                email: `durable-${id}-${i}@example.org`,
                photoURL: "https://example.org/photo.png",
                batch: 7,
                session: "2020-2021",
              }),
            })
          : await fetch(`${server.baseUrl}${i % 2 ? "/students?page=2" : "/api/events"}`, {
              headers: { Cookie: cookie },
            });
        const body = await response.text();
        outcome.statuses.set(response.status, (outcome.statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500 && !killed)
          outcome.serverErrorsBeforeKill.push(`${response.status} ${body.slice(0, 200)}`);
        if (write && response.status === 201) outcome.acknowledged.push(JSON.parse(body).insertedId);
      } catch {
        // the connection died with the server: that request was never acknowledged
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, id) => worker(id)));
  clearTimeout(killTimer);
  if (!killed) server.process.kill("SIGKILL");
  await server.stop();
  return outcome;
}

async function countPresent(options: OpenDatabaseOptions, ids: string[]) {
  const handle = await openDatabase(options);
  try {
    let present = 0;
    for (let start = 0; start < ids.length; start += 1000) {
      const rows = await handle.db
        .select({ id: students.id })
        .from(students)
        .where(inArray(students.id, ids.slice(start, start + 1000)));
      present += rows.length;
    }
    return present;
  } finally {
    await handle.close();
  }
}

async function runScenario(env: Record<string, string>, databaseOptions: OpenDatabaseOptions) {
  const server = await startServer(env);
  const cookie = await signInDemoAdmin(server);
  const outcome = await burstThenKill(server, cookie);
  expect(outcome.serverErrorsBeforeKill).toEqual([]);
  expect(outcome.acknowledged.length).toBeGreaterThan(50);

  const restarted = await startServer(env);
  expect((await fetch(`${restarted.baseUrl}/healthz`)).status).toBe(200);
  await restarted.stop();
  expect(await countPresent(databaseOptions, outcome.acknowledged)).toBe(outcome.acknowledged.length);
  console.log(
    `acknowledged writes: ${outcome.acknowledged.length}, statuses: ${JSON.stringify([...outcome.statuses])}`,
  );
}

describe(`load and durability (${CONNECTIONS} connections, ${SECONDS} s, kill -9 mid-burst)`, () => {
  it("keeps every acknowledged write on PGlite", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-durable-"));
    await runScenario({ DATA_DIR: dataDir }, { dataDir });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged write on PostgreSQL", async () => {
    const name = `club_durable_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      await runScenario({ DATABASE_URL: url.toString() }, { url: url.toString() });
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
