/**
 * npm run bench: builds the production server and prints every figure next to its goal (and
 * writes them as JSON under bench-results/). Timings are printed, never asserted.
 *
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 LIGHTHOUSE_RUNS=3 npm run bench   (-- --skip-build, -- --skip-lighthouse)
 *   npm run bench -- --only=scaling,throughput   (sections: throughput, signed-in, standings, weight, lighthouse, live, ticket-drop, scaling, search, practice)
 *   DATABASE_URL=postgres://… npm run bench -- --database=postgres   (the same sections on a real PostgreSQL)
 *   SOAK_MINUTES=30 npm run bench -- --only=soak   (memory over a day's mixed work; only when named: 30 minutes)
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../server/node-flags";
import { markReleaseInUse } from "../server/releases";
import type { RunningServer } from "../tests/support/server";
import { httpRequest, publicPaths } from "./bench/http";
import { runLighthouse } from "./bench/lighthouse";
import { measureLiveViewers } from "./bench/live";
import { loadTool, runLoad, runLoadsInTurns } from "./bench/load";
import { peakRssMb, settledRssMb } from "./bench/memory";
import { measurePageWeight } from "./bench/page-weight";
import { measurePractice } from "./bench/practice";
import { startRenderCeiling } from "./bench/render-ceiling";
import { printReport } from "./bench/report";
import { measureSearch } from "./bench/search";
import { probeSoakTasks, runSoak, SOAK_ENV, soakTable } from "./bench/soak";
import { measureStandingsImports } from "./bench/standings";
import { type BenchTarget, benchTarget } from "./bench/target";
import { measureAnonymousThroughput, measureCacheBypass } from "./bench/throughput";
import { measureTicketDrop } from "./bench/ticket-drop";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The bench is one client measuring how fast pages render, not the per-client render budget. */
const UNLIMITED = { RENDER_RATE_LIMIT_MAX: "1000000000", AUTH_RATE_LIMIT_MAX: "1000000" };
const args = new Set(process.argv.slice(2));
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const only = option("only")?.split(",");
const database = option("database") === "postgres" ? "postgres" : "pglite";
/** Start-up and memory are always measured: every other section needs the server they start. */
const wants = (section: string) =>
  (!only || only.includes(section)) && !(section === "lighthouse" && args.has("--skip-lighthouse"));
/** The soak takes half an hour: it runs only when named. */
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
/** RSS the soak may reach at any time (decision 023). */
export const SOAK_GOAL_MB = { pglite: 250, postgres: 200 } as const;
/** Rows 217-240 of both (24 per page): a page that exists with 500 students as with 50,000. */
export const SCALING_PAGE_PATH = "/students?page=10";
export const SCALING_API_PATH = "/api/students?page=10&limit=24";
/**
 * The release the bench measures, read after its build (a build made a new one and pruned the
 * old), and marked in use so that a build made meanwhile does not prune it either.
 */
