import { LIVE_BENCH, type LiveViewersRow, OTHER_PAGE } from "./live";
import type { LoadResult } from "./load";
import { round } from "./load";
import type { PracticeBenchRow } from "./practice";
import type { SearchRow } from "./search";
import type { SoakResult } from "./soak";
import type { StandingsImportRow } from "./standings";
import type { ThroughputRow } from "./throughput";
import type { TicketDropRow } from "./ticket-drop";

/** Signed-in `/students` on the landed build before this work (the platform issue's figure). */
const SIGNED_IN_BEFORE_RPS = 41;
/** A live board's update reaches its viewers within 2 s of the event reaching the server. */
const LIVE_UPDATE_GOAL_MS = 2000;
/** What one search may take for one visitor, database and page building included. */
const SEARCH_P50_GOAL_MS = 30;
/** `/practice` without any cache, at 50,000 stored submissions. */
const PRACTICE_P50_GOAL_MS = 30;
/** The server's memory while the judges' sync runs (decision 023's goal for the embedded database). */
const PRACTICE_SYNC_RSS_GOAL_MB = 250;

interface Report {
  database?: string;
  tool?: string;
  connections?: number;
  seconds?: number;
  startup?: { emptyMs: number; existingMs: number };
  memory?: { rssAfterStartMb: number; peakRssMb?: number };
  anonymousThroughput?: ThroughputRow[];
  cacheBypass?: {
    hits: LoadResult;
    distinctQueries: LoadResult;
    ratio: number;
    hitsBesideMadeUpPaths: LoadResult;
    madeUpPaths: LoadResult;
    madeUpPathsRatio: number;
  };
  signedIn?: {
    pages: { path: string; page: LoadResult; renderCeiling: LoadResult }[];
    adminAddStudent: LoadResult;
  };
  scaling?: { students: number; studentsPage: LoadResult; studentsApi: LoadResult }[];
  search?: SearchRow[];
  practice?: PracticeBenchRow;
  ticketDrop?: TicketDropRow;
  liveViewers?: LiveViewersRow;
  standingsImports?: StandingsImportRow;
  pageWeight?: unknown[];
  lighthouse?: unknown[];
  soak?: SoakResult & { goalMb: number };
}

type Goal = { figure: string; measured: number; goal: string; met: boolean };
const atLeast = (figure: string, measured: number, goal: number, unit = ""): Goal => ({
  figure,
  measured,
  goal: `>= ${goal}${unit}`,
  met: measured >= goal,
});
const atMost = (figure: string, measured: number, goal: number, unit = ""): Goal => ({
  figure,
  measured,
  goal: `<= ${goal}${unit}`,
  met: measured <= goal,
});
const exactly = (figure: string, measured: number, goal: number): Goal => ({
  figure,
  measured,
  goal: `= ${goal}`,
  met: measured === goal,
});

