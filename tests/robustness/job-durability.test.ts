import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, signInDemoAdmin, startServer } from "../support/server";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SUBSCRIBERS = 30;
/** Each process sends this many mails at once (the send queue's concurrency). */
const SENDS_PER_PROCESS = 2;

/**
 * Mail jobs survive a process killed mid-send: the SMTP server holds every message unanswered
 * while a process is killed with SIGKILL, then answers the living ones. The killed process's
 * messages never got their 250, so its jobs run again elsewhere (or after a restart); in the end
 * every subscriber has exactly one mail: no job lost, none run twice.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp?.close());

const jobEnv = () => ({
  SMTP_URL: smtp.url,
  SMTP_RATE_PER_MINUTE: "60000",
  JOB_SUPERVISE_SECONDS: "1",
  JOB_RETRY_DELAY_SECONDS: "1",
});

async function publishNotice(server: RunningServer, cookie: string, name: string) {
  const response = await fetch(`${server.baseUrl}/api/add-notice`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.baseUrl },
    body: JSON.stringify({
      name,
      publishing_date: "2031-01-01",
      pdfFile: "https://example.org/n.pdf",
      description: "Durability.",
    }),
  });
  expect(response.status).toBe(201);
}

/** Confirmed subscribers of notices, written straight into the database. */
function subscriberRows(tag: string) {
  return Array.from({ length: SUBSCRIBERS }, (_, index) => `durable-${tag}-${index}@example.org`);
}

/** Holds the sends, kills `victim` mid-send, lets the others' sends through, and waits for every address. */
async function killMidSend(
  victim: RunningServer,
  heldAtLeast: number,
  addresses: string[],
  afterKill?: () => Promise<void>,
) {
  await smtp.waitUntil(() => smtp.held() >= heldAtLeast, `${heldAtLeast} held sends`, 120_000);
  victim.process.kill("SIGKILL");
  await victim.stop();
  smtp.behave("accept");
  smtp.release();
  await afterKill?.();
  await smtp.waitUntil(
    () => addresses.every((address) => smtp.received.some((mail) => mail.to.includes(address))),
    "a mail for every subscriber",
    180_000,
  );
}

function expectExactlyOneEach(addresses: string[], subject: string) {
  for (const address of addresses) {
    const mails = smtp.received.filter((mail) => mail.to.includes(address));
    expect(
      mails.map((mail) => mail.parsed.subject),
      address,
    ).toEqual([subject]);
  }
}

describe("mail jobs and kill -9", () => {
  it("PostgreSQL, three processes: each mail is sent once though one process dies mid-send", async () => {
    const name = `club_jobs_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const env = {
      ...jobEnv(),
      DATABASE_URL: url.toString(),
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    };
    const servers: RunningServer[] = [];
    const db = new pg.Client({ connectionString: url.toString() });
    try {
      servers.push(await startServer(env));
      servers.push(await startServer({ ...env, SEED_DEMO: "false" }));
      servers.push(await startServer({ ...env, SEED_DEMO: "false" }));
      const [first, second, third] = servers as [RunningServer, RunningServer, RunningServer];
      await db.connect();
      const addresses = subscriberRows("pg");
      await db.query(
        `insert into subscriptions (email, topics, confirmed_at) select unnest($1::text[]), '{notices}', now()`,
        [addresses],
      );
      smtp.behave("hold");
      const cookie = await signInDemoAdmin(first);
      await publishNotice(first, cookie, "Three processes");
      // Every process holds its full share of sends: the victim dies with two mails on the wire.
      await killMidSend(second, SENDS_PER_PROCESS * 3, addresses);
      expectExactlyOneEach(addresses, "New notice: Three processes");
      // A sender marks its mail sent just after the SMTP server accepts it: on a busy machine, a moment later.
      const statuses = async () =>
        (await db.query(`select status, count(*)::int as count from mails group by status`)).rows;
      await expect.poll(statuses, { timeout: 60_000, interval: 200 }).toEqual([{ status: "sent", count: SUBSCRIBERS }]);
      const failed = await db.query(`select count(*)::int as count from pgboss.job where state = 'failed'`);
      expect(failed.rows[0].count).toBe(0);
      expect(first.process.exitCode).toBeNull();
      expect(third.process.exitCode).toBeNull();
    } finally {
      await db.end().catch(() => {});
      for (const server of servers) await server.stop();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });

  it("PGlite, one process: the mail of a process killed mid-send goes out once after the restart", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-jobs-"));
    const env = { ...jobEnv(), DATA_DIR: dataDir, PUBLIC_FORM_RATE_LIMIT_MAX: "10000" };
    let restarted: RunningServer | undefined;
    try {
      const server = await startServer(env);
      const cookie = await signInDemoAdmin(server);
      const addresses = subscriberRows("pglite");
      await addSubscribersThroughForm(server, addresses);
      await confirmAllFromHeldMails(server, addresses);
      await publishNotice(server, cookie, "One process");
      await killMidSend(server, SENDS_PER_PROCESS, addresses, async () => {
        restarted = await startServer(env);
      });
      expectExactlyOneEach(addresses, "New notice: One process");
    } finally {
      await restarted?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The public form, as visitors subscribe (the embedded database can't be opened beside the server). */
async function addSubscribersThroughForm(server: RunningServer, addresses: string[]) {
  smtp.behave("accept");
  for (const email of addresses) {
    const body = new URLSearchParams({ email, topics: "notices", frequency: "immediately" });
    const response = await fetch(`${server.baseUrl}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
      body,
    });
    expect(response.status).toBe(200);
  }
}

/** Opens each confirmation link, then starts holding sends. */
async function confirmAllFromHeldMails(server: RunningServer, addresses: string[]) {
  await smtp.waitUntil(
    () => addresses.every((address) => smtp.received.some((mail) => mail.to.includes(address))),
    "every confirmation mail",
    120_000,
  );
  for (const address of addresses) {
    const mail = smtp.received.find((received) => received.to.includes(address));
    const link = /http:\/\/127\.0\.0\.1:\d+\/subscribe\/confirm\/\S+/.exec(mail?.parsed.text ?? "")?.[0];
    expect((await fetch(link ?? "")).status).toBe(200);
  }
  // The confirmations are not what this test counts.
  smtp.received.splice(0);
  smtp.behave("hold");
  expect(server.process.exitCode).toBeNull();
}
