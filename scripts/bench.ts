/**
 * npm run bench: builds the production server, seeds it, and prints the numbers issue #7
 * asks for (also written as JSON under bench-results/). Timings are printed, never asserted.
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 LIGHTHOUSE_RUNS=3 npm run bench   (-- --skip-build, -- --skip-lighthouse)
 *   npm run bench -- --only=scaling,throughput   (sections: throughput, signed-in, weight, lighthouse, scaling)
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { type RunningServer, startServer } from "../tests/support/server";
import { httpRequest } from "./bench/http";
import { runLighthouse } from "./bench/lighthouse";
import { type LoadResult, loadTool, round, runLoad } from "./bench/load";
import { measurePageWeight } from "./bench/page-weight";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The bench is one client measuring how fast pages render, not the per-client render budget. */
const UNLIMITED_RENDERS = { RENDER_RATE_LIMIT_MAX: "1000000000" };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const args = new Set(process.argv.slice(2));
const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
/** Start-up times are always measured: every other section needs the server they start. */
const wants = (section: string) =>
  (!only || only.includes(section)) && !(section === "lighthouse" && args.has("--skip-lighthouse"));
const THROUGHPUT_PATHS = ["/", "/students", "/notice", "/api/students"];
/** Rows 217-240 of both (24 per page): a page that exists with 500 students as with 50,000. */
const SCALING_PAGE_PATH = "/students?page=10";
const SCALING_API_PATH = "/api/students?page=10&limit=24";

async function main() {
  if (!args.has("--skip-build")) execSync("npm run build", { stdio: "inherit" });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "club-bench-"));
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    tool: loadTool(),
    seconds: SECONDS,
    connections: CONNECTIONS,
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  };

  const startup = { emptyDataDirMs: 0, existingDataDirMs: 0 };
  let started = performance.now();
  let server = await startServer({ DATA_DIR: dataDir, ...UNLIMITED_RENDERS });
  startup.emptyDataDirMs = Math.round(performance.now() - started);
  const admin = parseDemoAdmin(server.output());
  await server.stop();
  started = performance.now();
  server = await startServer({ DATA_DIR: dataDir, ...UNLIMITED_RENDERS });
  startup.existingDataDirMs = Math.round(performance.now() - started);
  report.startup = startup;

  if (wants("throughput")) {
    report.anonymousThroughput = await measureAnonymousThroughput(server);
    report.cacheBypass = await measureCacheBypass(server);
    report.peakRssMb = peakRssMb(server);
  }

  const userCookie = await signUp(server.baseUrl);
  const adminCookie = await signIn(server.baseUrl, admin);
  if (wants("signed-in"))
    report.signedIn = {
      studentsPage: await runLoad({
        url: `${server.baseUrl}/students`,
        headers: { Cookie: userCookie },
        connections: CONNECTIONS,
        seconds: SECONDS,
      }),
      adminAddStudent: await runLoad({
        url: `${server.baseUrl}/api/add-student`,
        method: "POST",
        headers: { Cookie: adminCookie, "Content-Type": "application/json", Origin: server.baseUrl },
        body: JSON.stringify({
          name: "Bench Student",
          email: "bench@example.org",
          photoURL: "https://example.org/p.png",
          batch: 99,
          session: "2099-2100",
        }),
        connections: 10,
        seconds: SECONDS,
      }),
    };

  if (wants("weight")) {
    report.pageWeight = await Promise.all(
      (await publicPaths(server.baseUrl)).map((pagePath) => measurePageWeight(server.baseUrl, pagePath)),
    );
  }
  if (wants("lighthouse")) {
    report.lighthouse = await runLighthouse(
      (await publicPaths(server.baseUrl)).map((p) => `${server.baseUrl}${p}`),
      LIGHTHOUSE_RUNS,
    );
  }
  await server.stop();

  if (wants("scaling")) report.scaling = await measureScaling(dataDir, userCookie);
  fs.rmSync(dataDir, { recursive: true, force: true });
  printReport(report);
  fs.mkdirSync("bench-results", { recursive: true });
  const file = path.join("bench-results", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
}