/** Every figure next to its goal, as one table at the end. */
function goalsOf(report: Report): Goal[] {
  const goals: Goal[] = [];
  for (const row of report.anonymousThroughput ?? [])
    goals.push(atLeast(`anonymous ${row.path} / bare Node`, row.ratio, 0.5));
  if (report.cacheBypass)
    goals.push(
      atLeast("new query string each request / cache hits", report.cacheBypass.ratio, 0.5),
      atLeast("made-up path each request (404) / cache hits", report.cacheBypass.madeUpPathsRatio, 0.5),
    );
  for (const { path, page, renderCeiling } of report.signedIn?.pages ?? []) {
    const ratio = round(page.requestsPerSecond / renderCeiling.requestsPerSecond);
    goals.push(atLeast(`signed-in ${path} / render-only ceiling`, ratio, 0.5));
    if (path === "/students")
      goals.push(
        atLeast(
          `signed-in /students / ${SIGNED_IN_BEFORE_RPS} req/s before`,
          round(page.requestsPerSecond / SIGNED_IN_BEFORE_RPS),
          4,
        ),
      );
  }
  const [small, large] = report.scaling ?? [];
  if (small && large) {
    type Row = NonNullable<Report["scaling"]>[number];
    const ratio = (pick: (row: Row) => LoadResult) => round(pick(large).latencyP50Ms / pick(small).latencyP50Ms);
    goals.push(
      atMost(
        "p50 of a students page, 50,000 / 500 students",
        ratio((row) => row.studentsPage),
        1.5,
      ),
    );
    goals.push(
      atMost(
        "p50 of a students API page, 50,000 / 500 students",
        ratio((row) => row.studentsApi),
        1.5,
      ),
    );
  }
  for (const row of report.search ?? [])
    goals.push(atMost(`p50 of ${row.path}, 50,000 students, ms`, row.load.latencyP50Ms, SEARCH_P50_GOAL_MS));
  const practice = report.practice;
  if (practice) {
    const what = `/practice uncached, ${practice.submissions.toLocaleString("en")} submissions`;
    for (const [period, ms] of Object.entries(practice.boardP50Ms))
      goals.push(atMost(`${what}, ${period}: p50 ms`, ms, PRACTICE_P50_GOAL_MS));
    // The bench's sync runs in a process of its own (the TypeScript loader holds most of its memory):
    // what the sync adds there, on top of the server's memory after start.
    const { sync } = practice;
    const serverDuringSync = (report.memory?.rssAfterStartMb ?? 0) + sync.peakRssMb - sync.rssBeforeMb;
    goals.push(
      atMost(
        `full sync of ${practice.members} handles: server's RSS after start + the sync's growth, MB`,
        serverDuringSync,
        PRACTICE_SYNC_RSS_GOAL_MB,
      ),
    );
  }
  const drop = report.ticketDrop;
  if (drop) {
    const what = `ticket drop (${drop.people} people in ${drop.seconds} s, ${drop.places} places)`;
    goals.push(exactly(`${what}: confirmed`, drop.confirmed, drop.places));
    goals.push(exactly(`${what}: waitlisted`, drop.waitlisted, drop.people - drop.places));
    goals.push(exactly(`${what}: out of arrival order`, drop.outOfOrder, 0));
    goals.push(exactly(`${what}: 5xx`, drop.serverErrors, 0));
    goals.push(atMost(`${what}: p99 ms`, drop.latencyP99Ms, 1000));
  }
  const live = report.liveViewers;
  if (live) {
    const what = `live board, ${LIVE_BENCH.eventsPerSecond} events/s`;
    goals.push(atMost(`${what}, 1 viewer: update delay p95, ms`, live.single.p95Ms, LIVE_UPDATE_GOAL_MS));
    goals.push(
      atMost(`${what}, ${live.crowd.viewers} viewers: update delay p95, ms`, live.crowd.p95Ms, LIVE_UPDATE_GOAL_MS),
    );
    goals.push(exactly(`${what}: updates never received`, live.single.missed + live.crowd.missed, 0));
    goals.push(atMost(`${what}, ${live.crowd.viewers} viewers: peak RSS, MB`, live.peakRssMb, 250));
    goals.push(exactly(`${what}: event streams 5xx or failed`, live.stream5xx + live.streamErrors, 0));
    goals.push(exactly(`${what}: ${OTHER_PAGE} answered other than 2xx`, live.homeBesideViewers.non2xx, 0));
    goals.push(
      exactly(
        `${what}: ${OTHER_PAGE} not from the page cache`,
        live.homeBesideViewers.requests - live.homeBesideViewers.cacheHits,
        0,
      ),
    );
  }
  const imports = report.standingsImports;
  if (imports) {
    const { worldFinals, eventFeed50Mb } = imports;
    // A refused import has no time to show: it misses the goal.
    const previewMs = worldFinals.status === 200 ? worldFinals.medianMs : Number.POSITIVE_INFINITY;
    goals.push(atMost(`World Finals CLICS package to preview (${worldFinals.source}), ms`, previewMs, 1000));
    goals.push(atMost("peak RSS after a 50 MB event feed import, MB", eventFeed50Mb.peakRssMbAfter, 250));
  }
  if (report.soak) {
    const { minutes, goalMb, peaks, peakRssMb, lastSlopeMbPerMinute, slopeWindowMinutes } = report.soak;
    goals.push(
      atMost(
        `soak (${minutes} min): highest RSS read every 100 ms (server and job processes), MB`,
        peaks[0]?.rssMb ?? 0,
        goalMb,
      ),
    );
    goals.push(
      atMost("soak: the server's peak RSS (the kernel's high-water mark, start included), MB", peakRssMb, goalMb),
    );
    goals.push(
      atMost(
        `soak: the server's own RSS slope over its last ${slopeWindowMinutes} min, MB/min`,
        lastSlopeMbPerMinute,
        1,
      ),
    );
    const failed = report.soak.tasks.reduce((sum, task) => sum + task.failed, 0);
    goals.push(exactly("soak: requests answered 5xx or not at all", failed, 0));
  }
  if (report.memory) {
    goals.push(atMost("RSS after start, MB", report.memory.rssAfterStartMb, 150));
    if (report.memory.peakRssMb) goals.push(atMost("peak RSS under the load above, MB", report.memory.peakRssMb, 250));
  }
  if (report.startup) {
    goals.push(atMost("start to ready, empty data dir, ms", report.startup.emptyMs, 5000));
    goals.push(atMost("start to ready, existing data dir, ms", report.startup.existingMs, 1500));
  }
  return goals;
}

