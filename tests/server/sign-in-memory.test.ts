import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssMb } from "../../scripts/bench/memory";
import { demoAdminOf, type RunningServer, startServer } from "../support/server";

/**
 * A password's hash needs 32 MB (scrypt, N 16384, r 16) while it is made: sign-ins that come
 * together must not each hold theirs at once. Eight at once took the server from 167 to 300 MB
 * when Node's thread pool ran four hashes side by side; one at a time, +35 MB. Against the
 * production build.
 */
const SIGN_INS = 8;
/** One hash at work (32 MB) and the requests' own few MB; two at once would pass 64. */
const RISE_LIMIT_MB = 56;

let server: RunningServer;
let admin: { email: string; password: string };

beforeAll(async () => {
  server = await startServer({ AUTH_RATE_LIMIT_MAX: "1000000" });
  admin = demoAdminOf(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

const signIn = () =>
  fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.baseUrl },
    body: JSON.stringify(admin),
  });

describe("sign-ins that come together", () => {
  it(`hash one password at a time: ${SIGN_INS} at once raise the server's memory by at most ${RISE_LIMIT_MB} MB`, async () => {
    const pid = Number(server.process.pid);
    // The first sign-in loads what signing in needs: the rise measured is the hashes'.
    expect((await signIn()).status).toBe(200);
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 5);
    try {
      const statuses = await Promise.all(Array.from({ length: SIGN_INS }, async () => (await signIn()).status));
      expect(statuses).toEqual(Array.from({ length: SIGN_INS }, () => 200));
    } finally {
      clearInterval(sampler);
    }
    console.info(`${SIGN_INS} sign-ins at once: ${before} MB before, ${peak} MB at the peak`);
    expect(peak - before).toBeLessThanOrEqual(RISE_LIMIT_MB);
  }, 120_000);
});
