import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSoak, SOAK_ENV, type SoakResult, soakTable } from "../../scripts/bench/soak";
import { demoAdminOf, type RunningServer, startServer } from "../support/server";

/**
 * The bench's soak (decision 023) for 3 minutes: the production server on the embedded
 * database, driven by a day's mixed work at fixed counts per minute (pages in both languages
 * and themes, sign-ins, dashboard edits, a CSV import, World Finals standings imports, 12 MP
 * photos, search, feeds, a backup, registrations). Looser than the bench's 30-minute goals (250
 * MB, under 1 MB a minute over the last 10 minutes), so that a leak is caught when it is added
 * and a busy 2-core CI machine still passes.
 */
const MINUTES = 3;
/**
 * The highest reading every 100 ms of the server and its job processes together. Every photo is
 * a new one, decoded in a job process (60-75 MB of its own while it runs) beside the server's
 * 210-250 MB; three-minute runs read 275-303 MB at their highest on a quiet machine, 312 on CI.
 * (400 MB on the 10-s samples before the heavy jobs ran in processes of their own and sign-ins
 * hashed one at a time: their highest were 273-276 MB on CI.)
 */
const PEAK_LIMIT_MB = 360;
/**
 * The last third of a 3-minute run is still the warm-up: the page cache fills toward its bound
 * there (18-22 MB a minute measured on CI's 2 cores), so only a steeper rise says leak, as a
 * leak of a few hundred kilobytes per page would at the soak's counts. The slope is the server's
 * own RSS: a job process's memory ends with its job, and one sample landing in a photo's job read
 * as 59 MB a minute over the last minute's six samples.
 */
const SLOPE_LIMIT_MB_PER_MINUTE = 45;

let server: RunningServer;
let admin: { email: string; password: string };
let result: SoakResult;

beforeAll(async () => {
  server = await startServer({
    ...SOAK_ENV,
    // One client address does everything: its per-address limits are not what is measured.
    RENDER_RATE_LIMIT_MAX: "1000000000",
    AUTH_RATE_LIMIT_MAX: "1000000",
  });
  admin = demoAdminOf(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

describe(`a ${MINUTES}-minute soak of a day's mixed work`, () => {
  it(`keeps RSS under ${PEAK_LIMIT_MB} MB with no upward trend, every request answered`, async () => {
    result = await runSoak(server, {
      minutes: MINUTES,
      database: "pglite",
      admin,
      goalMb: PEAK_LIMIT_MB,
      chartFile: path.join(os.tmpdir(), `soak-robustness-${process.pid}.svg`),
    });
    const summary = JSON.stringify({ table: soakTable(result), tasks: result.tasks, peaks: result.peaks }, null, 1);
    // In the suite's log, for comparing runs: the samples, the highest, the slope.
    console.table(soakTable(result));
    console.log(
      `soak: highest sample ${result.peakSampledRssMb} MB, high-water mark ${result.peakRssMb} MB, slope ${result.lastSlopeMbPerMinute} MB/min`,
      `highest peaks read every 100 ms: ${JSON.stringify(result.peaks)}`,
    );
    expect(result.samples.length, summary).toBeGreaterThanOrEqual(MINUTES * 5);
    for (const task of result.tasks) {
      expect(task.done, `${task.task} ran: ${summary}`).toBeGreaterThan(0);
      expect(task.failed, `${task.task}: 5xx or no answer: ${summary}`).toBe(0);
      expect(task.unexpected, `${task.task}: ${task.firstUnexpected}`).toBe(0);
    }
    expect(result.peaks[0]?.rssMb, summary).toBeLessThanOrEqual(PEAK_LIMIT_MB);
    expect(result.lastSlopeMbPerMinute, summary).toBeLessThan(SLOPE_LIMIT_MB_PER_MINUTE);
  }, 600_000);
});