/** Each app path next to a bare Node server answering the same bytes from memory. */
async function measureAnonymousThroughput(server: RunningServer) {
  const rows = [];
  for (const pagePath of THROUGHPUT_PATHS) {
    const url = `${server.baseUrl}${pagePath}`;
    const sample = await httpRequest(url);
    const bytes = sample.body;
    const contentType = sample.headers["content-type"] ?? "text/html";
    await httpRequest(url); // warm the page cache
    const app = await runLoad({ url, connections: CONNECTIONS, seconds: SECONDS });
    const bare = await withBareServer(bytes, contentType, (bareUrl) =>
      runLoad({ url: bareUrl, connections: CONNECTIONS, seconds: SECONDS }),
    );
    rows.push({
      path: pagePath,
      bytes: bytes.length,
      app,
      bare,
      ratio: round(app.requestsPerSecond / bare.requestsPerSecond),
    });
  }
  return rows;
}

/**
 * `/students` with a query string never seen before on every request (as a script dodging the
 * cache would send), next to plain cache hits. Goal: at least half the hits' throughput.
 */
async function measureCacheBypass(server: RunningServer) {
  const url = `${server.baseUrl}/students`;
  await httpRequest(url);
  const hits = await runLoad({ url, connections: CONNECTIONS, seconds: SECONDS });
  const distinctQueries = await runLoad({ url, connections: CONNECTIONS, seconds: SECONDS, uniqueQuery: true });
  return { hits, distinctQueries, ratio: round(distinctQueries.requestsPerSecond / hits.requestsPerSecond) };
}

async function withBareServer<T>(body: Buffer, contentType: string, run: (url: string) => Promise<T>): Promise<T> {
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  try {
    return await run(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
  } finally {
    await new Promise((resolve) => bare.close(resolve));
  }
}

/** Latency of a students page and the students API with 500 and with 50,000 students. */
async function measureScaling(dataDir: string, userCookie: string) {
  const rows = [];
  for (const count of [500, 50_000]) {
    await replaceStudents(dataDir, count);
    const server = await startServer({ DATA_DIR: dataDir, ...UNLIMITED_RENDERS });
    const page = await runLoad({
      url: `${server.baseUrl}${SCALING_PAGE_PATH}`,
      headers: { Cookie: userCookie },
      connections: 10,
      seconds: SECONDS,
    });
    const api = await runLoad({
      url: `${server.baseUrl}${SCALING_API_PATH}`,
      headers: { Cookie: userCookie },
      connections: 10,
      seconds: SECONDS,
    });
    await server.stop();
    rows.push({ students: count, studentsPage: page, studentsApi: api });
  }
  const [small, large] = rows as [(typeof rows)[0], (typeof rows)[0]];
  return {
    rows,
    pageLatencyRatio: round(large.studentsPage.latencyP50Ms / small.studentsPage.latencyP50Ms),
    apiLatencyRatio: round(large.studentsApi.latencyP50Ms / small.studentsApi.latencyP50Ms),
  };
}

async function replaceStudents(dataDir: string, count: number) {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.db.execute(sql`delete from students`);
    await handle.db.execute(sql`
      insert into students (name, batch, email, photo_url, session)
      select 'Student ' || n, 1 + n % 12, 'student' || n || '@example.org', '/favicon.svg', '2020-2021'
      from generate_series(1, ${count}) as n`);
    await handle.db.execute(sql`analyze students`);
  } finally {
    await handle.close();
  }
}