function benchRelease(): string {
  const release = fs.realpathSync(path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build"));
  markReleaseInUse(release);
  return release;
}

async function main() {
  if (!args.has("--skip-build")) execSync("npm run build", { stdio: "inherit" });
  const releaseDir = benchRelease();
  const target = await benchTarget(database);
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    database,
    tool: loadTool(),
    seconds: SECONDS,
    connections: CONNECTIONS,
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  };
  try {
    const { server, startup, rssAfterStartMb, admin } = await startTwice(target);
    report.startup = startup;
    report.memory = { rssAfterStartMb };
    const userCookie = await signUp(server.baseUrl);
    if (wants("throughput")) {
      report.anonymousThroughput = await measureAnonymousThroughput(server, {
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      report.cacheBypass = await measureCacheBypass(server, { connections: CONNECTIONS, seconds: SECONDS });
    }
    if (wants("signed-in"))
      report.signedIn = await measureSignedIn(server, releaseDir, userCookie, await signIn(server.baseUrl, admin));
    report.memory = { rssAfterStartMb, peakRssMb: peakRssMb(Number(server.process.pid)) };
    if (wants("standings"))
      report.standingsImports = await measureStandingsImports(server, await signIn(server.baseUrl, admin));
    if (wants("weight")) {
      const paths = await publicPaths(server.baseUrl);
      report.pageWeight = await Promise.all(paths.map((pagePath) => measurePageWeight(server.baseUrl, pagePath)));
    }
    if (wants("lighthouse")) {
      const urls = (await publicPaths(server.baseUrl)).map((pagePath) => `${server.baseUrl}${pagePath}`);
      report.lighthouse = await runLighthouse(urls, LIGHTHOUSE_RUNS);
    }
    await server.stop();
    if (wants("live")) report.liveViewers = await measureLiveViewers(target, UNLIMITED);
    if (wants("ticket-drop")) report.ticketDrop = await measureTicketDrop(target, UNLIMITED);
    if (wants("scaling")) report.scaling = await measureScaling(target, userCookie);
    if (wants("search")) report.search = await measureSearchAt50k(target, userCookie);
    if (wants("practice")) report.practice = await measurePractice(target);
    if (only?.includes("soak")) report.soak = await measureSoak(target, admin);
    if (only?.includes("soak-probe")) report.soakProbe = await probeSoak(target, admin);
  } finally {
    await target.dispose();
  }
  printReport(report);
  fs.mkdirSync("bench-results", { recursive: true });
  const file = path.join("bench-results", `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
}

/** A first start on an empty data dir (or database), then a start on what it left. */
async function startTwice(target: BenchTarget) {
  let started = performance.now();
  const first = await target.start(UNLIMITED);
  const emptyMs = Math.round(performance.now() - started);
  const admin = parseDemoAdmin(first.output());
  await first.stop();
  started = performance.now();
  const server = await target.start(UNLIMITED);
  const existingMs = Math.round(performance.now() - started);
  const rssAfterStartMb = await settledRssMb(Number(server.process.pid));
  return { server, admin, rssAfterStartMb, startup: { emptyMs, existingMs } };
}

/** Signed-in pages, each next to its render-only ceiling: the same page rendered from memory (render-ceiling.ts). */
const SIGNED_IN_PATHS = ["/students", "/", "/notice"];
/** A signed-in page and its ceiling take turns, two seconds at a time (see runLoadsInTurns). */
const SIGNED_IN_TURNS = Math.max(1, Math.round(SECONDS / 2));

/** Each signed-in page next to its render-only ceiling, and an admin's write. */
async function measureSignedIn(server: RunningServer, releaseDir: string, userCookie: string, adminCookie: string) {
  const load = { connections: CONNECTIONS, seconds: SECONDS };
  const pages = [];
  for (const pagePath of SIGNED_IN_PATHS) {
    const ceiling = await startRenderCeiling({
      releaseDir,
      baseUrl: server.baseUrl,
      pagePath,
      cookie: userCookie,
      nodeFlags: SERVER_NODE_FLAGS,
    });
    const [page, renderCeiling] = await runLoadsInTurns(
      [
        { url: `${server.baseUrl}${pagePath}`, headers: { Cookie: userCookie }, ...load },
        { url: ceiling.url, ...load },
      ],
      { turns: SIGNED_IN_TURNS },
    ).finally(() => ceiling.stop());
    if (!page || !renderCeiling) throw new Error(`no load result for ${pagePath}`);
    pages.push({ path: pagePath, page, renderCeiling });
  }
  const adminAddStudent = await runLoad({
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
  });
  return { pages, adminAddStudent };
}

/** Latency of a students page and the students API with 500 and with 50,000 students. */
async function measureScaling(target: BenchTarget, userCookie: string) {
  const rows = [];
  for (const count of [500, 50_000]) {
    await target.replaceStudents(count);
    const server = await target.start(UNLIMITED);
    const measure = (pagePath: string) =>
      runLoad({
        url: `${server.baseUrl}${pagePath}`,
        headers: { Cookie: userCookie },
        connections: 10,
        seconds: SECONDS,
      });
    const studentsPage = await measure(SCALING_PAGE_PATH);
    const studentsApi = await measure(SCALING_API_PATH);
    await server.stop();
    rows.push({ students: count, studentsPage, studentsApi });
  }
  return rows;
}

/** A fresh server on the bench's database driven by a day's mixed work (scripts/bench/soak.ts). */
async function measureSoak(target: BenchTarget, admin: { email: string; password: string }) {
  const server = await target.start({ ...UNLIMITED, ...SOAK_ENV });
  try {
    const result = await runSoak(server, {
      minutes: SOAK_MINUTES,
      database,
      admin,
      goalMb: SOAK_GOAL_MB[database],
      chartFile: path.join(".bench", `soak-${database}.svg`),
      log: (line) => console.log(line),
    });
    console.log(`\n== Soak, ${SOAK_MINUTES} min on ${database}: memory every 2 minutes`);
    console.table(soakTable(result));
    console.log(`Chart: ${result.chart}`);
    return { ...result, goalMb: SOAK_GOAL_MB[database] };
  } finally {
    await server.stop();
  }
}

/** Each kind of the soak's work alone, with the memory it leaves behind. */
async function probeSoak(target: BenchTarget, admin: { email: string; password: string }) {
  const server = await target.start({ ...UNLIMITED, ...SOAK_ENV });
  try {
    const rows = await probeSoakTasks(server, admin);
    console.log(`\n== The soak's work, each kind alone (three times), on ${database}`);
    console.table(rows);
    return rows;
  } finally {
    await server.stop();
  }
}

/** Site search's latency on the scaling section's 50,000 students (made again when that section did not run). */
async function measureSearchAt50k(target: BenchTarget, userCookie: string) {
  if (!wants("scaling")) await target.replaceStudents(50_000);
  const server = await target.start(UNLIMITED);
  try {
    return await measureSearch(server, userCookie, SECONDS);
  } finally {
    await server.stop();
  }
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