const loadColumns = (result: LoadResult) => ({
  "req/s": result.requestsPerSecond,
  "p50 ms": result.latencyP50Ms,
  "p99 ms": result.latencyP99Ms,
  "non-2xx": result.non2xx,
});

export function printReport(report: Report) {
  const load = `${report.tool}, ${report.connections} connections, ${report.seconds} s, database ${report.database}`;
  if (report.anonymousThroughput) {
    console.log(`\n== Throughput, anonymous (${load})`);
    console.table(
      report.anonymousThroughput.map((row) => ({
        path: row.path,
        "app req/s": row.app.requestsPerSecond,
        "bare req/s": row.bare.requestsPerSecond,
        ratio: row.ratio,
        "app p99 ms": row.app.latencyP99Ms,
        "non-2xx": row.app.non2xx,
      })),
    );
  }
  if (report.cacheBypass) {
    console.log("\n== /students with a new query string each request, and a new made-up path, next to cache hits");
    console.table({
      "cache hits": loadColumns(report.cacheBypass.hits),
      "distinct query strings": loadColumns(report.cacheBypass.distinctQueries),
      "cache hits, in turns with made-up paths": loadColumns(report.cacheBypass.hitsBesideMadeUpPaths),
      "made-up paths (404)": loadColumns(report.cacheBypass.madeUpPaths),
    });
  }
  if (report.signedIn) {
    console.log(
      "\n== Signed in (the render-only ceiling: the same page and data from memory, no database, no session)",
    );
    const rows = report.signedIn.pages.flatMap(({ path, page, renderCeiling }) => [
      [`${path}`, loadColumns(page)],
      [`${path} render-only ceiling`, loadColumns(renderCeiling)],
    ]);
    console.table(
      Object.fromEntries([...rows, ["admin adds a student", loadColumns(report.signedIn.adminAddStudent)]]),
    );
  }
  if (report.scaling) {
    console.log("\n== Latency vs table size (signed in, 10 connections)");
    console.table(
      report.scaling.map((row) => ({
        students: row.students,
        "page p50 ms": row.studentsPage.latencyP50Ms,
        "API p50 ms": row.studentsApi.latencyP50Ms,
      })),
    );
  }
  if (report.search) {
    console.log("\n== Site search with 50,000 students (signed in, 1 connection)");
    console.table(report.search.map((row) => ({ path: row.path, results: row.total, ...loadColumns(row.load) })));
  }
  if (report.practice) {
    const { sync } = report.practice;
    console.log(`\n== Practice: /practice's board without a cache (p50 ms, goal <= ${PRACTICE_P50_GOAL_MS})`);
    console.table(report.practice.boardP50Ms);
    console.log(
      `== Full Codeforces sync of ${report.practice.members} handles against the stand-in judge: ${sync.calls} calls = ${sync.atJudgePaceMinutes} min at 2 s a call (${sync.wallMs} ms here without the pace); its process's RSS ${sync.rssBeforeMb} MB before, ${sync.peakRssMb} MB at most during it`,
    );
  }
  if (report.ticketDrop) {
    console.log(
      "\n== Ticket drop (each person on a connection of their own; pretix documents 300-400 a minute per event)",
    );
    console.table([report.ticketDrop]);
  }
  if (report.liveViewers) {
    const live = report.liveViewers;
    console.log(
      `\n== Live board: update delay (stand-in judge writes an event -> viewer reads the board), ${LIVE_BENCH.eventsPerSecond} events/s`,
    );
    console.table({ "1 viewer": live.single, [`${live.crowd.viewers} viewers`]: live.crowd });
    console.log(`== ${OTHER_PAGE} at 20 requests/s, alone and beside the live viewers`);
    console.table({ alone: live.homeAlone, "beside the viewers": live.homeBesideViewers });
  }
  if (report.pageWeight) {
    console.log("\n== Bytes per public page (gzip)");
    console.table(report.pageWeight);
  }
  if (report.soak) {
    console.log(`\n== Soak: what it did (${report.soak.minutes} min, counts per minute)`);
    console.table(report.soak.tasks);
    const { peaks, jobProcessPeakRssMb } = report.soak;
    console.log(
      "The highest peaks read every 100 ms (server and job processes, and the server alone), and what was running",
    );
    console.table(peaks.map((peak) => ({ ...peak, during: peak.during.join(", ") })));
    console.log(
      `A job process's own peak RSS: ${jobProcessPeakRssMb} MB (Node's code included: the same pages as the server's)`,
    );
  }
  if (report.lighthouse) {
    console.log("\n== Lighthouse (mobile)");
    console.table(report.lighthouse);
  }
  console.log(`\n== Goals (${load})`);
  console.table(goalsOf(report).map((goal) => ({ ...goal, met: goal.met ? "yes" : "NO" })));
}