async function publicPaths(baseUrl: string): Promise<string[]> {
  const sitemap = (await httpRequest(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
  return [...new Set(paths)];
}

function parseDemoAdmin(output: string) {
  const match = output.match(/email:\s+(\S+)\s+password:\s+(\S+)/);
  if (!match?.[1] || !match[2]) throw new Error(`No demo admin in the start-up log:\n${output}`);
  return { email: match[1], password: match[2] };
}

async function authRequest(baseUrl: string, endpoint: string, body: object): Promise<string> {
  const response = await httpRequest(`${baseUrl}/api/auth/${endpoint}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${endpoint} failed: ${response.status} ${response.text()}`);
  return response.cookies();
}

const signUp = (baseUrl: string) =>
  authRequest(baseUrl, "sign-up/email", {
    name: "Bench User",
    email: `bench-${Date.now()}@example.org`,
    password: "bench-password-1",
  });
const signIn = (baseUrl: string, account: { email: string; password: string }) =>
  authRequest(baseUrl, "sign-in/email", account);

function peakRssMb(server: RunningServer): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Math.round(Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024);
}

interface ScalingReport {
  rows: { students: number; studentsPage: LoadResult; studentsApi: LoadResult }[];
  pageLatencyRatio: number;
  apiLatencyRatio: number;
}

function printReport(report: Record<string, unknown>) {
  const throughput = report.anonymousThroughput as
    | { path: string; app: LoadResult; bare: LoadResult; ratio: number }[]
    | undefined;
  if (throughput) {
    console.log(`\n== Throughput, anonymous (${report.tool}, ${CONNECTIONS} connections, ${SECONDS} s)`);
    console.table(
      throughput.map((row) => ({
        path: row.path,
        "app req/s": row.app.requestsPerSecond,
        "bare req/s": row.bare.requestsPerSecond,
        ratio: row.ratio,
        "app p99 ms": row.app.latencyP99Ms,
        "non-2xx": row.app.non2xx,
      })),
    );
  }
  const bypass = report.cacheBypass as { hits: LoadResult; distinctQueries: LoadResult; ratio: number } | undefined;
  if (bypass) {
    console.log("\n== /students with a new query string each request, next to cache hits");
    console.table({
      "cache hits": { "req/s": bypass.hits.requestsPerSecond, "non-2xx": bypass.hits.non2xx },
      "distinct query strings": {
        "req/s": bypass.distinctQueries.requestsPerSecond,
        "non-2xx": bypass.distinctQueries.non2xx,
      },
    });
    console.log(`ratio ${bypass.ratio} (goal >= 0.5)`);
  }
  const signedIn = report.signedIn as Record<string, LoadResult> | undefined;
  if (signedIn) {
    console.log("\n== Signed in");
    console.table(
      Object.entries(signedIn).map(([name, result]) => ({
        name,
        "req/s": result.requestsPerSecond,
        "p50 ms": result.latencyP50Ms,
        "p99 ms": result.latencyP99Ms,
        "non-2xx": result.non2xx,
      })),
    );
  }
  const scaling = report.scaling as ScalingReport | undefined;
  if (scaling) {
    console.log("\n== Latency vs table size");
    console.table(
      scaling.rows.map((row) => ({
        students: row.students,
        [`${SCALING_PAGE_PATH} p50 ms`]: row.studentsPage.latencyP50Ms,
        [`${SCALING_API_PATH} p50 ms`]: row.studentsApi.latencyP50Ms,
      })),
    );
    console.log(`ratio 50,000 / 500: page ${scaling.pageLatencyRatio}, api ${scaling.apiLatencyRatio} (goal <= 1.5)`);
  }
  if (report.pageWeight) {
    console.log("\n== Bytes per public page (gzip)");
    console.table(report.pageWeight);
  }
  if (report.lighthouse) {
    console.log("\n== Lighthouse (mobile)");
    console.table(report.lighthouse);
  }
  if (report.peakRssMb) console.log(`\n== Peak RSS under load: ${report.peakRssMb} MB`);
  console.log(`== Start to ready: ${JSON.stringify(report.startup)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
